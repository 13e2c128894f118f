#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kunit_results.py RESULTS.JSON: one line per KUnit test case,
"STATUS suite/case", from kunit.py's JSON.  Also imported by report.py,
for walk().

kunit_results.py --judge TREE SUITES CONSOLE --json FILE: the KUnit
step's judge (scripts/judge/judge.sh kunit).  Parses CONSOLE with TREE's own
tools/testing/kunit/kunit_parser.py, the one KTAP parser, writes
kunit.py's JSON of it to FILE, and prints "KUNIT 1..N" and "KUNIT 0|1
<what>": one per test case (0 when it passed), one per suite of the
file SUITES (0 when it ran with a plan that its results met: kunit.py
accepts a suite whose plan line was lost), and one for the parse itself
(no KTAP at all, a crash, an error).  Exits 1 when one is 1."""

import json
import os
import sys


def walk(group, path=()):
    """(status, "suite/case") for every test case under group."""
    for sub in group.get("sub_groups", []):
        yield from walk(sub, list(path) + [sub["name"]])
    for case in group.get("test_cases", []):
        yield case.get("status", "?"), "/".join(list(path) + [case["name"]])


def leaves(test, path=()):
    """(test, "suite/case") for every test case under test, as kunit.py's
    JSON names them; a case kunit.py made up for a crash has no name."""
    for sub in test.subtests:
        name = list(path) + [sub.name or "crashed-or-missing"]
        if sub.subtests:
            yield from leaves(sub, name)
        else:
            yield sub, "/".join(name)


def read_skips(path):
    """The cases that may skip (kunit/skips): "suite/case  reason" lines."""
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return {line.split()[0] for line in f if line.strip() and not line.startswith("#")}


def judge(tree, suites_file, console, json_out):
    sys.path.insert(0, f"{tree}/tools/testing/kunit")
    import kunit_json
    import kunit_parser
    import kunit_printer
    from kunit_parser import TestStatus

    # the parser's own report of the run goes with the judge's reasons
    kunit_parser.stdout = kunit_printer.Printer(sys.stderr)

    with open(suites_file) as f:
        planned = [s.strip() for s in f if s.strip() and not s.startswith("#")]
    allowed_skips = read_skips(os.path.join(os.path.dirname(suites_file), "skips"))
    with open(console, errors="backslashreplace") as f:
        root = kunit_parser.parse_run_tests(f.readlines())
    with open(json_out, "w") as f:
        f.write(kunit_json.get_json_result(root, kunit_json.Metadata(arch="x86_64")))
    results = []
    ran = {s.name: s for s in root.subtests}
    for name in planned:
        s = ran.get(name)
        if s is None:
            results.append((f"suite {name} ran", False, "not in the console"))
            continue
        met = s.expected_count is not None and s.expected_count == len(s.subtests)
        results.append((f"suite {name} ran", met,
                        f"plan {s.expected_count}, {len(s.subtests)} results"))
    for t, name in leaves(root):
        name = name.replace(" ", "_")
        ok = t.status == TestStatus.SUCCESS or (
            t.status == TestStatus.SKIPPED and name in allowed_skips)
        results.append((name, ok, t.status.name))
    whole = root.status == TestStatus.SUCCESS and root.counts.errors == 0
    results.append(("kunit.py parse: every plan met", whole,
                    f"{root.status.name}, {root.counts.errors} parse errors"))
    print(f"KUNIT 1..{len(results)}")
    for what, ok, why in results:
        print(f"KUNIT {0 if ok else 1} {what}")
        if not ok:
            print(f"judge: kunit: {what}: {why}", file=sys.stderr)
    return 0 if all(ok for _, ok, _ in results) else 1


def main():
    if sys.argv[1:2] == ["--judge"]:
        if len(sys.argv) != 7 or sys.argv[5] != "--json":
            sys.exit(__doc__)
        sys.exit(judge(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[6]))
    with open(sys.argv[1]) as f:
        root = json.load(f)
    for status, name in walk(root):
        print(status, name.replace(" ", "_"))


if __name__ == "__main__":
    main()
