# SPDX-License-Identifier: GPL-2.0
"""fstests_results.py: the judge and the table of make fstests.

  fstests_results.py cell CELL [--reference REF] [--json-to DIR]
      Read the cell (a folder OUT/FS/MODE) that scripts/run/fstests.sh
      left, named by its file "cell" ("FS MODE"): fstests'
      own xunit report (results/result.xml), the console (kernel messages,
      split per test by the "run fstests TEST at" line fstests writes to
      /dev/kmsg, read by console.py, the bench's one definition of a bad
      kernel message), QEMU's exit status, and for an aimed run the
      failures failslab injected and /proc/nofailinfo before and after.
      Write CELL/cell.json (DIR/cell.json with --json-to: make recheck
      and the canned cases of tests/judges only read), print the cell's
      KTAP, exit 1 when a result is "not ok".  REF is the cell its
      outcomes are compared with (default: CELL's sibling of that mode,
      OUT/FS/REF_MODE).  The results:
        finished   the guest said done, QEMU ended by itself, fstests
                   wrote its report and ran at least one test
        outcomes   each test's outcome (pass, fail, notrun) is the one of
                   the same test in the base's cell of the same kind
                   (base for series and base-inject, base-inject for
                   inject); skipped while that cell is missing
        kernel     no fatal kernel message; no other bad message in a
                   test where the base's cell has none of that kind (a
                   helper's first-failure report is an event, not bad)
        injected   aimed modes: failslab failed something; on the
                   series also the sum of the file system's per-site
                   failures in /proc/nofailinfo
        all-pass   with NOFAIL_FSTESTS_ALL_PASS=1 (make check's smoke):
                   every test of FSTESTS_TESTS ran and passed
  fstests_results.py table OUT [--json]
      The table of every cell of tests/fstests/cells and the four modes:
      passed, failed and not run, the tests whose outcome differs from
      the base's, and the cells missing.
"""

import json
import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import console  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODES = ["base", "series", "inject", "base-inject"]
# the cell each mode's outcomes are compared with
REFERENCE = {"series": "base", "inject": "base-inject", "base-inject": "base"}
RUN = re.compile(r"run fstests (\S+) at ")


def cells():
    """The file systems of tests/fstests/cells: [(name, sites)]."""
    out = []
    with open(os.path.join(TOP, "tests/fstests/cells")) as f:
        for line in f:
            w = line.split()
            if w and not w[0].startswith("#"):
                out.append((w[0], w[4]))
    return out


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read().strip()
    except OSError:
        return default


def xunit(path):
    """{test: (outcome, seconds)} from fstests' xunit report."""
    tests = {}
    root = ET.parse(path).getroot()
    for tc in root.iter("testcase"):
        name = tc.get("name")
        if tc.find("failure") is not None or tc.find("error") is not None:
            outcome = "fail"
        elif tc.find("skipped") is not None:
            outcome = "notrun"
        else:
            outcome = "pass"
        tests[name] = {"outcome": outcome, "seconds": float(tc.get("time") or 0)}
    return tests


def kernel_messages(path):
    """{test or "": {kind: count}} of the bad messages of the console."""
    found = {}
    test = ""
    for line, kind in console.messages(path):
        m = RUN.search(line)
        if m:
            test = m.group(1)
            continue
        if "nofail-fstests: " in line:
            test = ""   # the guest's own steps: before or after check
            continue
        if kind and console.CLASS[kind] != "event":
            k = found.setdefault(test, {})
            k[kind] = k.get(kind, 0) + 1
    return found


def sites(before, after, where):
    """{site: failures during the run} of /proc/nofailinfo's lines under where."""
    def parse(text):
        d = {}
        for line in text.splitlines():
            w = line.split()
            if len(w) >= 2 and w[0].isdigit() and where in line:
                d[" ".join(w[4:]) if len(w) > 4 else line] = int(w[0])
        return d
    b, a = parse(before), parse(after)
    return {s: a[s] - b.get(s, 0) for s in a}


def load(d):
    try:
        with open(os.path.join(d, "cell.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_cell(d):
    """What a cell's folder holds, as cell.json keeps it; None when the
    folder is no cell."""
    try:
        fs, mode = read(os.path.join(d, "cell")).split()
    except ValueError:
        return None
    cell = {"fs": fs, "mode": mode, "commit": read(os.path.join(d, "commit")),
            "seconds": int(read(os.path.join(d, "seconds"), "0") or 0),
            "qemu_rc": read(os.path.join(d, "qemu-rc"), "missing"),
            "check_rc": read(os.path.join(d, "check.rc"), "missing"),
            "tests": {}, "messages": {}, "injected": None, "sites": {}, "problems": []}
    con = os.path.join(d, "console.log")
    xml = os.path.join(d, "results", "result.xml")
    if os.path.exists(xml):
        try:
            cell["tests"] = xunit(xml)
        except ET.ParseError as e:
            cell["problems"].append(f"result.xml does not parse: {e}")
    else:
        cell["problems"].append("fstests wrote no results/result.xml")
    cell["done"] = os.path.exists(con) and "nofail-fstests: done" in read(con)
    cell["messages"] = kernel_messages(con) if os.path.exists(con) else {}
    if mode.endswith("inject"):
        inj = read(os.path.join(d, "failslab.injected"))
        cell["injected"] = int(inj) if inj.isdigit() else None
        cell["sites"] = sites(read(os.path.join(d, "nofailinfo.before")),
                              read(os.path.join(d, "nofailinfo.after")),
                              dict(cells()).get(fs, ""))
    return cell


def judge_cell(d, ref_dir=None, json_to=None):
    cell = read_cell(d)
    if cell is None:
        sys.stderr.write(f"fstests_results: {d}/cell names no FS MODE\n")
        return 2
    fs, mode = cell["fs"], cell["mode"]
    where = dict(cells()).get(fs, "")
    results = []
    done = cell["done"]
    why = list(cell["problems"])
    if not done:
        why.append("the guest did not say done (see console.log)")
    if cell["qemu_rc"] != "0":
        why.append(f"QEMU exit {cell['qemu_rc']}")
    if not cell["tests"]:
        why.append("no test ran")
    results.append(("finished", not why, "; ".join(why)))

    if os.environ.get("NOFAIL_FSTESTS_ALL_PASS") == "1":
        named = os.environ.get("FSTESTS_TESTS", "").split()
        notpass = [t for t in named if cell["tests"].get(t, {}).get("outcome") != "pass"]
        results.append(("all-pass", bool(named) and not notpass,
                        "did not pass: " + ", ".join(notpass) if notpass else ""))

    ref_mode = REFERENCE.get(mode)
    if ref_mode and ref_dir is None:
        ref_dir = os.path.join(os.path.dirname(os.path.abspath(d)), ref_mode)
    ref = read_cell(ref_dir) if ref_mode else None
    if ref_mode and ref is None:
        results.append(("outcomes", None, f"no {ref_mode} cell yet"))
    elif ref_mode:
        diff = sorted(t for t in cell["tests"] if t in ref["tests"] and
                      cell["tests"][t]["outcome"] != ref["tests"][t]["outcome"])
        cell["differs"] = {t: [ref["tests"][t]["outcome"], cell["tests"][t]["outcome"]] for t in diff}
        same = sum(t in ref["tests"] for t in cell["tests"])
        results.append(("outcomes", not diff,
                        "differ from " + ref_mode + ": " +
                        ", ".join(f"{t} {a}->{b}" for t, (a, b) in cell["differs"].items())
                        if diff else f"{same} tests as in {ref_mode}"))

    msgs = cell["messages"]
    bad = []
    ref_msgs = ref["messages"] if ref else {}
    for test, kinds in msgs.items():
        for kind, n in kinds.items():
            if console.CLASS[kind] == "fatal":
                bad.append(f"{test or 'outside a test'}: {n} {kind}")
            elif ref_mode and kind not in ref_msgs.get(test, {}):
                bad.append(f"{test or 'outside a test'}: {n} {kind}, not in {ref_mode}")
    results.append(("kernel", not bad, "; ".join(bad)))

    if mode.endswith("inject"):
        ok = bool(cell["injected"])
        text = f"failslab injected {cell['injected']}"
        if mode == "inject":
            total = sum(cell["sites"].values())
            ok = ok and total > 0
            text += f", {total} first-attempt failures at the sites under {where}"
        results.append(("injected", ok, text))

    with open(os.path.join(json_to or d, "cell.json"), "w") as f:
        json.dump(cell, f, indent=1, sort_keys=True)
    print("KTAP version 1")
    print(f"# fstests {fs} {mode}: {summary(cell)}")
    print(f"1..{len(results)}")
    failed = False
    for i, (name, ok, text) in enumerate(results, 1):
        if ok is None:
            print(f"ok {i} {name} # SKIP {text}")
        elif ok:
            print(f"ok {i} {name}" + (f" # {text}" if text else ""))
        else:
            failed = True
            print(f"not ok {i} {name} # {text}")
    return 1 if failed else 0


def summary(cell):
    n = {"pass": 0, "fail": 0, "notrun": 0}
    for t in cell["tests"].values():
        n[t["outcome"]] += 1
    return f"{n['pass']} passed, {n['fail']} failed, {n['notrun']} not run, {cell['seconds']} s"


def table(out, as_json):
    rows, missing = [], []
    for fs, _ in cells():
        for mode in MODES:
            c = load(os.path.join(out, fs, mode))
            if c is None:
                missing.append(f"{fs}/{mode}")
                continue
            rows.append(c)
    if as_json:
        json.dump({"cells": rows, "missing": missing}, sys.stdout, indent=1, sort_keys=True)
        print()
        return 0
    print(f"{'file system':<12} {'mode':<12} {'commit':<13} {'passed':>6} {'failed':>6} "
          f"{'not run':>7} {'seconds':>7}  differs from the base's cell / injected")
    for c in rows:
        n = {"pass": 0, "fail": 0, "notrun": 0}
        for t in c["tests"].values():
            n[t["outcome"]] += 1
        note = ", ".join(f"{t} {a}->{b}" for t, (a, b) in c.get("differs", {}).items())
        if c["injected"] is not None:
            note = (note + "; " if note else "") + f"injected {c['injected']}"
            if c["sites"]:
                note += " (" + ", ".join(f"{s} {v}" for s, v in sorted(c["sites"].items())) + ")"
        print(f"{c['fs']:<12} {c['mode']:<12} {c['commit']:<13} {n['pass']:>6} {n['fail']:>6} "
              f"{n['notrun']:>7} {c['seconds']:>7}  {note or '-'}")
    print("missing cells: " + (" ".join(missing) if missing else "none"))
    return 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "cell":
        opts = dict(zip(argv[3::2], argv[4::2]))
        if len(argv) % 2 == 0 or set(opts) - {"--reference", "--json-to"}:
            sys.stderr.write(__doc__)
            return 2
        return judge_cell(argv[2], opts.get("--reference"), opts.get("--json-to"))
    if len(argv) in (3, 4) and argv[1] == "table":
        return table(argv[2], argv[3:] == ["--json"])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
