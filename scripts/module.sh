#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# module.sh TREE KERNEL_BUILD OUT
#
# Build the companion torture module (module/) against the kernel that
# kernel.sh built in KERNEL_BUILD, as "make -C TREE O=KERNEL_BUILD M=...".
# Kbuild writes its objects next to the sources, so a copy in OUT is
# built, not module/ itself.  Leaves OUT/nofail_torture.ko.

set -eu
. "$(dirname "$0")/lib.sh"

tree=$(realpath -m "${1:?usage: module.sh TREE KERNEL_BUILD OUT}")
kbuild=$(realpath -m "${2:?usage: module.sh TREE KERNEL_BUILD OUT}")
out=$(realpath -m "${3:?usage: module.sh TREE KERNEL_BUILD OUT}")
[ -f "$kbuild/Module.symvers" ] || die "module: no $kbuild/Module.symvers (build the kernel first)"

progress "module: build module/ against $kbuild"
nofail_outdir "$out"
cp "$NOFAIL_TOP"/module/Kbuild "$NOFAIL_TOP"/module/*.c "$out/"
make -s -C "$tree" O="$kbuild" M="$out" ARCH=x86_64 CC=/usr/lib/ccache/gcc \
	-j"$JOBS" modules || die "module: building $out against $kbuild failed"
[ -f "$out/nofail_torture.ko" ] || die "module: no $out/nofail_torture.ko"
