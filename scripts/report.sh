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

python3 - "$json" "$out" "$tree" <<'PY'
import json, os, subprocess, sys

path, out, tree = sys.argv[1:4]
with open(path) as f:
    root = json.load(f)

def leaves(t):
    if t.get("sub_groups"):
        for s in t["sub_groups"]:
            yield from leaves(s)
    for c in t.get("test_cases", []):
        yield c

totals = {}
print("nofail report")
print("=============")
try:
    head = subprocess.run(["git", "-C", tree, "log", "--oneline", "nofail-base..HEAD"],
                          capture_output=True, text=True).stdout.strip().splitlines()
    base = subprocess.run(["git", "-C", tree, "log", "-1", "--format=%h %s", "nofail-base"],
                          capture_output=True, text=True).stdout.strip()
    print(f"tree:    {tree}")
    print(f"base:    {base}")
    print(f"series:  {len(head)} patches")
    for l in reversed(head):
        print(f"         {l}")
except OSError:
    pass
secs = os.path.join(out, "seconds")
if os.path.exists(secs):
    print(f"kunit:   build, boot and run took {open(secs).read().strip()} s")
print()
for suite in root.get("sub_groups", []):
    counts = {}
    for c in leaves(suite):
        s = c.get("status", "?")
        counts[s] = counts.get(s, 0) + 1
        totals[s] = totals.get(s, 0) + 1
    desc = ", ".join(f"{v} {k.lower()}" for k, v in sorted(counts.items()))
    print(f"  {suite['name']:<28} {desc}")
passed = totals.get("PASS", 0)
failed = sum(v for k, v in totals.items() if k not in ("PASS", "SKIP"))
print()
print(f"KUnit: {passed} passed, {failed} failed, {totals.get('SKIP', 0)} skipped")
print(f"results: {path} (JSON), {os.path.join(out, 'test.log')} (KTAP)")

boot_failed = 0
boot = os.path.join(os.path.dirname(out), "boot", "results.json")
if os.path.exists(boot):
    with open(boot) as f:
        targets = json.load(f)
    print()
    print("Boot test (torture module, file systems under aimed failslab)")
    keys = ["calls", "ops", "failed", "enomem", "injected", "null", "sites", "files", "fsck", "seconds"]
    for name, t in targets.items():
        figures = " ".join(f"{k}={t[k]}" for k in keys if k in t)
        print(f"  {name:<18} {t['result']:<5} {figures}")
        boot_failed += t["result"] != "pass"
    print(f"results: {boot} (JSON), {os.path.join(os.path.dirname(boot), 'console.log')} (KTAP)")
sys.exit(1 if failed or not passed or boot_failed else 0)
PY
