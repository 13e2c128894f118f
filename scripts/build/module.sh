#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# module.sh TREE KERNEL_BUILD OUT [SRC]
#
# The bench's one module builder: build the out-of-tree module in SRC
# (default module/, the companion torture module; or a benchmark of
# benchmarks/) against the kernel that kernel.sh built in KERNEL_BUILD,
# as "make -C TREE O=KERNEL_BUILD M=...", with the bench's make options
# (ccache).  Kbuild writes its objects next to the sources, so a fresh
# copy in OUT is built, not SRC itself.  The torture module is built only
# for a kernel that meets the dependencies of the top-level Kconfig's
# NOFAIL_TORTURE_TEST (checked by the tree's own kconfig), and leaves
# OUT/nofail_torture.ko; each module leaves its .ko in OUT.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: module.sh TREE KERNEL_BUILD OUT [SRC]"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
src=$(realpath -m "${4:-$NOFAIL_TOP/module}")
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

progress "module: build ${src#"$NOFAIL_TOP"/} against $kbuild"
[ -f "$src/Kbuild" ] || die "module: no Kbuild in $src"
nofail_rm "$out"
nofail_outdir "$out"
extra=()
if [ "$src" = "$NOFAIL_TOP/module" ]; then
	answer=$(kconfig_answer) || exit 1
	[ "$answer" = m ] ||
		die "module: the kernel in $kbuild does not meet NOFAIL_TORTURE_TEST's dependencies (Kconfig):
$(kconfig_depends)"
	extra=(CONFIG_NOFAIL_TORTURE_TEST=m)
fi
cp "$src"/Kbuild "$src"/*.c "$out/"
mapfile -t opts < <(nofail_make_options)
make -s -C "$tree" O="$kbuild" M="$out" ARCH=x86_64 "${opts[@]}" "${extra[@]}" -j"$JOBS" modules ||
	die "module: building $out against $kbuild failed"
ls "$out"/*.ko >/dev/null 2>&1 || die "module: no .ko in $out"
