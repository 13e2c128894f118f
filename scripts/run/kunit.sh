#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit.sh TREE OUT
#
# Boot the kernel that kernel.sh built in OUT under QEMU (x86_64,
# software emulation, 2 CPUs) and run its KUnit suites, through the
# tree's own tools/testing/kunit/kunit.py ("kunit.py exec"), with the
# bench's kernel arguments (NOFAIL_KUNIT_ARGS in lib.sh).  Builds nothing.
#
# Judged by scripts/judge/judge.sh kunit ("KUNIT 0|1" lines, a suite of
# kunit/suites missing fails).  Leaves in OUT: test.log (the console,
# KTAP), results.json (kunit.py's JSON), kunit.log (kunit.py's own
# output) and seconds.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: kunit.sh TREE OUT"
tree=$(realpath -m "${1:?$usage}")
out=$(realpath -m "${2:?$usage}")
[ -f "$out/arch/x86/boot/bzImage" ] || die "kunit: no kernel in $out (run make kernel, or scripts/build/kernel.sh)"

read -ra kernel_args <<<"$NOFAIL_KUNIT_ARGS"
args=(
	exec --arch=x86_64 --build_dir="$out"
	--qemu_args="-smp 2 ${NOFAIL_QEMU_TCG[*]}"
	"${kernel_args[@]/#/--kernel_args=}"
	--timeout=420
	--json="$out/results.json"
)

progress "kunit: boot $out/arch/x86/boot/bzImage and run the suites (3 s measured)"
start=$(date +%s)
# what the judge reads: never an earlier run's
rm -f "$out/results.json" "$out/test.log"
# kunit.py and its QEMU end with this script, however it ends (lib.sh).
# The run takes seconds, a minute with a mutant that makes the shortage
# tests wait for their 20 s deadlines; a hung case is KUnit's own to
# report, after its 300 s per case (lib/kunit/try-catch.c), unless it
# cannot be stopped (KUnit waits for it in kthread_stop()): 420 s for
# kunit.py, 480 s for the whole.
nofail_group "$out/kunit.log" 480 python3 "$tree/tools/testing/kunit/kunit.py" "${args[@]}" &&
	rc=0 || rc=$?
echo $(($(date +%s) - start)) >"$out/seconds"
[ -s "$out/test.log" ] || die "kunit: kunit.py left no console (exit $rc), see $out/kunit.log"
# the judge: the console against kunit/suites, parsed by the tree's own
# kunit_parser (scripts/judge/judge.sh kunit); it rewrites results.json
"$NOFAIL_TOP/scripts/judge/judge.sh" kunit "$out" "$tree" && judged=0 || judged=$?
[ "$rc" = 0 ] || warn "kunit: kunit.py exit $rc, see $out/kunit.log"
[ "$rc" = 0 ] && [ "$judged" = 0 ]
