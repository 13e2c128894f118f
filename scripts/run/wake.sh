#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# wake.sh TREE KBUILD OUT
#
# The wake rows of make bench alone: benchmarks/wait-wake booted with two
# CPUs under QEMU -icount in the series kernel (KBUILD), against the
# targets, and its table.  With WAKE_BASE=1 also the base kernel and the
# series side by side with one CPU (nofail_wake_one_cpu in lib.sh: the
# base kernel stalls under -icount with two).  WAKE_ARGS replaces the
# module's parameters of the two-CPU run (default: 100 rounds of 50 ms,
# 2000 ms for the CPU, 1, 8 and 64 waiters).

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: wake.sh TREE KBUILD OUT"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
[ -f "$kbuild/arch/x86/boot/bzImage" ] || die "wake: no kernel in $kbuild (run make kernel)"
nofail_outdir "$out"
args=${WAKE_ARGS:-wait_wake.rounds=100 wait_wake.wait_ms=50 wait_wake.hold_ms=2000 wait_wake.waiters=1,8,64}
NOFAIL_QEMU_SMP=2 NOFAIL_BENCH_ARGS="$args" nofail_bench_boot wake "$tree" "$kbuild" "$out" wait-wake
one=()
if [ -n "${WAKE_BASE:-}" ]; then
	nofail_wake_one_cpu "$tree" "$kbuild" "$out"
	one=(--wake-one-cpu "$out/wake-base-1cpu.log" "$out/wake-series-1cpu.log")
fi
python3 "$NOFAIL_TOP/scripts/judge/bench_table.py" --wake "$out/wake.log" "${one[@]}" \
	--json "$out/wake.json" --data "$out/wake.dat" | tee "$out/wake.txt"
