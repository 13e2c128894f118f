#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pressure.sh TREE KBUILD OUT [check]
#
# The file systems under real memory shortage, without fault injection.
# Boots the series (the kernel in KBUILD) and, unless "check" is given,
# the base kernel built from nofail-base with the same config (kernel.sh,
# in build/base/kunit, shared with make survey), in a guest of
# NOFAIL_PRESSURE_MEM MiB (default 384), and
# runs the boot test's file workload on ext4 (jbd2), btrfs, gfs2,
# reiserfs and ext4 on dm-mirror, for SECONDS_PER_FS each (default 10:
# rounds of the workload until then, so that the operations done
# compare), in two modes (tests/boot/init, nofail.pressure=):
#
#   hog    two nofail-hog processes fill memory until the OOM killer kills
#          them, again and again; the workload is protected
#          (oom_score_adj -1000); the hog leaves NOFAIL_HOG_SLACK MiB
#          free (default 48) for the workload and the growing one;
#   memcg  the workload in a memory cgroup whose memory.max
#          (NOFAIL_PRESSURE_MEMCG, default 4M; 8M recorded no max event
#          on four of the five) is below what it writes.
#
# MODES="hog memcg" (the default) chooses the modes, T=ext4,gfs2 the
# file systems.  RUNS=N (default 3) boots each kernel N times per mode,
# in the order base, series, series, base, base, ... so that a drift of
# the machine falls on both, and adds a comparison of the runs (medians,
# the ratios of the runs paired, the base's own spread).  KERNELS=series
# (or base) boots one kernel only.  By default one CPU under QEMU
# -icount shift=0,sleep=off: the guest's clock then counts
# instructions, so the operations done in SECONDS_PER_FS and the fsync
# latencies do not depend on the host's load; ICOUNT=0 boots two CPUs
# in real time instead, closer to a machine and too noisy to compare
# kernels within 10 % (the base differed from itself by 17 to 50 %).
#
# Prints one table per mode, the kernels side by side
# (scripts/judge/pressure_results.py), and writes OUT/pressure.json.  With
# "check" (the short version in make check): the series only, hog mode,
# 5 s per file system, and "PRESSURE 0|1 <what>" lines: no oops, BUG, panic, hung
# task or soft lockup, every workload finished, fsck clean, every fsynced
# file read back, and the pressure proven (OOM kills), else it proved
# nothing and fails.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: pressure.sh TREE KBUILD OUT [check]"
tree=$(realpath -m "${1:?$usage}")
series=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
check=${4:-}
mem=${NOFAIL_PRESSURE_MEM:-384}
memcg=${NOFAIL_PRESSURE_MEMCG:-4M}
slack=${NOFAIL_HOG_SLACK:-48}
seconds=${SECONDS_PER_FS:-10}
runs=${RUNS:-3}
icount=${ICOUNT:-1}
[ "$icount" != 0 ] || icount=
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "pressure: RUNS=$runs: give a number of runs, 1 or more"
[ -f "$series/arch/x86/boot/bzImage" ] || die "pressure: no kernel in $series (run make kernel)"
grep -q '^CONFIG_MEMCG=y' "$series/.config" ||
	die "pressure: the kernel in $series has no CONFIG_MEMCG: the memcg mode cannot run"
[ "$mem" -ge 256 ] || die "pressure: NOFAIL_PRESSURE_MEM=$mem MiB: the guest needs 256 MiB or more to boot and hold the file systems"
nofail_outdir "$out"
# The host's plan, which the judge compares with what the guest ran:
# the file systems of tests/boot/targets but gfs2-enomem (it fails on
# purpose), or those of T; given to the guest, and kept in OUT/targets.
fs=$(awk '!/^#/ && $2 == "fs" && $1 != "gfs2-enomem" { print $1 }' "$NOFAIL_TOP/tests/boot/targets")
targets=$(echo $fs)
if [ -n "${T:-}" ]; then
	for t in ${T//,/ }; do
		grep -qx -- "$t" <<<"$fs" ||
			die "pressure: T names '$t', which is not a file system target; they are: $(echo $fs)"
	done
	targets=$(echo ${T//,/ })
fi

kernels=(series)
limit=1800
read -ra modes <<<"${MODES:-hog memcg}"
if [ -n "$check" ]; then
	# a test, not a comparison: one run, two CPUs in real time
	modes=(hog)
	seconds=5
	runs=1
	icount=
	# a boot of about a minute here
	limit=300
else
	read -ra kernels <<<"${KERNELS:-base series}"
fi
if [[ " ${kernels[*]} " == *" base "* ]]; then
	# the base kernel, shared with make survey (lib.sh)
	nofail_base_kernel "$tree" "$series"
fi

# what the tables and the judge read: never an earlier run's
rm -f "$out"/*.console "$out"/*.qemu-rc "$out/pressure.txt" "$out/pressure.json"
echo "$targets" >"$out/targets"
"$NOFAIL_TOP/scripts/build/mkinitramfs.sh" "$out/initramfs.cpio"
logs=()
for m in "${modes[@]}"; do
	for r in $(seq 1 "$runs"); do
		order=("${kernels[@]}")
		# every second run the other way round: base, series, series, base
		[ $((r % 2)) = 1 ] || mapfile -t order < <(printf '%s\n' "${kernels[@]}" | tac)
		for k in "${order[@]}"; do
			kdir=$series
			[ "$k" = base ] && kdir=$NOFAIL_BASE_KERNEL
			name=$k-$m
			[ "$runs" = 1 ] || name=$k-$m-$r
			progress "pressure: $k kernel, $m, run $r of $runs, $seconds s per file system, ${mem} MiB guest${icount:+, -icount}"
			NOFAIL_QEMU_ICOUNT=$icount NOFAIL_QEMU_MEM=$mem nofail_qemu "$kdir/arch/x86/boot/bzImage" "$out/initramfs.cpio" \
				"nofail.pressure=$m nofail.seconds=$seconds nofail.memcg_max=$memcg nofail.hog_slack=$slack nofail.targets=${targets// /,}" \
				"$out/$name.console" "$limit" >/dev/null && qrc=0 || qrc=$?
			[ "$qrc" = 0 ] || warn "pressure: QEMU exit $qrc for the $k kernel in mode $m, run $r"
			echo "$qrc" >"$out/$name.qemu-rc"
			logs+=("$name=$out/$name.console")
		done
	done
done
# make check's run is judged by scripts/judge/judge.sh, which make recheck
# calls again on the consoles kept here
if [ -n "$check" ]; then
	"$NOFAIL_TOP/scripts/judge/judge.sh" pressure "$out" >"$out/pressure.txt" && rc=0 || rc=$?
else
	python3 "$NOFAIL_TOP/scripts/judge/pressure_results.py" \
		--json "$out/pressure.json" "${logs[@]}" >"$out/pressure.txt" && rc=0 || rc=$?
fi
cat "$out/pressure.txt"
exit "$rc"
