#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# report.sh OUT [TREE]
#
# Summarise the KUnit run in OUT (results.json from kunit.py): one line per
# suite, the totals, and where the full results are.  Then the boot test
# of OUT/../boot (results.json from boot-test.sh), when there is one: one
# line per target with its figures.

set -eu
. "$(dirname "$0")/lib.sh"

out=${1:?usage: report.sh OUT [TREE]}
tree=${2:-$NOFAIL_BUILD/linux}
json=$out/results.json
[ -s "$json" ] || die "report: no $json; run 'make' first"

exec python3 "$NOFAIL_TOP/scripts/report.py" "$json" "$out" "$tree"
