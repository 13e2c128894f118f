#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# others-cost.sh TREE KBUILD OUT
#
# What one waiting __GFP_NOFAIL request costs everybody else
# (benchmarks/wait-others): alloc and free pairs on a node the waiter
# cannot use and on its own zone, with the request waiting over none, in
# the kernel without the page allocator patches (the base of
# page-alloc-cost.sh, built in build/page-alloc-cost) and in the series
# (KBUILD of TREE); with OTHERS_V4=COMMIT, also in the series at COMMIT
# of TREE (v4 of the waiting patch, patch 5 then, which turned the per-cpu lists off), built in
# OUT/v4.  Each boots under QEMU -icount with one CPU and numa=fake=2.
# Prints the table, writes OUT/others.json.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: others-cost.sh TREE KBUILD OUT"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
nofail_outdir "$out"
rm -f "$out"/others-*.log

args="numa=fake=2 wait_others.pairs=${OTHERS_PAIRS:-20000}"
pac=$NOFAIL_BUILD/page-alloc-cost
patch=$(nofail_commit "$tree" "mm, page_alloc: move the __GFP_NOFAIL policy")
nofail_worktree "$tree" "$patch^" "$pac/linux"
"$NOFAIL_TOP/scripts/build/kernel.sh" "$pac/linux" "$pac/kunit" --config "$kbuild/.config"
NOFAIL_BENCH_ARGS="$args" nofail_bench_boot others-base "$pac/linux" "$pac/kunit" "$out" wait-others
NOFAIL_BENCH_ARGS="$args" nofail_bench_boot others-series "$tree" "$kbuild" "$out" wait-others
logs=(--others "$out/others-base.log" "$out/others-series.log")
if [ -n "${OTHERS_V4:-}" ]; then
	nofail_worktree "$tree" "$OTHERS_V4" "$out/v4/linux"
	"$NOFAIL_TOP/scripts/build/kernel.sh" "$out/v4/linux" "$out/v4/kunit" --config "$kbuild/.config"
	NOFAIL_BENCH_ARGS="$args" nofail_bench_boot others-v4 "$out/v4/linux" "$out/v4/kunit" "$out" wait-others
	logs+=(--others-v4 "$out/others-v4.log")
fi
python3 "$NOFAIL_TOP/scripts/judge/bench_table.py" "${logs[@]}" --json "$out/others.json" --data "$out/others.dat"
