#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""kunit_results.py RESULTS.JSON: one line per KUnit test case,
"STATUS suite/case", from kunit.py's JSON.  Also imported by report.py,
for walk()."""

import json
import sys


def walk(group, path=()):
    """(status, "suite/case") for every test case under group."""
    for sub in group.get("sub_groups", []):
        yield from walk(sub, list(path) + [sub["name"]])
    for case in group.get("test_cases", []):
        yield case.get("status", "?"), "/".join(list(path) + [case["name"]])


def main():
    with open(sys.argv[1]) as f:
        root = json.load(f)
    for status, name in walk(root):
        print(status, name.replace(" ", "_"))


if __name__ == "__main__":
    main()
