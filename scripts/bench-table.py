#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench-table.py [--helpers LOG] [--sites-off LOG] [--pages BASE.LOG SERIES.LOG]
                  --json FILE --data FILE [--check]

The table of scripts/bench.sh: instructions per allocate-and-free pair
(QEMU -icount shift=0), each ratio taken in one boot (helpers: helper /
allocator) or one run (page allocator: series / base), and whether it
meets its target.  --sites-off: the same helper benchmark in a kernel
without CONFIG_NOFAIL_SITES and CONFIG_FAIL_NOFAIL, for the cost of the
site list and the site control on the success path (series patches 10
and 12): the helper with them against without, the allocator likewise.  --data writes "label ratio target" rows for gnuplot.
Each figure is the smallest of the runs (benchmarks/helper-cost: five),
the one without a timer interrupt in it.  With --check, "BENCH 0|1
<what>" lines with a plan, and exit 1 when one is 1: every pair measured
five times, no NULL, the two smallest runs of each within 0.5 %.  Targets are compared at the precision printed
(three decimals: a timer interrupt adds a few instructions to a run),
and reported, never checked: a benchmark, not a test.
"""

import argparse
import json
import re
import sys

HELPER_TARGET = 1.02
PAGE_TARGET = 1.00


def helpers(path):
    """{pair: [(plain, nofail) per run]}, pairs per run, NULLs seen."""
    res, n, nulls = {}, 0, None
    for line in open(path, errors="replace"):
        m = re.search(r"helper_cost: (.*): run (\d+): (\d+) pairs plain (\d+) ns nofail (\d+) ns", line)
        if m:
            n = int(m[3])
            res.setdefault(m[1], []).append((int(m[4]) / n, int(m[5]) / n))
        m = re.search(r"helper_cost: done, (\d+) NULL", line)
        if m:
            nulls = int(m[1])
    return res, n, nulls


def pages(path):
    res = {}
    for line in open(path, errors="replace"):
        m = re.search(r"page_alloc_cost: (\S+) order (\d+): (\d+) pairs (\d+) ns", line)
        if m:
            res[f"alloc_pages({m[1]}, {m[2]})"] = int(m[4]) / int(m[3])
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--helpers")
    ap.add_argument("--sites-off")
    ap.add_argument("--pages", nargs=2)
    ap.add_argument("--json", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    h, n, nulls = helpers(args.helpers) if args.helpers else ({}, 0, None)
    out = {"helpers": {}, "page_alloc": {}, "pairs": n, "null": nulls}
    rows = []
    if h:
        print(f"instructions per allocate-and-free pair (QEMU -icount shift=0), {n} pairs, smallest of 5 runs")
        print(f"{'helper against allocator':<38}{'plain':>9}{'nofail':>9}{'ratio':>8}  target <= {HELPER_TARGET}")
    for name, runs in h.items():
        plain, nofail = min(a for a, _ in runs), min(b for _, b in runs)
        ratio = nofail / plain
        met = round(ratio, 3) <= HELPER_TARGET
        print(f"{name:<38}{plain:>9.1f}{nofail:>9.1f}{ratio:>8.3f}  {'met' if met else 'NOT MET'}")
        out["helpers"][name] = {"plain": plain, "nofail": nofail, "ratio": ratio,
                                "runs": runs, "target": HELPER_TARGET, "met": met}
        rows.append((name, ratio, HELPER_TARGET))
    if args.sites_off and h:
        off, _, _ = helpers(args.sites_off)
        out["sites"] = {}
        print(f"\n{'sites and site control on against off':<38}{'off':>9}{'on':>9}{'ratio':>8}"
              f"  allocator on/off")
        for name, runs in h.items():
            if name not in off:
                continue
            on_plain, on_nofail = min(a for a, _ in runs), min(b for _, b in runs)
            off_plain, off_nofail = min(a for a, _ in off[name]), min(b for _, b in off[name])
            ratio = on_nofail / off_nofail
            print(f"{name:<38}{off_nofail:>9.1f}{on_nofail:>9.1f}{ratio:>8.3f}  {on_plain / off_plain:.3f}")
            out["sites"][name] = {"off": off_nofail, "on": on_nofail, "ratio": ratio,
                                  "allocator_ratio": on_plain / off_plain}
            rows.append((name + " sites on/off", ratio, HELPER_TARGET))
    if args.pages:
        base, series = pages(args.pages[0]), pages(args.pages[1])
        print(f"\n{'page allocator, series against base':<38}{'base':>9}{'series':>9}{'ratio':>8}"
              f"         target <= {PAGE_TARGET}")
        for name, b in base.items():
            s = series.get(name, float("nan"))
            ratio = s / b
            met = round(ratio, 3) <= PAGE_TARGET
            print(f"{name:<38}{b:>9.1f}{s:>9.1f}{ratio:>8.3f}         {'met' if met else 'NOT MET'}")
            out["page_alloc"][name] = {"base": b, "series": s, "ratio": ratio,
                                       "target": PAGE_TARGET, "met": met}
            rows.append((name, ratio, PAGE_TARGET))
    with open(args.json, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    with open(args.data, "w") as f:
        for label, ratio, target in rows:
            f.write(f'"{label}" {ratio:.4f} {target}\n')
    if not args.check:
        return 0
    results = [("every helper pair measured five times", len(h) == 9 and all(len(r) == 5 for r in h.values())),
               ("no NULL from an allocation", nulls == 0)]
    for name, runs in h.items():
        for which, i in (("allocator", 0), ("helper", 1)):
            a, b = sorted(r[i] for r in runs)[:2]
            results.append((f"{name}: the {which}'s two smallest runs within 0.5 %", b - a <= 0.005 * a))
    print(f"BENCH 1..{len(results)}")
    for what, ok in results:
        print(f"BENCH {0 if ok else 1} {what}")
    return 0 if all(ok for _, ok in results) else 1


if __name__ == "__main__":
    sys.exit(main())
