#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit.sh TREE OUT
#
# Build TREE with the bench config into OUT, boot it under QEMU (x86_64,
# software emulation, 2 CPUs) and run the KUnit suites, all through the
# tree's own tools/testing/kunit/kunit.py, with the series' own
# mm/.kunitconfig and the bench's config (configs/bench.config).
#
# Leaves in OUT: the kernel, test.log (the console, KTAP), results.json
# (kunit.py's JSON) and kunit.log (kunit.py's own output).

set -eu
. "$(dirname "$0")/lib.sh"

tree=$(realpath -m "${1:?usage: kunit.sh TREE OUT}")
out=$(realpath -m "${2:?usage: kunit.sh TREE OUT}")
mkdir -p "$out"
[ -f "$tree/mm/.kunitconfig" ] || die "kunit: $tree has no mm/.kunitconfig: is the series applied? (run make tree)"

export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
args=(
	run --arch=x86_64 --jobs="$JOBS" --build_dir="$out"
	--kunitconfig="$NOFAIL_TOP/configs/bench.config"
	--kunitconfig="$tree/mm/.kunitconfig"
	$(nofail_make_options | sed 's/^/--make_options=/')
	--qemu_args="-smp 2"
	--kernel_args=sysctl.vm.mem_profiling=1
	--timeout=1200
	--json="$out/results.json"
)

progress "kunit: build, boot and test $tree (cold build 7 to 14 min measured, after a .c change about 1 min)"
start=$(date +%s)
rm -f "$out/results.json"
set +e
(cd "$tree" && python3 tools/testing/kunit/kunit.py "${args[@]}") 2>&1 | tee "$out/kunit.log"
rc=${PIPESTATUS[0]}
set -e
echo $(($(date +%s) - start)) >"$out/seconds"
[ -s "$out/results.json" ] || die "kunit: kunit.py produced no results (exit $rc), see $out/kunit.log"
exit "$rc"
