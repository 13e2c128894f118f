#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# objstat.sh TREE KBUILD OUT
#
# The size of the page allocator's entry points before and after the
# patch that moves the __GFP_NOFAIL policy (patch 4), from the objects:
# mm/page_alloc.o built from the commit before the patch (a worktree in
# OUT/linux) and from TREE, each in two configs: KBUILD's (the bench's)
# and the same without DEBUG_KERNEL, fault injection, SLUB_DEBUG, debugfs
# and KUnit, as a distribution builds.  Only the object is built.  Prints
# instructions, conditional branches and tests of the __GFP_NOFAIL bit per
# function (scripts/run/objstat-funcs.sh), and writes OUT/objstat.txt.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: objstat.sh TREE KBUILD OUT"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
[ -f "$kbuild/.config" ] || die "objstat: no $kbuild/.config (run make kunit)"
funcs=(__alloc_pages_noprof __alloc_pages_slowpath __alloc_pages_nofail_check
	__alloc_pages_nofail_oom __alloc_pages_nofail_reserve)
nofail_outdir "$out"

patch=$(nofail_commit "$tree" "mm, page_alloc: move the __GFP_NOFAIL policy")
nofail_worktree "$tree" "$patch^" "$out/linux"

# object CONFIG SRC: OUT/CONFIG-SRC/mm/page_alloc.o
object() {
	local obj=$out/$1-$2 src=$tree

	[ "$2" = base ] && src=$out/linux
	cp "$kbuild/.config" "$out/$1.config"
	[ "$1" = nodebug ] && "$tree/scripts/config" --file "$out/$1.config" \
		-d DEBUG_KERNEL -d FAULT_INJECTION -d SLUB_DEBUG -d DEBUG_FS -d KUNIT
	progress "objstat: $1 config, $2: mm/page_alloc.o"
	"$NOFAIL_TOP/scripts/build/kernel.sh" "$src" "$obj" --config "$out/$1.config" mm/page_alloc.o
}

for cfg in bench nodebug; do
	for src in base series; do
		object "$cfg" "$src"
	done
done

{
	for cfg in bench nodebug; do
		echo "mm/page_alloc.o, $cfg config: insns jcc nofail-bit-tests, before -> after"
		paste -d' ' \
			<("$NOFAIL_TOP/scripts/run/objstat-funcs.sh" "$out/$cfg-base/mm/page_alloc.o" "${funcs[@]}") \
			<("$NOFAIL_TOP/scripts/run/objstat-funcs.sh" "$out/$cfg-series/mm/page_alloc.o" "${funcs[@]}") |
			awk '{ printf "  %-30s %4d %3d %d  ->  %4d %3d %d\n", $1, $2, $3, $4, $6, $7, $8 }'
	done
} | tee "$out/objstat.txt"
