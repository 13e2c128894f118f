#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# module.sh TREE KERNEL_BUILD OUT
#
# Build the companion torture module (module/) against the kernel that
# kernel.sh built in KERNEL_BUILD, as "make -C TREE O=KERNEL_BUILD M=...".
# Kbuild writes its objects next to the sources, so a copy in OUT is
# built, not module/ itself, and only for a kernel that meets the
# dependencies of the top-level Kconfig's NOFAIL_TORTURE_TEST (checked
# by the tree's own kconfig).  Leaves OUT/nofail_torture.ko.

set -eu
. "$(dirname "$0")/../lib.sh"

tree=$(realpath -m "${1:?usage: module.sh TREE KERNEL_BUILD OUT}")
kbuild=$(realpath -m "${2:?usage: module.sh TREE KERNEL_BUILD OUT}")
out=$(realpath -m "${3:?usage: module.sh TREE KERNEL_BUILD OUT}")
[ -f "$kbuild/Module.symvers" ] || die "module: no $kbuild/Module.symvers (build the kernel first)"

# The top-level Kconfig's answer for this kernel: the tree's own kconfig
# on a copy of its .config, with that file sourced after the tree's
# Kconfig (a copy of it: "mainmenu" must come first) and the module asked
# for as m.  Prints m, or nothing when a dependency is not met.
kconfig_answer() {
	local dir=$out/kconfig

	mkdir -p "$dir"
	{ cat "$tree/Kconfig"; printf 'source "%s"\n' "$NOFAIL_TOP/Kconfig"; } >"$dir/Kconfig.nofail"
	{ cat "$kbuild/.config"; echo CONFIG_NOFAIL_TORTURE_TEST=m; } >"$dir/.config"
	make -s -C "$tree" O="$dir" ARCH=x86_64 KBUILD_KCONFIG="$dir/Kconfig.nofail" \
		olddefconfig >"$dir/kconfig.log" 2>&1 ||
		die "module: the tree's kconfig could not read $NOFAIL_TOP/Kconfig, see $dir/kconfig.log"
	sed -n 's/^CONFIG_NOFAIL_TORTURE_TEST=//p' "$dir/.config"
}

# Each option that the entry's "depends on" lines name, with its value
# in the kernel's .config.
kconfig_depends() {
	local sym

	for sym in $(sed -n '/^config NOFAIL_TORTURE_TEST$/,/^$/s/^\tdepends on //p' "$NOFAIL_TOP/Kconfig" |
		grep -oE '[A-Z0-9_]+'); do
		printf '  CONFIG_%s=%s\n' "$sym" \
			"$(sed -n "s/^CONFIG_$sym=//p" "$kbuild/.config" | grep . || echo n)"
	done
}

progress "module: build module/ against $kbuild"
nofail_outdir "$out"
answer=$(kconfig_answer) || exit 1
[ "$answer" = m ] ||
	die "module: the kernel in $kbuild does not meet NOFAIL_TORTURE_TEST's dependencies (Kconfig):
$(kconfig_depends)"
cp "$NOFAIL_TOP"/module/Kbuild "$NOFAIL_TOP"/module/*.c "$out/"
make -s -C "$tree" O="$kbuild" M="$out" ARCH=x86_64 CC=/usr/lib/ccache/gcc \
	CONFIG_NOFAIL_TORTURE_TEST=m -j"$JOBS" modules ||
	die "module: building $out against $kbuild failed"
[ -f "$out/nofail_torture.ko" ] || die "module: no $out/nofail_torture.ko"
