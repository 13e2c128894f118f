#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# report.sh [OUT [TREE]]
#
# Summarise the KUnit run in OUT (results.json from kunit.py): one line per
# suite, the totals, and where the full results are.  Then the boot test
# of OUT/../boot (results.json from boot-test.sh), when there is one: one
# line per target with its figures.  Without OUT, the last run: make's
# (build/kunit, tree build/linux) or make check's (build/check/kunit,
# tree build/check/linux), whichever ran last.

set -eu
. "$(dirname "$0")/../lib.sh"

out=${1:-}
tree=${2:-$NOFAIL_BUILD/linux}
if [ -z "$out" ]; then
	out=$NOFAIL_BUILD/kunit
	# kunit.sh writes "seconds" at the end of every run, failed or not
	if [ "$NOFAIL_BUILD/check/kunit/seconds" -nt "$out/seconds" ]; then
		out=$NOFAIL_BUILD/check/kunit
		tree=$NOFAIL_BUILD/check/linux
	fi
	progress "report: the last run, $out"
fi
json=$out/results.json
[ -s "$json" ] || die "report: no $json; run 'make' or 'make check' first"

exec python3 "$NOFAIL_TOP/scripts/judge/report.py" "$json" "$out" "$tree"
