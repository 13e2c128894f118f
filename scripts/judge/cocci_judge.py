#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""cocci_judge.py CASES REPORT PATCHED: judge the series' semantic patch
on its known cases (for scripts/static/cocci-cases.sh).

CASES is tests/coccinelle/nofail-cases.c, REPORT what spatch printed in
report mode, PATCHED the cases after patch mode.  Every "FIND: kind" line
must be reported as that kind and no other line (in particular no "NOT"
line); a "REPORT: text" line must be reported with the text in one of its
messages (e.g. "patch mode rewrites it" or "report only", so that a case
can check that report mode promises what patch mode does); every "PATCH:
text" line must be rewritten to hold the text, every line after "GONE"
deleted, and nothing else changed.  Prints the problems
and exits 1 when there is any, "PASS" otherwise."""

import difflib, re, sys

cases, report, patched = sys.argv[1:4]
src = open(cases).read().split("\n")
new = open(patched).read().split("\n")

MARK = re.compile(r"/\*\s*(FIND:\s*(\w+)|NOT\b|PATCH:\s*(.*?)\s*(?=\*/)|"
                  r"REPORT:\s*(.*?)\s*(?=\*/)|GONE)")

# The markers' comments, out of the patched text that a PATCH text is
# looked for in: the marker itself holds the text.
MARKS = re.compile(r"/\*\s*(?:FIND:|NOT\b|PATCH:|REPORT:|GONE).*?\*/")

def only_comment(line):
    return re.fullmatch(r"\s*(/\*.*?\*/\s*)+", line) is not None

find, nots, patch, gone, says = {}, set(), {}, set(), {}
for i, line in enumerate(src, 1):
    for m in MARK.finditer(line):
        t = i + 1 if only_comment(line) else i
        if m.group(2):
            find[t] = m.group(2)
        elif m.group(1).startswith("NOT"):
            nots.add(t)
        elif m.group(1).startswith("PATCH"):
            patch[t] = m.group(3)
        elif m.group(1).startswith("REPORT"):
            says.setdefault(t, []).append(m.group(4))
        else:
            gone.add(t)

KINDS = [(r"\(a: direct\)", "direct"), (r"\(b: variable\)", "variable"),
         (r"\(c: parameter\)", "parameter"), (r"open-coded retry loop", "loop")]
got, msgs = {}, {}
for line in open(report):
    m = re.match(r"(.*?):(\d+):\d+-\d+: (.*)", line)
    if not m:
        continue
    kind = [k for r, k in KINDS if re.search(r, m.group(3))]
    got.setdefault(int(m.group(2)), []).append(kind[0] if kind else "?")
    msgs.setdefault(int(m.group(2)), []).append(m.group(3))

errors = []
for t, kind in sorted(find.items()):
    if kind not in got.get(t, []):
        errors.append("missing: line %d not reported as %s (got %s): %s" %
                      (t, kind, got.get(t, "nothing"), src[t - 1].strip()))
norm = lambda s: re.sub(r"\s+", " ", s)
for t, texts in sorted(says.items()):
    for text in texts:
        if not any(norm(text) in norm(msg) for msg in msgs.get(t, [])):
            errors.append("report: line %d not reported with \"%s\" (got %s): %s" %
                          (t, text, msgs.get(t, "nothing"), src[t - 1].strip()))
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
    if norm(text) not in norm(MARKS.sub("", "\n".join(new))):
        errors.append("patch: expected text not in output: %s" % text)
for t in sorted(gone):
    if t not in deleted:
        errors.append("patch: NULL check at line %d not dropped: %s" %
                      (t, src[t - 1].strip()))
for t in sorted(changed | deleted):
    if not covered(t, patch) and not covered(t, gone):
        errors.append("patch: unexpected change at line %d: %s" %
                      (t, src[t - 1].strip()))

print("== %d FIND, %d NOT, %d REPORT, %d PATCH, %d GONE markers; %d reports" %
      (len(find), len(nots), sum(map(len, says.values())), len(patch),
       len(gone), sum(map(len, got.values()))))
if errors:
    print("\n".join(errors))
    print("FAIL: %d problem(s)" % len(errors))
    sys.exit(1)
print("PASS")
