#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""boot-results.py CONSOLE JUDGE: the boot test's results as JSON.

One object per target: "result" ("pass" or "fail", from the judge's
BOOT lines), and the guest's figures ("# figures NAME key=value ...")
and call sites ("# NAME: site FUNC() at FILE:LINE") when it printed
them.  Printed on stdout.
"""
import json
import re
import sys

FIGURES = re.compile(r"# figures (\S+) (.*)$")
SITE = re.compile(r"# (\S+): site (.*)$")
AIM = re.compile(r"# (\S+): aim (.*)$")


def value(text):
    """An int where the guest printed a number, else the text."""
    return int(text) if text.isdigit() else text


def main():
    targets = {}
    with open(sys.argv[2]) as judge:
        for line in judge:
            if re.match(r"BOOT [01] ", line):
                _, status, name = line.split()
                targets[name] = {"result": "pass" if status == "0" else "fail"}
    with open(sys.argv[1], errors="replace") as console:
        for line in console:
            line = line.rstrip("\r\n")
            m = FIGURES.search(line)
            if m and m.group(1) in targets:
                for pair in m.group(2).split():
                    key, _, val = pair.partition("=")
                    targets[m.group(1)][key] = value(val)
                continue
            for pattern, key in ((SITE, "sites_reported"), (AIM, "aims")):
                m = pattern.search(line)
                if m and m.group(1) in targets:
                    targets[m.group(1)].setdefault(key, []).append(m.group(2))
    json.dump(targets, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
