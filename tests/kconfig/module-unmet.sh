#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# module-unmet.sh TREE KBUILD SCRATCH: the top-level Kconfig means
# something.  scripts/build/module.sh must build the module against KBUILD's
# kernel, and refuse, naming the option, a copy of that kernel whose
# .config lacks CONFIG_FAILSLAB, which NOFAIL_TORTURE_TEST depends on
# (nothing selects it, so the tree's kconfig cannot turn it back on).
# Exits 0 when both hold.

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(realpath -m "${1:?usage: module-unmet.sh TREE KBUILD SCRATCH}")
kbuild=$(realpath -m "${2:?usage: module-unmet.sh TREE KBUILD SCRATCH}")
scratch=$(realpath -m "${3:?usage: module-unmet.sh TREE KBUILD SCRATCH}")
fake=$scratch/kbuild-no-failslab
rc=0

mkdir -p "$fake"
"$top/scripts/build/module.sh" "$tree" "$kbuild" "$scratch/met" ||
	{ echo "module.sh refused the kernel in $kbuild" >&2; rc=1; }

cp "$kbuild/Module.symvers" "$fake/"
sed 's/^CONFIG_FAILSLAB=y$/# CONFIG_FAILSLAB is not set/' "$kbuild/.config" >"$fake/.config"
grep -q '^# CONFIG_FAILSLAB is not set' "$fake/.config" ||
	{ echo "$kbuild/.config has no CONFIG_FAILSLAB=y to take away" >&2; exit 1; }
if "$top/scripts/build/module.sh" "$tree" "$fake" "$scratch/unmet" >"$scratch/unmet.log" 2>&1; then
	echo "module.sh built the module for a kernel without CONFIG_FAILSLAB" >&2
	rc=1
fi
cat "$scratch/unmet.log"
grep -q "does not meet NOFAIL_TORTURE_TEST's dependencies" "$scratch/unmet.log" &&
	grep -q '^  CONFIG_FAILSLAB=n$' "$scratch/unmet.log" ||
	{ echo "module.sh's refusal does not name CONFIG_FAILSLAB=n" >&2; rc=1; }
exit "$rc"
