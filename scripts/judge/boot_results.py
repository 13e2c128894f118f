#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""boot_results.py --targets "T1 T2 ..." --qemu-rc N --json FILE CONSOLE

The boot test's judge.  Prints "BOOT 1..N+1", then "BOOT 0|1 <target>"
per target: 0 when the guest said "ok" and the kernel printed no message
of class fatal or error (console.py) while the target ran.  Last comes
"BOOT 0|1 kernel": the guest's summary "nofail-boot: N passed, N failed"
counts every target, QEMU ended by the guest's reboot (exit 0), and no
bad message came outside the targets.  Each offending line is printed
as "boot-test: <who>: <line>".  Exits 1 when any BOOT line is 1.

The helpers' first-failure reports are events, not errors.  The memcg
target fails charges for real, and each makes the memcg OOM killer
report that it has no task it may kill: OOM reports are expected there.

FILE gets one object per target: "result" ("pass" or "fail"), and the
guest's figures ("# figures NAME key=value ...") and call sites
("# NAME: site FUNC() at FILE:LINE") when it printed them.
"""
import argparse
import json
import re
import sys

sys.dont_write_bytecode = True	# no __pycache__ in the project's scripts/
from console import CLASS, messages  # noqa: E402

FIGURES = re.compile(r"# figures (\S+) (.*)$")
SITE = re.compile(r"# (\S+): site (.*)$")
AIM = re.compile(r"# (\S+): aim (.*)$")
# the kinds of error a target may cause on purpose
EXPECTED = {"memcg": {"OOM report"}}


def value(text):
    """An int where the guest printed a number, else the text."""
    return int(text) if text.isdigit() else text


def judge(console, names, qemu_rc):
    """Blamed lines per target ("kernel" for the rest) and the figures."""
    blamed = {}
    results = {n: {} for n in names}
    ok, cur, summary = set(), None, None
    for line, kind in messages(console):
        m = re.match(r"# start (\S+)", line)
        if m:
            cur = m[1]
            continue
        m = re.match(r"(not ok|ok) [0-9]+ (\S+)", line)
        if m:
            if m[1] == "ok":
                ok.add(m[2])
            cur = None
            continue
        if line.startswith("nofail-boot: "):
            summary = line
            continue
        m = FIGURES.match(line)
        if m and m[1] in results:
            for pair in m[2].split():
                key, _, val = pair.partition("=")
                results[m[1]][key] = value(val)
            continue
        for pattern, key in ((SITE, "sites_reported"), (AIM, "aims")):
            m = pattern.match(line)
            if m and m[1] in results:
                results[m[1]].setdefault(key, []).append(m[2])
        if CLASS.get(kind) in ("fatal", "error") and kind not in EXPECTED.get(cur, ()):
            blamed.setdefault(cur or "kernel", []).append(line)
    m = re.match(r"nofail-boot: ([0-9]+) passed, ([0-9]+) failed", summary or "")
    if not m or int(m[1]) + int(m[2]) != len(names) or int(m[1]) != len(ok):
        blamed.setdefault("kernel", []).append(
            f'summary is "{summary or ""}", {len(names)} targets and {len(ok)} ok seen')
    if qemu_rc != 0:
        blamed.setdefault("kernel", []).append(f"QEMU exit {qemu_rc} (124: timeout), not a reboot")
    for n in names:
        if n not in ok:
            blamed.setdefault(n, []).append('no "ok" from the guest')
    return blamed, results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", required=True)
    ap.add_argument("--qemu-rc", type=int, required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("console")
    args = ap.parse_args()
    names = args.targets.split()
    blamed, results = judge(args.console, names, args.qemu_rc)
    for who, why in blamed.items():
        for line in why:
            print(f"boot-test: {who}: {line}")
    print(f"BOOT 1..{len(names) + 1}")
    for n in names + ["kernel"]:
        print(f"BOOT {int(n in blamed)} {n}")
        if n in results:
            results[n]["result"] = "fail" if n in blamed else "pass"
    with open(args.json, "w") as f:
        json.dump(results, f, indent=2)
        f.write("\n")
    return 1 if blamed else 0


if __name__ == "__main__":
    sys.exit(main())
