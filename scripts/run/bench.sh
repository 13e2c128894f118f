#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh TREE KBUILD OUT [small]
#
# The cost of the series, as ratios of two things measured in the same
# run, in instructions (QEMU -icount shift=0,sleep=off: guest time counts
# executed instructions, so the figures repeat to the instruction):
#
#   helpers     each _nofail helper against the allocator call it wraps,
#               allocate-and-free pairs on the success path, in the series
#               kernel (benchmarks/helper-cost); target: ratio <= 1.02;
#   sites       the helpers' benchmark again in a kernel of the same
#               config without CONFIG_NOFAIL_SITES (patch 13; built in
#               build/sites-off): its cost on each helper's success path;
#   page alloc  alloc_pages()/__free_pages() pairs, orders 0, 1 and 3,
#               with and without __GFP_NOFAIL, in the kernel before the
#               page allocator patch and in the series, same config
#               (scripts/run/page-alloc-cost.sh); target: ratio <= 1.00;
#               the same pair again without DEBUG_KERNEL (build/nodebug,
#               build/page-alloc-cost-nodebug), as distributions build;
#   waiting     a request while ZONE_DMA is held short for 2 s, through
#               a helper, a loop of plain attempts (the 2010 helpers), the
#               same loop sleeping a jiffy after each failure, and
#               __GFP_NOFAIL (benchmarks/wait-cost): the CPU its task
#               burns meanwhile, and the time from the end of the
#               shortage to its return; target for the helper: <= 2 % of
#               a CPU;
#   wake        1, 8 and 64 concurrent __GFP_NOFAIL requests while
#               ZONE_DMA has no free page, pages given back three ways
#               (benchmarks/wait-wake, two CPUs): the CPU the waiting
#               tasks burn, and their wake latency once pages come back;
#               targets <= 2 % of a CPU, p99 <= 1 ms at 1 and 8 waiters,
#               all 64 served within 10 ms; and base and series side by
#               side with one CPU, 1 and 8 waiters (the base kernel
#               stalls under -icount with two CPUs);
#   others      what one waiting __GFP_NOFAIL request costs everybody
#               else: alloc+free pairs on a node it cannot use and on its
#               own zone, with it waiting over none, base and series
#               (benchmarks/wait-others, scripts/run/others-cost.sh);
#               target: <= 1.01 on the node it cannot use;
#   memcg       one accounted request in a memory cgroup at its limit,
#               through a helper and with __GFP_NOFAIL
#               (benchmarks/memcg-cost): instructions to success, and the
#               group's max and oom events.
#
# Prints one table (scripts/judge/bench_table.py), writes OUT/bench.txt,
# OUT/bench.json, OUT/bench.png (a panel per table) and OUT/waiting.png
# (gnuplot).  "small", for make check: the helpers at 2000 pairs, the
# waiting at 200 ms, the wake for 1 and 8 waiters in 3 rounds and the
# memcg request, in the series kernel only,
# and "BENCH 0|1 <what>" lines, so that the benchmarks cannot rot; it is
# not a measurement.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: bench.sh TREE KBUILD OUT [small]"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
small=${4:-}
[ -f "$kbuild/arch/x86/boot/bzImage" ] || die "bench: no kernel in $kbuild (run make kernel)"
nofail_outdir "$out"
# what the table and the judge read: never an earlier run's
rm -f "$out"/*.log "$out"/*.kconfig

pairs=20000 hold=2000 wake_rounds=100 wake_ms=50 wake_hold=2000 wake_n=1,8,64
[ -z "$small" ] || pairs=2000 hold=200 wake_rounds=3 wake_ms=20 wake_hold=100 wake_n=1,8
NOFAIL_BENCH_ARGS="helper_cost.pairs=$pairs" nofail_bench_boot helpers "$tree" "$kbuild" "$out" helper-cost
NOFAIL_BENCH_ARGS="wait_cost.hold_ms=$hold" nofail_bench_boot waiting "$tree" "$kbuild" "$out" wait-cost
NOFAIL_BENCH_ARGS="nofail.memcg=$((16 << 20))" nofail_bench_boot memcg "$tree" "$kbuild" "$out" memcg-cost
wake_args="wait_wake.rounds=$wake_rounds wait_wake.wait_ms=$wake_ms wait_wake.hold_ms=$wake_hold wait_wake.waiters=$wake_n"
NOFAIL_QEMU_SMP=2 NOFAIL_BENCH_ARGS="$wake_args" nofail_bench_boot wake "$tree" "$kbuild" "$out" wait-wake
wake=(--wake "$out/wake.log")
pages=() sites=() others=()
# The two kernels the full run builds besides the series kernel: its
# .config less CONFIG_NOFAIL_SITES (the site list's cost), and less
# DEBUG_KERNEL (as a distribution builds it).  bench_config NAME writes
# OUT/NAME.config.
bench_config() {
	case $1 in
	sites-off) sed 's/^CONFIG_NOFAIL_SITES=y$/# CONFIG_NOFAIL_SITES is not set/' ;;
	nodebug) sed 's/^CONFIG_DEBUG_KERNEL=y$/# CONFIG_DEBUG_KERNEL is not set/' ;;
	esac <"$kbuild/.config" >"$out/$1.config"
}
# sites_kernel NAME: OUT/NAME.config built in build/NAME, and the
# helpers' benchmark booted in it
sites_kernel() {
	local name=$1 dir=$NOFAIL_BUILD/$1

	bench_config "$name"
	"$NOFAIL_TOP/scripts/build/kernel.sh" "$tree" "$dir" --config "$out/$name.config"
	NOFAIL_BENCH_ARGS="helper_cost.pairs=$pairs" nofail_bench_boot "helpers-$name" "$tree" "$dir" "$out" helper-cost
}
if [ -n "$small" ]; then
	# what only the full run builds, at its smallest, so that it cannot
	# rot unseen: the page allocator's benchmark module booted in the
	# series kernel, and each derived .config as kconfig completes it
	# (OUT/NAME.kconfig, judged by scripts/judge/judge.sh bench)
	NOFAIL_BENCH_ARGS="page_alloc_cost.pairs=2000" nofail_bench_boot pages "$tree" "$kbuild" "$out" page-alloc-cost
	NOFAIL_BENCH_ARGS="numa=fake=2 wait_others.pairs=2000" nofail_bench_boot others "$tree" "$kbuild" "$out" wait-others
	for c in sites-off nodebug; do
		bench_config "$c"
		nofail_rm "$out/kconfig-$c"
		mkdir "$out/kconfig-$c"
		cp "$out/$c.config" "$out/kconfig-$c/.config"
		make -s -C "$tree" O="$out/kconfig-$c" ARCH=x86_64 olddefconfig ||
			die "bench: kconfig refused $out/$c.config"
		cp "$out/kconfig-$c/.config" "$out/$c.kconfig"
	done
else
	sites_kernel sites-off
	! grep -q '^CONFIG_NOFAIL_SITES=y' "$NOFAIL_BUILD/sites-off/.config" ||
		die "bench: $NOFAIL_BUILD/sites-off still has CONFIG_NOFAIL_SITES"
	sites=(--sites "$out/helpers-sites-off.log")
	# the base kernel is kept where page-alloc-cost.sh run alone keeps it
	pac=$NOFAIL_BUILD/page-alloc-cost
	"$NOFAIL_TOP/scripts/run/page-alloc-cost.sh" "$tree" "$kbuild" "$pac" >/dev/null
	pages=(--pages "$pac/base.log" "$pac/series.log")
	# the same pair as a distribution builds it: the series' .config
	# without DEBUG_KERNEL, and so without fault injection
	bench_config nodebug
	"$NOFAIL_TOP/scripts/build/kernel.sh" "$tree" "$NOFAIL_BUILD/nodebug" --config "$out/nodebug.config"
	! grep -q '^CONFIG_DEBUG_KERNEL=y\|^CONFIG_FAULT_INJECTION=y' "$NOFAIL_BUILD/nodebug/.config" ||
		die "bench: $NOFAIL_BUILD/nodebug still has DEBUG_KERNEL or FAULT_INJECTION"
	pac=$NOFAIL_BUILD/page-alloc-cost-nodebug
	"$NOFAIL_TOP/scripts/run/page-alloc-cost.sh" "$tree" "$NOFAIL_BUILD/nodebug" "$pac" >/dev/null
	pages+=(--pages-nodebug "$pac/base.log" "$pac/series.log")
	nofail_wake_one_cpu "$tree" "$kbuild" "$out"
	wake+=(--wake-one-cpu "$out/wake-base-1cpu.log" "$out/wake-series-1cpu.log")
	# what one waiting request costs the others, base and series (and
	# v4 of the waiting patch with OTHERS_V4=<commit>), kept with the base kernel
	oc=$NOFAIL_BUILD/others-cost
	"$NOFAIL_TOP/scripts/run/others-cost.sh" "$tree" "$kbuild" "$oc" >/dev/null
	others=(--others "$oc/others-base.log" "$oc/others-series.log")
	[ ! -s "$oc/others-v4.log" ] || others+=(--others-v4 "$oc/others-v4.log")
fi
# the plots' rows, a file per table: made here, so removed here first
rm -rf "$out/plots"
mkdir "$out/plots"
if [ -n "$small" ]; then
	# make check's judge, which make recheck calls again on these logs
	"$NOFAIL_TOP/scripts/judge/judge.sh" bench "$out" >"$out/bench.txt" && rc=0 || rc=$?
else
	python3 "$NOFAIL_TOP/scripts/judge/bench_table.py" --helpers "$out/helpers.log" --waiting "$out/waiting.log" \
		"${wake[@]}" --memcg "$out/memcg.log" \
		"${sites[@]}" "${pages[@]}" "${others[@]}" --json "$out/bench.json" --data "$out/bench.dat" --plots "$out/plots" --waiting-data "$out/waiting.dat" \
		>"$out/bench.txt" && rc=0 || rc=$?
fi
cat "$out/bench.txt"
panels=
for p in helpers options pages pages-nodebug others; do
	[ ! -f "$out/plots/$p.dat" ] || panels+=${panels:+ }$p
done
gnuplot -e "dir='$out/plots'; panels='$panels'; out='$out/bench.png'" "$NOFAIL_TOP/scripts/judge/bench.gnuplot" ||
	die "bench: gnuplot could not draw $out/bench.png"
gnuplot -e "data='$out/waiting.dat'; out='$out/waiting.png'; ymin=0; ymax=105" \
	-e "title='nofail: CPU a request burns while memory is short'; ylabel='% of a CPU'" \
	"$NOFAIL_TOP/scripts/judge/bench.gnuplot" || die "bench: gnuplot could not draw $out/waiting.png"
progress "bench: $out/bench.txt, bench.json, bench.png, waiting.png"
exit "$rc"
