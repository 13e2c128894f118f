#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""bench_table.py [--helpers LOG] [--sites SITES_OFF.LOG] [--pages BASE.LOG SERIES.LOG]
                  [--pages-nodebug BASE.LOG SERIES.LOG]
                  [--waiting LOG [--waiting-data FILE]] [--wake SERIES.LOG]
                  [--wake-one-cpu BASE.LOG SERIES.LOG] [--memcg LOG]
                  [--pages-series LOG]
                  --json FILE --data FILE [--plots DIR] [--check]

The table of scripts/run/bench.sh: instructions per allocate-and-free pair
(QEMU -icount shift=0), each ratio taken in one boot (helpers: helper /
allocator) or one run (page allocator: series / base), and whether it
meets its target.  --sites: the same helper benchmark in a kernel
without CONFIG_NOFAIL_SITES, for the cost of the site list (patch 13)
on the success path: each helper in the series kernel against the one
without, and the allocator's ratio of the two as a control.  --pages-nodebug: the page
allocator's pair again, built without DEBUG_KERNEL (and so without
fault injection), as a distribution builds it.
--waiting: benchmarks/wait-cost, the CPU share a request's task burns
while memory is short, for a helper, loops of plain attempts and
__GFP_NOFAIL.  --wake: benchmarks/wait-wake, 1, 8 and 64 concurrent
__GFP_NOFAIL requests waiting while ZONE_DMA has no free page: the CPU
they burn together, their wake latency once pages come back (p50, p99,
max), how often they went back to sleep meanwhile, and how many the
pages given back did not serve within 1 s (stuck); in the series
kernel with two CPUs, against its targets.  --wake-one-cpu: the same
with one CPU, base and series side by side (the base kernel's spinning
requests stall the other vCPU's timers under -icount with two).  --memcg: benchmarks/memcg-cost, one accounted request in a
memory cgroup at its limit, helper against __GFP_NOFAIL: instructions to
success, and the group's max and oom events, the median of the runs
whose request found the group full (the memcg OOM killer invoked; in
the others one round of reclaim served it).  --data and --waiting-data
write "label value target" rows for gnuplot (a target of "-": none, a slow-path entry); --plots writes
the rows of --data again, a file per table (DIR/helpers.dat, options.dat,
pages.dat, pages-nodebug.dat), for a panel each.
Each figure is the smallest of the runs (benchmarks/helper-cost: five),
the one without a timer interrupt in it.  With --check, "BENCH 0|1
<what>" lines with a plan, and exit 1 when one is 1: every pair measured
five times, no NULL, the two smallest runs of each within 0.5 %; with
--pages-series, the page allocator's benchmark booted in the series
kernel alone measured every pair.  Targets are compared at the precision printed
(three decimals: a timer interrupt adds a few instructions to a run),
and reported, never checked: a benchmark, not a test.
"""

import argparse
import json
import math
import re
import statistics
import sys

HELPER_TARGET = 1.02
PAGE_TARGET = 1.00
FREE_TARGET = 1.005	# frees alone, series / base
WAIT_TARGET = 0.02
WAKE_CPU_TARGET = 2.0		# % of one CPU, all waiters together
WAKE_P99_TARGET_NS = 1000000	# at 1 and 8 waiters
WAKE_MAX_TARGET_NS = 10000000	# at 64 waiters: all served within
# trickle: single pages that stay on a per-cpu list, which no free brings
# to the free lists; a waiter's drain at the start of its next wait does,
# within the backoff, 2 x NOFAIL_WAIT_MAX (HZ / 10) at most
WAKE_LIST_MAX_TARGET_NS = 200000000
WAKE_WAYS = ("pcp", "block", "trickle")
MEMCG_RUNS = 5		# benchmarks/memcg-cost's MC_RUNS
MEMCG_WAYS = {"helper": "kmalloc_nofail(4096, GFP_KERNEL_ACCOUNT)",
              "flag": "kmalloc(4096, ..._ACCOUNT|__GFP_NOFAIL)"}
WAYS = {"helper": "kmem_cache_alloc_nofail()",
        "loop": "kmem_cache_alloc() until not NULL",
        "sleep": "the same, a jiffy's sleep between",
        "flag": "kmem_cache_alloc(__GFP_NOFAIL)"}


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


# the rows of benchmarks/page-alloc-cost: see --pages-series
PAGE_ROWS = 11


def pages(path):
    res = {}
    for line in open(path, errors="replace"):
        m = re.search(r"page_alloc_cost: (\S+) order (\d+): (\d+) pairs (\d+) ns", line)
        if m:
            name, slow = m[1], m[1].startswith("slow-path:")
            if slow:
                name = name[len("slow-path:"):]
            if name.startswith("free:"):
                label = f"__free_pages(order {m[2]}), frees alone"
            else:
                label = f"alloc_pages({name}, {m[2]}){' slow' if slow else ''}"
            res[label] = int(m[4]) / int(m[3])
    return res


def page_table(title, logs, out, rows):
    """Print the page allocator's figures of one pair of kernels, series
    against base, into out (JSON) and rows (the plot)."""
    base, series = pages(logs[0]), pages(logs[1])
    print(f"\n{title:<54}{'base':>9}{'series':>9}{'ratio':>8}     target <= {PAGE_TARGET}, frees {FREE_TARGET}")
    for name, b in base.items():
        s = series.get(name, float("nan"))
        ratio = s / b
        # the target is for the fast path and frees; a slow-path entry is reported
        slow = name.endswith(" slow")
        target = None if slow else FREE_TARGET if "frees alone" in name else PAGE_TARGET
        met = None if slow else round(ratio, 3) <= target
        verdict = "(slow path entry)" if slow else "met" if met else "NOT MET"
        print(f"{name:<54}{b:>9.1f}{s:>9.1f}{ratio:>8.3f}     {verdict}")
        out[name] = {"base": b, "series": s, "ratio": ratio, "target": target, "met": met}
        rows.append((name, ratio, "-" if slow else target))


def waiting(path):
    """{way: [run figures]} of benchmarks/wait-cost, and whether it said done."""
    res, done = {}, False
    pat = (r"wait_cost: (\w+): run (\d+): hold (\d+) ms waited (\d+) ns cpu (\d+) ns after (-?\d+) ns"
           r" allocstall (\d+) loops (\d+) nofail_retry (\d+)( NULL)?")
    for line in open(path, errors="replace"):
        m = re.search(pat, line)
        if m:
            res.setdefault(m[1], []).append({
                "hold_ms": int(m[3]), "waited_ns": int(m[4]), "cpu_ns": int(m[5]),
                "cpu_share": int(m[5]) / int(m[4]), "after_ns": int(m[6]),
                "allocstall": int(m[7]), "loops": int(m[8]), "nofail_retry": int(m[9]),
                "null": bool(m[10])})
        done = done or "wait_cost: done" in line
    return res, done


def wake(path):
    """{(waiters, way): figures} of benchmarks/wait-wake, and whether it said done."""
    res, done = {}, False
    pat = (r"wait_wake: (\d+) waiters (\w+): cpu_pct ([\d.]+) lat_ns (\d+) (\d+) (\d+)"
           r" resleeps ([\d.]+) served (\d+) early (\d+) stuck (\d+) rounds (\d+) hold_ms (\d+)")
    for line in open(path, errors="replace"):
        m = re.search(pat, line)
        if m:
            res[(int(m[1]), m[2])] = {
                "cpu_pct": float(m[3]), "p50_ns": int(m[4]), "p99_ns": int(m[5]),
                "max_ns": int(m[6]), "resleeps": float(m[7]), "served": int(m[8]),
                "early": int(m[9]), "stuck": int(m[10]), "rounds": int(m[11]),
                "hold_ms": int(m[12])}
        done = done or "wait_wake: done" in line
    return res, done


def wake_verdict(n, way, r):
    """Targets of the series kernel: the CPU, then the latency for n waiters."""
    if r["early"]:
        return "served before pages came back: proves nothing"
    bad = ["stuck"] if r["stuck"] else []
    if r["cpu_pct"] > WAKE_CPU_TARGET:
        bad.append("cpu")
    if way == "trickle":
        if r["max_ns"] > WAKE_LIST_MAX_TARGET_NS:
            bad.append("max")
    elif n <= 8 and r["p99_ns"] > WAKE_P99_TARGET_NS:
        bad.append("p99")
    elif n >= 64 and r["max_ns"] > WAKE_MAX_TARGET_NS:
        bad.append("max")
    return "met" if not bad else "NOT MET: " + ", ".join(bad)


def wake_table(title, kernels, verdicts):
    """Print the wake rows of each kernel, {name: wake()[0]}, side by side."""
    r0 = next(iter(next(iter(kernels.values())).values()), None)
    if not r0:
        return
    print(f"\nconcurrent __GFP_NOFAIL requests while ZONE_DMA has no free page, {title}: cpu % of one "
          f"CPU, all of them, over {r0['hold_ms']} ms; wake latency after the free that let each "
          f"succeed, {r0['rounds']} rounds")
    print(f"{'waiters, pages back by':<26}{'kernel':>7}{'cpu %':>8}{'p50 us':>11}{'p99 us':>11}"
          f"{'max us':>11}{'resleep':>8}{'stuck':>6}"
          + (f"  target cpu <= {WAKE_CPU_TARGET:.0f} %, p99 <= 1 ms (1, 8), max <= 10 ms (64); trickle max <= 200 ms"
             if verdicts else ""))
    for key in sorted({k for res in kernels.values() for k in res}):
        n, way = key
        for kernel, res in kernels.items():
            fig = res.get(key)
            if not fig:
                continue
            verdict = "  " + wake_verdict(n, way, fig) if verdicts else ""
            print(f"{f'{n} {way}':<26}{kernel:>7}{fig['cpu_pct']:>8.2f}{fig['p50_ns'] / 1e3:>11.1f}"
                  f"{fig['p99_ns'] / 1e3:>11.1f}{fig['max_ns'] / 1e3:>11.1f}{fig['resleeps']:>8.2f}"
                  f"{fig['stuck']:>6}{verdict}")


OTHERS_TARGET = 1.01	# others' pairs with a waiter over none, on zones it cannot use
OTHERS_ROWS = (("other", 0), ("other", 1), ("own", 0), ("own", 1), ("free-other", 4), ("free-own", 4))
OTHERS_WHAT = {"other": "node 0, the waiter cannot use it", "own": "node 1, the waiter's own zone",
               "free-other": "free to the free lists, no waiter there",
               "free-own": "free to the free lists, a waiter there"}


def others(path):
    """benchmarks/wait-others: {(phase, what, order): median ns}, the waiter's line, done."""
    res, waiter, done = {}, {}, False
    for line in open(path, errors="replace"):
        m = re.search(r"wait_others: (none|waiting) ([\w-]+) order (\d+): ns/pair (\d+) min (\d+)", line)
        if m:
            res[(m[1], m[2], int(m[3]))] = int(m[4])
        m = re.search(r"wait_others: waiter served_ns (-?\d+) early (\d+)", line)
        if m:
            waiter = {"served_ns": int(m[1]), "early": int(m[2])}
        m = re.search(r"wait_others: waiter cpu_ns (\d+)", line)
        if m:
            waiter["cpu_ns"] = int(m[1])
        done = done or "wait_others: done" in line
    return res, waiter, done


def others_complete(res, waiter, done):
    return (done and not waiter.get("early", 1) and
            all((p, w, o) in res for p in ("none", "waiting") for w, o in OTHERS_ROWS))


def others_table(kernels, out):
    """The cost to others of one waiting request, each kernel's waiting / none."""
    print("\nwhat one waiting GFP_KERNEL|__GFP_THISNODE|__GFP_NOFAIL request (node 1 held) costs "
          "others: instructions per alloc+free pair, median of 5 runs, one CPU")
    print(f"{'pairs':<46}" + "".join(f"{k + ' none':>12}{'waiting':>9}{'ratio':>7}" for k in kernels)
          + f"  target series <= {OTHERS_TARGET} (node 0)")
    for what, order in OTHERS_ROWS:
        line = f"{OTHERS_WHAT[what] + f', order {order}':<46}"
        verdict = ""
        for k, (res, waiter, done) in kernels.items():
            none, wait = res.get(("none", what, order)), res.get(("waiting", what, order))
            if not none or not wait or waiter.get("early", 1):
                line += f"{'-':>12}{'-':>9}{'-':>7}"
                continue
            ratio = wait / none
            out.setdefault(k, {})[f"{what} order {order}"] = {"none": none, "waiting": wait, "ratio": ratio}
            line += f"{none:>12}{wait:>9}{ratio:>7.3f}"
            if k == "series" and what == "other":
                verdict = "  met" if round(ratio, 3) <= OTHERS_TARGET else "  NOT MET"
        print(line + verdict)
    for k, (res, waiter, done) in kernels.items():
        if waiter.get("early", 1):
            print(f"{k}: the waiter was served before the hold ended, or not at all: proves nothing")
        else:
            print(f"{k}: the waiter ran {waiter.get('cpu_ns', 0) / 1e3:.0f} us while the others were "
                  f"timed, and was served {waiter['served_ns'] / 1e6:.1f} ms after the hold began to end")
        out.setdefault(k, {})["waiter"] = waiter


def memcg(path):
    """{way: [run figures]} of benchmarks/memcg-cost, and whether it said done."""
    res, done = {}, False
    pat = r"memcg_cost: (\w+): run (\d+): filled (\d+) took (\d+) ns max (\d+) oom (\d+)( NULL)?"
    for line in open(path, errors="replace"):
        m = re.search(pat, line)
        if m:
            res.setdefault(m[1], []).append({
                "filled": int(m[3]), "took_ns": int(m[4]), "max_events": int(m[5]),
                "oom_events": int(m[6]), "null": bool(m[7])})
        done = done or "memcg_cost: done" in line
    return res, done


def memcg_full(runs):
    """The runs whose request found the group full: its reclaim gave up and
    the memcg OOM killer was invoked.  In the others something in the
    group could still be reclaimed or uncharged, and one round of
    reclaim served the request: not the case measured."""
    return [r for r in runs if r["oom_events"] > 0]


def waiting_valid(r):
    """The run held memory short for its whole wait: the request returned
    after the shortage ended, with an object."""
    return not r["null"] and r["after_ns"] >= 0 and r["waited_ns"] >= r["hold_ms"] * 1000000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--helpers")
    ap.add_argument("--sites", metavar="SITES_OFF.LOG")
    ap.add_argument("--pages", nargs=2)
    ap.add_argument("--pages-nodebug", nargs=2)
    ap.add_argument("--waiting")
    ap.add_argument("--waiting-data")
    ap.add_argument("--wake")
    ap.add_argument("--wake-one-cpu", nargs=2)
    ap.add_argument("--memcg")
    ap.add_argument("--pages-series", metavar="LOG")
    ap.add_argument("--others", nargs=2, metavar=("BASE.LOG", "SERIES.LOG"))
    ap.add_argument("--others-v4", metavar="V4.LOG")
    ap.add_argument("--others-series", metavar="LOG")
    ap.add_argument("--json", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--plots")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    h, n, nulls = helpers(args.helpers) if args.helpers else ({}, 0, None)
    out = {"helpers": {}, "page_alloc": {}, "pairs": n, "null": nulls}
    # the plots' rows, a list per table: (label, ratio, target)
    tables = {}
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
        tables.setdefault("helpers", []).append((name, ratio, HELPER_TARGET))
    if args.sites and h:
        # two kernels: the series kernel and the same without CONFIG_NOFAIL_SITES
        off, _, _ = helpers(args.sites)
        out["sites"] = {}
        print(f"\n{'CONFIG_NOFAIL_SITES on each helper call':<38}{'none':>9}{'sites':>9}"
              f"{'sites':>8}  allocator")
        for name, runs in h.items():
            if name not in off:
                continue
            k = {"none": off[name], "sites": runs}
            nofail = {w: min(b for _, b in r) for w, r in k.items()}
            plain = {w: min(a for a, _ in r) for w, r in k.items()}
            r_sites = nofail["sites"] / nofail["none"]
            control = plain["sites"] / plain["none"]
            print(f"{name:<38}{nofail['none']:>9.1f}{nofail['sites']:>9.1f}"
                  f"{r_sites:>8.3f}  {control:.3f}")
            out["sites"][name] = {"none": nofail["none"], "sites": nofail["sites"],
                                  "sites_ratio": r_sites,
                                  "allocator": plain, "allocator_ratio": control}
            tables.setdefault("options", []).append((name + " sites/none", r_sites, HELPER_TARGET))
    if args.pages:
        page_table("page allocator, series against base", args.pages, out["page_alloc"],
                   tables.setdefault("pages", []))
    if args.pages_nodebug:
        out["page_alloc_nodebug"] = {}
        page_table("the same, without DEBUG_KERNEL", args.pages_nodebug, out["page_alloc_nodebug"],
                   tables.setdefault("pages-nodebug", []))
    w, w_done = waiting(args.waiting) if args.waiting else ({}, False)
    if w:
        out["waiting"] = w
        hold = next(iter(w.values()))[-1]["hold_ms"]
        print(f"\nwaiting while ZONE_DMA is held short for {hold} ms (last of {len(next(iter(w.values())))} runs)")
        print(f"{'request':<38}{'cpu %':>9}{'after ms':>9}{'stalls':>8}{'loops':>8}{'retries':>8}"
              f"  target helper <= {WAIT_TARGET:.0%}")
        for way, runs in w.items():
            r = runs[-1]
            verdict = ""
            if way == "helper":
                verdict = "met" if round(r["cpu_share"], 3) <= WAIT_TARGET else "NOT MET"
            if not waiting_valid(r):
                verdict = "the shortage did not hold: proves nothing"
            print(f"{WAYS.get(way, way):<38}{100 * r['cpu_share']:>9.1f}{r['after_ns'] / 1e6:>9.2f}"
                  f"{r['allocstall']:>8}{r['loops']:>8}{r['nofail_retry']:>8}  {verdict}")
        if args.waiting_data:
            with open(args.waiting_data, "w") as f:
                for way, runs in w.items():
                    # the target is the helper's alone
                    target = 100 * WAIT_TARGET if way == "helper" else "-"
                    f.write(f'"{WAYS.get(way, way)}" {100 * runs[-1]["cpu_share"]:.2f} {target}\n')
    wk, wk_done = wake(args.wake) if args.wake else ({}, False)
    if wk:
        out["wake"] = {f"{n} {way}": r for (n, way), r in wk.items()}
        wake_table("two CPUs, the series kernel", {"series": wk}, True)
    wk1 = {k: wake(log) for k, log in zip(("base", "series"), args.wake_one_cpu or ())}
    if wk1:
        out["wake_one_cpu"] = {k: {f"{n} {way}": r for (n, way), r in res.items()}
                               for k, (res, _) in wk1.items()}
        wake_table("one CPU, base and series", {k: res for k, (res, _) in wk1.items()}, False)
    mc, mc_done = memcg(args.memcg) if args.memcg else ({}, False)
    if mc:
        out["memcg"] = mc
        print(f"\na memory cgroup at its memory.max, one accounted 4 KiB request, median of the runs "
              f"that found it full (memcg OOM invoked)")
        print(f"{'request':<41}{'full':>6}{'instr':>10}{'range':>20}{'ratio':>7}{'max ev':>7}{'oom ev':>7}")
        full = {way: memcg_full(runs) for way, runs in mc.items()}
        flag = statistics.median(r["took_ns"] for r in full.get("flag") or [{"took_ns": math.nan}])
        for way, runs in mc.items():
            f = full[way]
            if not f:
                print(f"{MEMCG_WAYS.get(way, way):<41}{f'0/{len(runs)}':>6}  never found the group full: proves nothing")
                continue
            took = statistics.median(r["took_ns"] for r in f)
            rng = f"{min(r['took_ns'] for r in f)}..{max(r['took_ns'] for r in f)}"
            print(f"{MEMCG_WAYS.get(way, way):<41}{f'{len(f)}/{len(runs)}':>6}{took:>10.0f}{rng:>20}"
                  f"{took / flag:>7.3f}{statistics.median(r['max_events'] for r in f):>7.0f}"
                  f"{statistics.median(r['oom_events'] for r in f):>7.0f}")
    if args.others:
        kernels = {"base": others(args.others[0]), "series": others(args.others[1])}
        if args.others_v4:
            kernels["v4"] = others(args.others_v4)
        out["others"] = {}
        others_table(kernels, out["others"])
        for label, r in out["others"].get("series", {}).items():
            if label != "waiter":
                # the target is the other node's alone
                target = OTHERS_TARGET if label.startswith("other ") else "-"
                tables.setdefault("others", []).append((label, r["ratio"], target))
    with open(args.json, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    with open(args.data, "w") as f:
        for table, rows in tables.items():
            suffix = " nodebug" if table == "pages-nodebug" else ""
            f.writelines(f'"{label}{suffix}" {ratio:.4f} {target}\n' for label, ratio, target in rows)
    for table, rows in tables.items() if args.plots else ():
        with open(f"{args.plots}/{table}.dat", "w") as f:
            f.writelines(f'"{label}" {ratio:.4f} {target}\n' for label, ratio, target in rows)
    if not args.check:
        return 0
    results = [("every helper pair measured five times", len(h) == 9 and all(len(r) == 5 for r in h.values())),
               ("no NULL from an allocation", nulls == 0)]
    for name, runs in h.items():
        for which, i in (("allocator", 0), ("helper", 1)):
            # one run only (a console cut short) proves no stability
            a, b = (sorted(r[i] for r in runs) + [math.inf])[:2]
            results.append((f"{name}: the {which}'s two smallest runs within 0.5 %", b - a <= 0.005 * a))
    if args.waiting:
        results.append(("waiting: every request measured twice, and the module said done",
                        w_done and len(w) == len(WAYS) and all(len(r) == 2 for r in w.values())))
        for way, runs in w.items():
            results.append((f"waiting, {way}: every run got its object after the shortage ended",
                            all(waiting_valid(r) for r in runs)))
    if args.wake:
        results.append(("wake: every number of waiters measured each way, and the module said done",
                        wk_done and bool(wk) and
                        all((n, way) in wk for n in {n for n, _ in wk} for way in WAKE_WAYS)))
        results.append(("wake: every request waited for pages to come back (none served early)",
                        bool(wk) and all(r["early"] == 0 and r["served"] > 0 for r in wk.values())))
        results.append(("wake: every request served by the pages given back, none stuck (series)",
                        bool(wk) and all(r["stuck"] == 0 for r in wk.values())))
    if args.memcg:
        results.append((f"memcg: both requests measured {MEMCG_RUNS} times, and the module said done",
                        mc_done and len(mc) == len(MEMCG_WAYS) and
                        all(len(r) == MEMCG_RUNS for r in mc.values())))
        results.append(("memcg: each request found the group full in a run at least",
                        len(mc) == len(MEMCG_WAYS) and all(memcg_full(r) for r in mc.values())))
        results.append(("memcg: every request got its object at the limit, through the group's max events",
                        bool(mc) and all(not r["null"] and r["max_events"] > 0
                                         for runs in mc.values() for r in runs)))
    if args.pages_series:
        # make check: the page allocator's module in the series kernel
        # alone, a pair per row of the full table (fast path at orders 0,
        # 1 and 3 with and without __GFP_NOFAIL, three frees, two
        # slow-path entries)
        rows = pages(args.pages_series)
        with open(args.pages_series, errors="replace") as f:
            done = "page_alloc_cost: done" in f.read()
        results.append(("page allocator: every pair measured in the series kernel, and the module said done",
                        done and len(rows) == PAGE_ROWS and all(v > 0 for v in rows.values())))
    if args.others_series:
        res, waiter, done = others(args.others_series)
        results.append(("wait-others: every pair measured with and without the waiter, "
                        "which waited, and the module said done", others_complete(res, waiter, done)))
    print(f"BENCH 1..{len(results)}")
    for what, ok in results:
        print(f"BENCH {0 if ok else 1} {what}")
    return 0 if all(ok for _, ok in results) else 1


if __name__ == "__main__":
    sys.exit(main())
