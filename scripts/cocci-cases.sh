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
# other line (in particular no "NOT" line) may be reported.  Patch mode: the
# diff is shown; every "PATCH: text" line must be changed to contain the
# text, every line after "GONE" must be deleted, and nothing else changed.
# Exits non-zero, naming the lines, when any of that fails.
set -u
. "$(dirname "$0")/lib.sh"
tree=$(realpath -m "${1:?usage: cocci-cases.sh TREE}")
cocci=${COCCI:-$tree/scripts/coccinelle/api/nofail.cocci}
cases=${CASES:-$NOFAIL_TOP/tests/coccinelle/nofail-cases.c}
[ -f "$cocci" ] || die "cocci-cases: no $cocci (the series' patch 14 adds it)"
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

python3 - "$cases" "$work/report.txt" "$work/patched.c" <<'EOF'
import difflib, re, sys

cases, report, patched = sys.argv[1:4]
src = open(cases).read().split("\n")
new = open(patched).read().split("\n")

MARK = re.compile(r"/\*\s*(FIND:\s*(\w+)|NOT\b|PATCH:\s*(.*?)\s*(?=\*/)|GONE)")

def only_comment(line):
    return re.fullmatch(r"\s*(/\*.*?\*/\s*)+", line) is not None

find, nots, patch, gone = {}, set(), {}, set()
for i, line in enumerate(src, 1):
    for m in MARK.finditer(line):
        t = i + 1 if only_comment(line) else i
        if m.group(2):
            find[t] = m.group(2)
        elif m.group(1).startswith("NOT"):
            nots.add(t)
        elif m.group(1).startswith("PATCH"):
            patch[t] = m.group(3)
        else:
            gone.add(t)

KINDS = [(r"\(a: direct\)", "direct"), (r"\(b: variable\)", "variable"),
         (r"\(c: parameter\)", "parameter"), (r"open-coded retry loop", "loop")]
got = {}
for line in open(report):
    m = re.match(r"(.*?):(\d+):\d+-\d+: (.*)", line)
    if not m:
        continue
    kind = [k for r, k in KINDS if re.search(r, m.group(3))]
    got.setdefault(int(m.group(2)), []).append(kind[0] if kind else "?")

errors = []
for t, kind in sorted(find.items()):
    if kind not in got.get(t, []):
        errors.append("missing: line %d not reported as %s (got %s): %s" %
                      (t, kind, got.get(t, "nothing"), src[t - 1].strip()))
for t, kinds in sorted(got.items()):
    extra = [k for k in kinds if k != find.get(t)]
    if extra:
        what = "NOT line" if t in nots else "unmarked line"
        errors.append("extra: %s %d reported as %s: %s" %
                      (what, t, ",".join(extra), src[t - 1].strip()))

# Patch mode: which lines of the original were changed or deleted.
changed, deleted = set(), set()
for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, src, new,
                                                  autojunk=False).get_opcodes():
    if op == "delete":
        deleted.update(range(a1 + 1, a2 + 1))
    elif op == "replace":
        changed.update(range(a1 + 1, a2 + 1))

def covered(line, starts):
    """line is one of starts, or continues a statement begun there."""
    for t in starts:
        if t <= line and ";" not in "".join(src[t - 1:line - 1]):
            return True
    return False

for t, text in sorted(patch.items()):
    if t not in changed:
        errors.append("patch: line %d not rewritten: %s" % (t, src[t - 1].strip()))
    norm = lambda s: re.sub(r"\s+", " ", s)
    if norm(text) not in norm("\n".join(new)):
        errors.append("patch: expected text not in output: %s" % text)
for t in sorted(gone):
    if t not in deleted:
        errors.append("patch: NULL check at line %d not dropped: %s" %
                      (t, src[t - 1].strip()))
for t in sorted(changed | deleted):
    if not covered(t, patch) and not covered(t, gone):
        errors.append("patch: unexpected change at line %d: %s" %
                      (t, src[t - 1].strip()))

print("== %d FIND, %d NOT, %d PATCH, %d GONE markers; %d reports" %
      (len(find), len(nots), len(patch), len(gone), sum(map(len, got.values()))))
if errors:
    print("\n".join(errors))
    print("FAIL: %d problem(s)" % len(errors))
    sys.exit(1)
print("PASS")
EOF
