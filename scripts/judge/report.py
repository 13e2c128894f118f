#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py RESULTS.JSON OUT TREE: the report of scripts/run/report.sh.

One line per KUnit suite and the totals, from kunit.py's JSON in OUT;
then the boot test of OUT/../boot, one line per target with its figures,
when there is one.  Each with the time its results were written, so that
old results do not pass for new ones.  Exits 1 when anything failed.
"""

import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True	# no __pycache__ in the project's scripts/
from kunit_results import walk  # noqa: E402


def written(path):
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(path)))


def series(tree):
    def git(*args):
        return subprocess.run(["git", "-C", tree, *args], capture_output=True,
                              text=True).stdout.strip()
    head = git("log", "--oneline", "nofail-base..HEAD").splitlines()
    print(f"tree:    {tree}")
    print(f"base:    {git('log', '-1', '--format=%h %s', 'nofail-base')}")
    print(f"series:  {len(head)} patches")
    for line in reversed(head):
        print(f"         {line}")


def kunit(path, out):
    with open(path) as f:
        root = json.load(f)
    totals = {}
    secs = os.path.join(out, "seconds")
    if os.path.exists(secs):
        print(f"kunit:   boot and run took {open(secs).read().strip()} s")
    print()
    for suite in root.get("sub_groups", []):
        counts = {}
        for status, _ in walk(suite):
            counts[status] = counts.get(status, 0) + 1
            totals[status] = totals.get(status, 0) + 1
        desc = ", ".join(f"{v} {k.lower()}" for k, v in sorted(counts.items()))
        print(f"  {suite['name']:<28} {desc}")
    passed = totals.get("PASS", 0)
    failed = sum(v for k, v in totals.items() if k not in ("PASS", "SKIP"))
    print()
    print(f"KUnit: {passed} passed, {failed} failed, {totals.get('SKIP', 0)} skipped"
          f" (written {written(path)})")
    print(f"results: {path} (JSON), {os.path.join(out, 'test.log')} (KTAP)")
    return failed or not passed


def boot(path):
    with open(path) as f:
        targets = json.load(f)
    print()
    print(f"Boot test (torture module, file systems under aimed failslab; written {written(path)})")
    keys = ["calls", "ops", "failed", "enomem", "injected", "null", "sites", "files", "fsck", "seconds"]
    bad = 0
    for name, t in targets.items():
        figures = " ".join(f"{k}={t[k]}" for k in keys if k in t)
        print(f"  {name:<18} {t['result']:<5} {figures}")
        bad += t["result"] != "pass"
    print(f"results: {path} (JSON), {os.path.join(os.path.dirname(path), 'console.log')} (KTAP)")
    return bad


def main():
    path, out, tree = sys.argv[1:4]
    print("nofail report")
    print("=============")
    series(tree)
    bad = kunit(path, out)
    boot_json = os.path.join(os.path.dirname(out), "boot", "results.json")
    if os.path.exists(boot_json):
        bad = boot(boot_json) or bad
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
