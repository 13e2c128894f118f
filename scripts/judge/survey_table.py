#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""survey_table.py OUT RUNS: the survey's table, base and series side by
side, from OUT/base.console and OUT/series.console; writes
OUT/survey.json.  For scripts/run/survey.sh."""

import json, os, re, sys

out, runs = sys.argv[1], int(sys.argv[2])
cols = ["ops", "failed", "write_failed", "enomem", "injected", "readonly",
        "withdraw", "kernel_errors", "fsck_failed", "checksum_mismatch"]
every = {}
for kernel in ("base", "series"):
    with open(f"{out}/{kernel}.console", errors="replace") as f:
        for line in f:
            m = re.search(r"SURVEY (\S+) p=(\d+) (.*)", line)
            if m:
                fields = dict(kv.split("=", 1) for kv in m.group(3).split())
                key = f"{m.group(1)} {m.group(2)}%"
                every.setdefault(key, {}).setdefault(kernel, []).append(fields)
with open(f"{out}/survey.json", "w") as f:
    json.dump(every, f, indent=2, sort_keys=True)


def total(rows, col):
    """The sum over the runs; "!" marks a run that did not get that far."""
    vals = [r.get(col, "-") for r in rows]
    n = sum(int(v) for v in vals if v.isdigit())
    bad = sum(not v.isdigit() for v in vals)
    return f"{n}{'!' * bad}" if rows else "-"


print(f"Unaimed failslab on the workload process, {runs} runs summed: base/series")
print(f"{'target':<14}{'runs':>6}" + "".join(f"{c:>18}" for c in cols))
for key in sorted(every, key=lambda k: (k.split()[0], int(k.split()[1][:-1]))):
    r = every[key]
    n = "/".join(str(len(r.get(k, []))) for k in ("base", "series"))
    cells = ["/".join(total(r.get(k, []), c) for k in ("base", "series")) for c in cols]
    print(f"{key:<14}{n:>6}" + "".join(f"{c:>18}" for c in cells))
print(f"\n(base/series; a ! per run where it was not a number: the file system\n would not mount, or the workload died; every run in {out}/survey.json)")

print("\nNegative control, the aimed boot test on the base kernel (must fail):")
verdicts = {}
with open(f"{out}/control.console", errors="replace") as f:
    for line in f:
        m = re.search(r"\] (not ok|ok) \d+ (\S+)(?: # (.*))?", line)
        if m:
            verdicts[m.group(2)] = (m.group(1), m.group(3) or "")
# the file system targets of tests/boot/targets, as the guest's survey
# runs them (without the gfs2-enomem variant)
with open(os.path.join(os.path.dirname(__file__), "..", "..", "tests", "boot", "targets")) as f:
    fs = [w[0] for w in (line.split() for line in f if not line.startswith("#"))
          if len(w) > 1 and w[1] == "fs" and w[0] != "gfs2-enomem"]
for t in fs:
    v, why = verdicts.get(t, ("missing", ""))
    print(f"  {t:<10} {v:<8} {why}")
failed = sum(verdicts.get(t, ("",))[0] == "not ok" for t in fs)
print(f"  {failed} of {len(fs)} file-system targets failed on the base kernel"
      f"{', as they must' if failed == len(fs) else ': THE TEST CANNOT TELL THEM APART'}")
