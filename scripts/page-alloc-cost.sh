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
. "$(dirname "$0")/lib.sh"

tree=$(realpath -m "${1:?usage: page-alloc-cost.sh TREE KBUILD OUT}")
kbuild=$(realpath -m "${2:?usage: page-alloc-cost.sh TREE KBUILD OUT}")
out=$(realpath -m "${3:?usage: page-alloc-cost.sh TREE KBUILD OUT}")
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
mapfile -t opts < <(nofail_make_options)
nofail_outdir "$out"

patch=$(nofail_commit "$tree" "mm, page_alloc: move the __GFP_NOFAIL policy")

# The base kernel: a worktree at the commit before the patch, laid out as
# OUT/linux and OUT/kunit so that ccache sees the same relative paths as
# for the kernel with the series.
base_src=$out/linux base_obj=$out/kunit
[ "$base_src" != "$tree" ] || die "page-alloc-cost: OUT=$out would put the base kernel's worktree on TREE itself; choose another OUT"
nofail_worktree "$tree" "$patch^" "$base_src"
"$NOFAIL_TOP/scripts/kernel.sh" "$base_src" "$base_obj" --config "$kbuild/.config"

run() {	# run NAME SRC OBJ: build the module, boot, keep the console
	local name=$1 src=$2 obj=$3 mod=$out/mod-$1
	nofail_rm "$mod"
	cp -r "$NOFAIL_TOP/benchmarks/page-alloc-cost" "$mod"
	make -s -C "$src" O="$obj" ARCH=x86_64 "${opts[@]}" M="$mod" modules
	nofail_mini_initramfs "$out/$name.cpio" "$NOFAIL_TOP/benchmarks/page-alloc-cost/init" \
		"sh mount insmod echo reboot" "$mod/page_alloc_cost.ko"
	progress "page-alloc-cost: boot $name under QEMU -icount"
	nofail_group "$out/$name.log" 600 qemu-system-x86_64 -nographic -no-reboot -m 1024 -smp 1 \
		-bios qboot.rom -icount shift=0,sleep=off \
		-kernel "$obj/arch/x86/boot/bzImage" -initrd "$out/$name.cpio" \
		-append "console=ttyS0 kunit.enable=0 panic=-1 loglevel=7" \
		</dev/null >/dev/null || true
	grep -q 'page_alloc_cost: done' "$out/$name.log" ||
		die "page-alloc-cost: $name: no result, see $out/$name.log"
}

run base "$base_src" "$base_obj"
run series "$tree" "$kbuild"

python3 "$NOFAIL_TOP/scripts/page-alloc-cost-table.py" "$out/base.log" "$out/series.log"
