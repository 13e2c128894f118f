#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# recheck.sh [DIR]
#
# make recheck: judge again what an earlier make check kept in DIR
# (default build/check), without QEMU and without building anything: the
# KUnit console (DIR/kunit/test.log, parsed by DIR/linux's own kunit.py),
# the rerun's, the boot test's, the fstests smoke's, the pressure run's
# and the benchmarks' (scripts/judge/judge.sh, the judges make check ran).  A step whose output is
# not there fails: a run that lacks a step is not a run that passed it.
# The stored run is only read: the judges' own files go to a scratch
# directory.  Prints the results as make check does, and as KTAP in
# build/recheck/results.ktap; results.tsv has them a line each, which
# make check compares with its own.

set -u
. "$(dirname "$0")/../lib.sh"
. "$NOFAIL_TOP/scripts/results.sh"

dir=$(realpath -m "${1:-$NOFAIL_BUILD/check}")
[ -d "$dir" ] || die "recheck: no $dir (run make check first, or give DIR= an earlier run)"
out=$NOFAIL_BUILD/recheck
nofail_rm "$out"
nofail_outdir "$out"
passed=0 failed=0 failures=() ktap=()

progress "recheck: the consoles of $dir"
# make check's step, the judge and the folder of its output, its prefix
# in make check's order, which results.tsv keeps
while read -r name step prefix; do
	mkdir -p "$out/$step"
	if [ "$step" = fstests ]; then
		# the smoke's one cell; its KTAP as the step's lines
		NOFAIL_JUDGE_TMP=$out/$step "$NOFAIL_TOP/scripts/judge/judge.sh" fstests \
			"$dir/fstests/ext4/series" >"$out/$step.ktap" 2>&1 </dev/null
		rc=$?
		ktap_results "$prefix" ext4-series <"$out/$step.ktap" >"$out/$step.log"
	else
		NOFAIL_JUDGE_TMP=$out/$step "$NOFAIL_TOP/scripts/judge/judge.sh" "$step" "$dir/$step" "$dir/linux" \
			>"$out/$step.log" 2>&1 </dev/null
		rc=$?
	fi
	collect "$name" "$prefix" "$out/$step.log" "$rc"
done <<'STEPS'
kunit kunit KUNIT
kunit-rerun rerun RERUN
boot boot BOOT
fstests fstests FSTESTS
pressure pressure PRESSURE
bench bench BENCH
STEPS
results_ktap "$out/results.ktap"
results_tsv "$out/results.tsv" kunit kunit-rerun boot fstests pressure bench
echo "KTAP: $out/results.ktap"
results_end
