#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cocci-cases.sh TREE
#
# Check the series' semantic patch, TREE/scripts/coccinelle/api/nofail.cocci
# (COCCI=FILE for another copy), against the known cases in
# tests/coccinelle/nofail-cases.c (CASES=FILE for another).
#
# Report mode: every "FIND: kind" line must be reported as that kind, and no
# other line (in particular no "NOT" line) may be reported; a "REPORT: text"
# line's report must contain the text.  Patch mode: the
# diff is shown; every "PATCH: text" line must be changed to contain the
# text, every line after "GONE" must be deleted, and nothing else changed.
# Exits non-zero, naming the lines, when any of that fails.
set -u
. "$(dirname "$0")/../lib.sh"
tree=$(realpath -m "${1:?usage: cocci-cases.sh TREE}")
cocci=${COCCI:-$tree/scripts/coccinelle/api/nofail.cocci}
cases=${CASES:-$NOFAIL_TOP/tests/coccinelle/nofail-cases.c}
[ -f "$cocci" ] || die "cocci-cases: no $cocci (the series' patch 15 adds it)"
work=$(mktemp -d /tmp/nofail-cocci.XXXXXX)
trap 'rm -rf -- "$work"' EXIT

opts=(--very-quiet --no-includes --include-headers)

echo "== report mode: $(basename "$cocci") on $(basename "$cases")"
if ! spatch "${opts[@]}" -D report --cocci-file "$cocci" "$cases" \
	>"$work/report.txt" 2>"$work/report.err"; then
	cat "$work/report.err"; echo "FAIL: spatch report mode failed"; exit 2
fi
if [ -s "$work/report.err" ]; then
	echo "spatch stderr:"; cat "$work/report.err"
fi
sort -t: -k2,2n "$work/report.txt"

echo "== patch mode"
cp "$cases" "$work/patched.c"
if ! (cd "$work" && spatch "${opts[@]}" -D patch --in-place \
	--cocci-file "$cocci" patched.c >"$work/patch.out" 2>"$work/patch.err"); then
	cat "$work/patch.err"; echo "FAIL: spatch patch mode failed"; exit 2
fi
diff -u --label "a/$(basename "$cases")" --label "b/$(basename "$cases")" \
	"$cases" "$work/patched.c"

python3 "$NOFAIL_TOP/scripts/judge/cocci_judge.py" "$cases" "$work/report.txt" "$work/patched.c"
