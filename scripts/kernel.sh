#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh TREE OUT
#
# Build TREE into OUT with the bench's config, through the tree's own
# tools/testing/kunit/kunit.py ("kunit.py build", x86_64): kunit.py's
# QEMU config, configs/bench.config, and the tree's mm/.kunitconfig (the
# series' suites) when it has one; a tree without the series (the base,
# for the survey) gets KUnit alone, so that kunit.py takes the config.
# The one way the bench configures and builds a whole kernel; kunit.sh
# runs the suites on it, boot-test.sh boots it.  Leaves OUT/build.log
# and OUT/build-seconds.

set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: kernel.sh TREE OUT"
tree=$(realpath -m "${1:?$usage}")
out=$(realpath -m "${2:?$usage}")
[ -f "$tree/tools/testing/kunit/kunit.py" ] || die "kernel: $tree is not a kernel tree (run make tree)"
nofail_outdir "$out"

suites=$tree/mm/.kunitconfig
if [ ! -f "$suites" ]; then
	suites=$out/kunit-only.config
	echo CONFIG_KUNIT=y >"$suites"
fi
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
mapfile -t make_options < <(nofail_make_options | sed 's/^/--make_options=/')
args=(
	build --arch=x86_64 --jobs="$JOBS" --build_dir="$out"
	--kunitconfig="$NOFAIL_TOP/configs/bench.config"
	--kunitconfig="$suites"
	"${make_options[@]}"
)

progress "kernel: build $tree in $out (cold build 7 to 19 min measured, after a .c change about 1 min)"
start=$(date +%s)
# kunit.py and make end with this script, however it ends (lib.sh); an
# hour covers a cold build.
nofail_group "$out/build.log" 3600 python3 "$tree/tools/testing/kunit/kunit.py" "${args[@]}" >/dev/null &&
	rc=0 || rc=$?
echo $(($(date +%s) - start)) >"$out/build-seconds"
[ "$rc" = 0 ] || die "kernel: building $tree failed (exit $rc), see $out/build.log"
progress "kernel: $out/arch/x86/boot/bzImage in $(cat "$out/build-seconds") s"
