#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# kunit-cases.py RESULTS.JSON: one line per KUnit test case,
# "STATUS suite/case", from kunit.py's JSON.

import json
import sys


def walk(group, path):
    for sub in group.get("sub_groups", []):
        yield from walk(sub, path + [sub["name"]])
    for case in group.get("test_cases", []):
        yield case.get("status", "?"), "/".join(path + [case["name"]])


with open(sys.argv[1]) as f:
    root = json.load(f)
for status, name in walk(root, []):
    print(status, name.replace(" ", "_"))
