#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# page-alloc-cost.sh TREE KBUILD OUT
#
# Instructions per alloc_pages()/__free_pages() pair, for the kernel with
# the series (the configured build KBUILD of TREE) and for the same
# kernel without the page allocator patch: the same config, built from
# the commit before it in OUT/linux and OUT/kunit.  Both kernels boot
# under QEMU with -icount shift=0,sleep=off, where guest time counts
# executed instructions, and load
# benchmarks/page-alloc-cost/page_alloc_cost.ko.  Prints both
# figures and their ratio, measured in the same run.

set -eu
. "$(dirname "$0")/../lib.sh"

tree=$(realpath -m "${1:?usage: page-alloc-cost.sh TREE KBUILD OUT}")
kbuild=$(realpath -m "${2:?usage: page-alloc-cost.sh TREE KBUILD OUT}")
out=$(realpath -m "${3:?usage: page-alloc-cost.sh TREE KBUILD OUT}")
nofail_outdir "$out"

patch=$(nofail_commit "$tree" "mm, page_alloc: move the __GFP_NOFAIL policy")

# The base kernel: a worktree at the commit before the patch, laid out as
# OUT/linux and OUT/kunit so that ccache sees the same relative paths as
# for the kernel with the series.
base_src=$out/linux base_obj=$out/kunit
[ "$base_src" != "$tree" ] || die "page-alloc-cost: OUT=$out would put the base kernel's worktree on TREE itself; choose another OUT"
nofail_worktree "$tree" "$patch^" "$base_src"
"$NOFAIL_TOP/scripts/build/kernel.sh" "$base_src" "$base_obj" --config "$kbuild/.config"

nofail_bench_boot base "$base_src" "$base_obj" "$out" page-alloc-cost
nofail_bench_boot series "$tree" "$kbuild" "$out" page-alloc-cost

python3 "$NOFAIL_TOP/scripts/judge/bench_table.py" --pages "$out/base.log" "$out/series.log" \
	--json "$out/page-alloc-cost.json" --data "$out/page-alloc-cost.dat"
