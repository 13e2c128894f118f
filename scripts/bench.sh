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
#               config without CONFIG_NOFAIL_SITES and CONFIG_FAIL_NOFAIL
#               (patches 10 and 12; built in build/sites-off), each helper
#               with them against without;
#   page alloc  alloc_pages()/__free_pages() pairs, orders 0, 1 and 3,
#               with and without __GFP_NOFAIL, in the kernel before the
#               page allocator patch and in the series, same config
#               (scripts/page-alloc-cost.sh); target: ratio <= 1.00.
#
# Prints one table (scripts/bench-table.py), writes OUT/bench.txt,
# OUT/bench.json and OUT/bench.png (gnuplot).  "small", for make check:
# the helpers only, 2000 pairs, and "BENCH 0|1 <what>" lines, so that the
# benchmark cannot rot; it is not a measurement.

set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: bench.sh TREE KBUILD OUT [small]"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
small=${4:-}
[ -f "$kbuild/arch/x86/boot/bzImage" ] || die "bench: no kernel in $kbuild (run make kernel)"
nofail_outdir "$out"

pairs=20000
[ -z "$small" ] || pairs=2000
NOFAIL_PAIRS=$pairs nofail_bench_boot helpers "$tree" "$kbuild" "$out" helper-cost
pages=() sites=()
if [ -z "$small" ]; then
	off=$NOFAIL_BUILD/sites-off
	sed -e 's/^CONFIG_NOFAIL_SITES=y$/# CONFIG_NOFAIL_SITES is not set/' \
		-e 's/^CONFIG_FAIL_NOFAIL=y$/# CONFIG_FAIL_NOFAIL is not set/' \
		"$kbuild/.config" >"$out/sites-off.config"
	"$NOFAIL_TOP/scripts/kernel.sh" "$tree" "$off" --config "$out/sites-off.config"
	grep -q '^CONFIG_NOFAIL_SITES=y' "$off/.config" &&
		die "bench: $off still has CONFIG_NOFAIL_SITES"
	NOFAIL_PAIRS=$pairs nofail_bench_boot helpers-sites-off "$tree" "$off" "$out" helper-cost
	sites=(--sites-off "$out/helpers-sites-off.log")
	# the base kernel is kept where page-alloc-cost.sh run alone keeps it
	pac=$NOFAIL_BUILD/page-alloc-cost
	"$NOFAIL_TOP/scripts/page-alloc-cost.sh" "$tree" "$kbuild" "$pac" >/dev/null
	pages=(--pages "$pac/base.log" "$pac/series.log")
fi
python3 "$NOFAIL_TOP/scripts/bench-table.py" ${small:+--check} --helpers "$out/helpers.log" \
	"${sites[@]}" "${pages[@]}" --json "$out/bench.json" --data "$out/bench.dat" >"$out/bench.txt" &&
	rc=0 || rc=$?
cat "$out/bench.txt"
gnuplot -e "data='$out/bench.dat'; out='$out/bench.png'" "$NOFAIL_TOP/scripts/bench.gnuplot" ||
	die "bench: gnuplot could not draw $out/bench.png"
progress "bench: $out/bench.txt, bench.json, bench.png"
exit "$rc"
