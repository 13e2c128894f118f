# SPDX-License-Identifier: GPL-2.0
"""sanitizer.py NAME RUN=CONSOLE...: judge the consoles of make sanitizers.

NAME is kasan or kcsan.  For each run: the sanitizer must have said that
it runs (and lockdep, in the KASAN kernel); every KASAN report fails it, and so does every fatal message
of console.py (an oops, a hung task, a soft lockup, lockdep).  KCSAN
reports ("BUG: KCSAN: data-race in A / B", up to its closing line of
"=") fail it only when they name the series' code (nofail in a function
name): 6.12 has races of its own, which are listed, not judged.
Prints "SANITIZER 0|1 NAME/RUN" per run, KTAP-like, and exits 1 when
any run failed.
"""

import os
import re
import sys

import console

# what each kernel must say it runs: the KASAN kernel has lockdep too
MARK = {"kasan": [re.compile(r"KernelAddressSanitizer initialized"),
                  re.compile(r"Lock dependency validator")],
        "kcsan": [re.compile(r"kcsan: (enabled early|strict mode)")]}
ENDED = {"wait-wake": "wait_wake: done", "hotplug": "HOTPLUG done"}
KCSAN = re.compile(r"BUG: KCSAN: (.*)")
# a function of the series in the report's title or one of its stacks
# ("nofail_count_waiter+0x4c/0xa0"), not a task's name (nofail-workload)
OURS = re.compile(r"(^|[\s/(])\S*nofail\w*(\+0x|\s|$)")


def kcsan_reports(path):
    """[(title, block lines)] of the KCSAN reports in a console."""
    reports, cur = [], None
    for line in console.lines(path):
        m = KCSAN.search(line)
        if m:
            cur = (m[1], [line])
            reports.append(cur)
        elif cur is not None:
            if re.fullmatch(r"=+", line.strip()) and len(cur[1]) > 1:
                cur = None
            else:
                cur[1].append(line)
    return reports


def judge(name, run, path):
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return [f"no console at {path}"], []
    bad, listed = [], []
    for mark in MARK[name]:
        if not mark.search(text):
            bad.append(f"{name}: no '{mark.pattern}' line: it did not run")
    if run in ENDED and ENDED[run] not in text:
        bad.append(f"the run did not end ('{ENDED[run]}' missing)")
    rc_file = os.path.join(os.path.dirname(path), "qemu-rc")
    if run == "boot" and os.path.exists(rc_file) and open(rc_file).read().strip() != "0":
        bad.append(f"QEMU exit {open(rc_file).read().strip()} (124: timed out)")
    m = re.search(r"HOTPLUG memory (\d+)/(\d+) cpu (\d+)/(\d+)", text)
    if run == "hotplug" and (not m or int(m[1]) == 0 or int(m[3]) == 0):
        bad.append("memory or CPU 1 never went offline and online again: "
                   + (m[0] if m else "no HOTPLUG line"))
    if run == "hotplug":
        bad += [m[0] for m in re.finditer(r"HOTPLUG \S+ did not come back online", text)]
    for line, kind in console.messages(path):
        if kind and console.CLASS[kind] == "fatal" and not KCSAN.search(line):
            bad.append(f"{kind}: {line.strip()}")
    for title, block in kcsan_reports(path):
        lines = [title] + [b for b in block if not b.lstrip().startswith(("CPU:", "Reported"))]
        if any(OURS.search(b) for b in lines):
            bad.append(f"KCSAN in the series' code: {title}")
        else:
            listed.append(title)
    return bad, listed


def main():
    name, runs = sys.argv[1], [a.split("=", 1) for a in sys.argv[2:]]
    rc = 0
    print(f"SANITIZER 1..{len(runs)}")
    for run, path in runs:
        bad, listed = judge(name, run, path)
        for b in bad[:10]:
            print(f"# {name}/{run}: {b}")
        for t in sorted(set(listed)):
            print(f"# {name}/{run}: not the series' code: KCSAN: {t}")
        print(f"SANITIZER {int(bool(bad))} {name}/{run}")
        rc |= bool(bad)
    return rc


if __name__ == "__main__":
    sys.exit(main())
