#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# wake.sh TREE KBUILD OUT
#
# The wake rows of make bench alone: benchmarks/wait-wake booted with two
# CPUs under QEMU -icount in the series kernel (KBUILD), and its table.
# With WAKE_BASE=1 also in the base kernel of the page allocator's pair
# (built by scripts/page-alloc-cost.sh in build/page-alloc-cost, made
# here when missing): there the idle CPU's timers stall under -icount
# with two CPUs while the request spins (RCU stall warnings), and the
# boot may run into its limit.  WAKE_ARGS replaces the module's
# parameters (default: 100 rounds of 50 ms, 2000 ms for the CPU, 1, 8
# and 64 waiters).

set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: wake.sh TREE KBUILD OUT"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
[ -f "$kbuild/arch/x86/boot/bzImage" ] || die "wake: no kernel in $kbuild (run make kernel)"
nofail_outdir "$out"
args=${WAKE_ARGS:-wait_wake.rounds=100 wait_wake.wait_ms=50 wait_wake.hold_ms=2000 wait_wake.waiters=1,8,64}
NOFAIL_QEMU_SMP=2 NOFAIL_BENCH_ARGS="$args" nofail_bench_boot wake "$tree" "$kbuild" "$out" wait-wake
logs=("$out/wake.log")
if [ -n "${WAKE_BASE:-}" ]; then
	pac=$NOFAIL_BUILD/page-alloc-cost
	[ -f "$pac/kunit/arch/x86/boot/bzImage" ] ||
		"$NOFAIL_TOP/scripts/page-alloc-cost.sh" "$tree" "$kbuild" "$pac" >/dev/null
	NOFAIL_QEMU_SMP=2 NOFAIL_BENCH_ARGS="$args" \
		nofail_bench_boot wake-base "$pac/linux" "$pac/kunit" "$out" wait-wake
	logs+=("$out/wake-base.log")
fi
python3 "$NOFAIL_TOP/scripts/bench-table.py" --wake "${logs[@]}" \
	--json "$out/wake.json" --data "$out/wake.dat" | tee "$out/wake.txt"
