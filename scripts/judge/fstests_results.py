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
        all-pass   when the cell has a file all-pass (make check's smoke):
                   every test it names ran and passed
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
MODES = ["base", "base-inject", "series", "inject"]
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
    """({test: {outcome, seconds}}, complete) from fstests' xunit report;
    check rewrites the report before each test with the suite's time
    empty, and sets it when it ends: complete says it did."""
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
    return tests, bool(root.get("time"))


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
    """{site: [failed, retried, waiting] during the run} of
    /proc/nofailinfo's lines under where."""
    def parse(text):
        d = {}
        for line in text.splitlines():
            w = line.split()
            if len(w) > 4 and w[0].isdigit() and where in line:
                d[" ".join(w[4:])] = [int(w[0]), int(w[1]), int(w[2])]
        return d
    b, a = parse(before), parse(after)
    return {s: [a[s][0] - b.get(s, [0])[0], a[s][1] - b.get(s, [0, 0])[1], a[s][2]] for s in a}


REPORT = re.compile(r"nofail: (.*): first allocation failure here")


def reports(path):
    """{site: how many first-failure reports the console has of it}."""
    n = {}
    for line in console.lines(path):
        m = REPORT.search(line)
        if m:
            n[m.group(1)] = n.get(m.group(1), 0) + 1
    return n


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
    cell["complete"] = False
    if os.path.exists(xml):
        try:
            cell["tests"], cell["complete"] = xunit(xml)
        except ET.ParseError as e:
            cell["problems"].append(f"result.xml does not parse: {e}")
    else:
        cell["problems"].append("fstests wrote no results/result.xml")
    cell["done"] = os.path.exists(con) and "nofail-fstests: done" in read(con)
    cell["messages"] = kernel_messages(con) if os.path.exists(con) else {}
    cell["reports"] = reports(con) if os.path.exists(con) else {}
    cell["all_pass"] = read(os.path.join(d, "all-pass")).split()
    if mode.endswith("inject"):
        inj = read(os.path.join(d, "failslab.injected"))
        cell["injected"] = int(inj) if inj.isdigit() else None
        cell["sites"] = sites(read(os.path.join(d, "nofailinfo.before")),
                              read(os.path.join(d, "nofailinfo.after")),
                              dict(cells()).get(fs, ""))
    return cell


def finished(cell):
    return cell["done"] and cell["complete"] and cell["qemu_rc"] == "0" and bool(cell["tests"])


def evaluate(d, ref_dir=None):
    """(cell, [(result, ok or None for a skip, text)]) of the cell in d."""
    cell = read_cell(d)
    if cell is None:
        return None, []
    fs, mode = cell["fs"], cell["mode"]
    where = dict(cells()).get(fs, "")
    results = []
    why = list(cell["problems"])
    if not cell["done"]:
        why.append("the guest did not say done (see console.log)")
    if cell["qemu_rc"] != "0":
        why.append(f"QEMU exit {cell['qemu_rc']}")
    if cell["tests"] and not cell["complete"]:
        why.append("check did not finish its report (result.xml has no suite time)")
    if not cell["tests"]:
        why.append("no test ran")
    results.append(("finished", not why, "; ".join(why)))

    if cell["all_pass"]:
        notpass = [t for t in cell["all_pass"] if cell["tests"].get(t, {}).get("outcome") != "pass"]
        results.append(("all-pass", not notpass, "did not pass: " + ", ".join(notpass) if notpass else
                        f"{len(cell['all_pass'])} named tests passed"))

    ref_mode = REFERENCE.get(mode)
    if ref_mode and ref_dir is None:
        ref_dir = os.path.join(os.path.dirname(os.path.abspath(d)), ref_mode)
    ref = read_cell(ref_dir) if ref_mode else None
    usable = ref is not None and finished(ref)
    if ref_mode and not usable:
        results.append(("outcomes", None, f"the {ref_mode} cell is " +
                        ("missing" if ref is None else "not finished")))
    elif ref_mode:
        mine, theirs = set(cell["tests"]), set(ref["tests"])
        diff = sorted(t for t in mine & theirs
                      if cell["tests"][t]["outcome"] != ref["tests"][t]["outcome"])
        cell["differs"] = {t: [ref["tests"][t]["outcome"], cell["tests"][t]["outcome"]] for t in diff}
        if mine != theirs:
            results.append(("outcomes", False, f"not the tests of {ref_mode}: only here " +
                            " ".join(sorted(mine - theirs)[:5]) + ", only there " +
                            " ".join(sorted(theirs - mine)[:5])))
        else:
            results.append(("outcomes", not diff,
                            "differ from " + ref_mode + ": " +
                            ", ".join(f"{t} {a}->{b}" for t, (a, b) in cell["differs"].items())
                            if diff else f"{len(mine)} tests as in {ref_mode}"))

    # Fatal messages fail any cell.  Others fail where the reference
    # cell's same test printed fewer of that kind (fstests provokes I/O
    # and file system errors on purpose); without a usable reference
    # they are only counted.
    bad, unjudged = [], 0
    ref_msgs = ref["messages"] if usable else {}
    for test, kinds in cell["messages"].items():
        for kind, n in kinds.items():
            where_ = test or "outside a test"
            if console.CLASS[kind] == "fatal":
                bad.append(f"{where_}: {n} {kind}")
            elif ref_mode and usable and n > ref_msgs.get(test, {}).get(kind, 0):
                bad.append(f"{where_}: {n} {kind}, {ref_msgs.get(test, {}).get(kind, 0)} in {ref_mode}")
            elif ref_mode and not usable:
                unjudged += n
    many = {s: n for s, n in cell["reports"].items() if n > 1}
    if many:
        bad.append("more than one first-failure report: " + ", ".join(f"{s} {n}" for s, n in many.items()))
    results.append(("kernel", not bad, "; ".join(bad) if bad else
                    (f"{unjudged} error-class messages left for the {ref_mode} cell" if unjudged else "")))

    if mode == "inject":
        total = sum(v[0] for v in cell["sites"].values())
        unret = [f"{s} failed {v[0]} retried {v[1]} waiting {v[2]}"
                 for s, v in cell["sites"].items() if v[0] != v[1] or v[2]]
        hit = sum(v[0] > 0 for v in cell["sites"].values())
        ok = bool(cell["injected"]) and total > 0 and not unret
        text = (f"failslab injected {cell['injected']}, {total} first-attempt failures at "
                f"{hit} of the {len(cell['sites'])} sites under {where}")
        if unret:
            text += "; not every failure retried and returned: " + "; ".join(unret)
        results.append(("injected", ok, text))
    elif mode == "base-inject":
        # the control: the base's sites pass __GFP_NOFAIL, which failslab
        # leaves alone, so what it injects is a figure, not a result
        results.append(("injected", True, f"failslab injected {cell['injected']} (the control)"))
    return cell, results


def judge_cell(d, ref_dir=None, json_to=None):
    cell, results = evaluate(d, ref_dir)
    if cell is None:
        sys.stderr.write(f"fstests_results: {d}/cell names no FS MODE\n")
        return 2
    cell["results"] = [[n, ok, t] for n, ok, t in results]
    with open(os.path.join(json_to or d, "cell.json"), "w") as f:
        json.dump(cell, f, indent=1, sort_keys=True)
    print("KTAP version 1")
    print(f"# fstests {cell['fs']} {cell['mode']}: {summary(cell)}")
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
    """Every cell judged afresh from its files (a reference that came
    later counts), with its verdict."""
    rows, missing = [], []
    for fs, _ in cells():
        for mode in MODES:
            d = os.path.join(out, fs, mode)
            cell, results = evaluate(d) if os.path.exists(os.path.join(d, "cell")) else (None, [])
            if cell is None:
                missing.append(f"{fs}/{mode}")
                continue
            cell["results"] = [[n, ok, t] for n, ok, t in results]
            bad = [n for n, ok, _ in results if ok is False]
            skipped = [n for n, ok, _ in results if ok is None]
            cell["verdict"] = ("FAILED " + ",".join(bad)) if bad else \
                ("ok, " + ",".join(skipped) + " skipped" if skipped else "ok")
            rows.append(cell)
    if as_json:
        json.dump({"cells": rows, "missing": missing}, sys.stdout, indent=1, sort_keys=True)
        print()
        return 0
    print(f"{'file system':<12} {'mode':<12} {'commit':<10} {'passed':>6} {'failed':>6} "
          f"{'not run':>7} {'seconds':>7}  verdict; differs from the reference / injected")
    for c in rows:
        n = {"pass": 0, "fail": 0, "notrun": 0}
        for t in c["tests"].values():
            n[t["outcome"]] += 1
        note = ", ".join(f"{t} {a}->{b}" for t, (a, b) in c.get("differs", {}).items())
        if c["injected"] is not None:
            note = (note + "; " if note else "") + f"injected {c['injected']}"
            hit = {s: v[0] for s, v in c["sites"].items() if v[0]}
            if hit:
                note += " (" + ", ".join(f"{s.split()[-1]} {v}" for s, v in sorted(hit.items())) + ")"
        print(f"{c['fs']:<12} {c['mode']:<12} {c['commit']:<10} {n['pass']:>6} {n['fail']:>6} "
              f"{n['notrun']:>7} {c['seconds']:>7}  {c['verdict']}" + (f"; {note}" if note else ""))
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
