#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""pressure_results.py [--check [--targets "FS..."]] [--json FILE] KERNEL-MODE[-RUN]=CONSOLE...

Reads the consoles of scripts/run/pressure.sh's boots (tests/boot/init in
nofail.pressure mode) and prints, per mode, one table with the kernels
side by side: per file system what the workload did (operations, failed
ones and why), what the kernel did to get it memory (OOM kills, direct
reclaim stalls, compaction stalls, the __GFP_NOFAIL policy's vm events,
in hog mode the time from the hogs' start to the first OOM kill),
fsync latency (median, p99, max, measured in the workload), fsck and the
files that did not read back, wall time; then per boot the kernel
messages of each kind.  With --check, "PRESSURE 0|1 <what>" lines for
make check, for every run, and exit 1 when any is 1: a run fails when
the guest's KTAP plan is missing or not run whole, a target is "not ok"
or has no PRESSURE line, the kernel said something fatal, or the memory
was not shown short; with --targets, a file system the host planned
that the guest did not run fails too.

With more than one run per kernel and mode (pressure.sh RUNS=N), the
tables are of the first run, and a comparison follows: per file system,
operations done, operations per second of CPU time of the target's
shell's children (the workload, its rm and grep; under the hog their
share of the CPU varies with the OOM kills, their work per CPU second
less so), fsync p99 and the time to the first OOM kill, the median of each kernel's runs, the
ratio series / base of the medians, the range of the ratios of the runs
paired in the order they ran, and the base's own spread (largest run
over smallest): a difference smaller than that spread is noise (with
one kernel only, KERNELS=series, its runs' spread alone); and the
two-sided p of the Wilcoxon rank-sum test of the two kernels' runs: how
often runs of two kernels alike would differ as much (with 3 runs each
it cannot go below 0.1).  Then
in memcg mode the runs in which the OOM killer acted on the workload's
group (memcg oom events above 0), per kernel, with the two-sided p of
Fisher's exact test of the two counts: how often two kernels alike
would differ as much.  (The hog makes the OOM killer act in every run,
by design: no such count there.)

The comparison's heading names the runs as given: the order of the
boots is that of the arguments, interleaved only when pressure.sh ran
both kernels in one command.
"""

import argparse
import itertools
import json
import math
import random
import re
import statistics
import sys

sys.dont_write_bytecode = True	# no __pycache__ in the project's scripts/
from console import KINDS, TIMESTAMP, messages  # noqa: E402

# What the kernel said, by kind (scripts/judge/console.py): the fatal ones fail
# a --check, the others are counted.
FATAL = [kind for kind, cls, _ in KINDS if cls == "fatal"]
COUNTED = [kind for kind, cls, _ in KINDS if cls != "fatal"]
VM = ["oom_kill", "allocstall_dma32", "allocstall_normal", "compact_stall",
      "pgscan_direct", "nofail_no_watermarks", "nofail_min_reserve", "nofail_retry"]


def number(text):
    try:
        return float(text) if "." in text else int(text)
    except ValueError:
        return text


HOGS = re.compile(r"^\[ *([0-9]+\.[0-9]+)\] nofail-pressure: hogs started")
KILL = re.compile(r"^\[ *([0-9]+\.[0-9]+)\] (Out of memory: Killed process|Memory cgroup out of memory: Killed)")


def first_kills(path):
    """Per target, in ms of the kernel's clock: from the hogs' start to
    the first OOM kill after it (the guest's PRESSURE line closes the
    target).  The hogs are plain user-memory allocations, so this is the
    time the OOM killer takes to act for a plain request."""
    out, start, first = {}, None, None
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            m = HOGS.match(line)
            if m:
                start, first = float(m[1]), None
                continue
            m = KILL.match(line)
            if m and start is not None and first is None:
                first = round((float(m[1]) - start) * 1000)
                continue
            text = TIMESTAMP.sub("", line)
            if text.startswith("PRESSURE ") and first is not None:
                out[text.split()[1]] = first
                start = first = None
    return out


def read(path):
    """One boot: its targets and its kernel messages."""
    targets, msgs, ktap, summary, plan = {}, {k: 0 for k in FATAL + COUNTED}, {}, None, None
    for line, kind in messages(path):
        if kind:
            msgs[kind] += 1
        if line.startswith("PRESSURE "):
            f = line.split()
            targets.setdefault(f[1], {}).update(
                {k: number(v) for k, v in (x.split("=", 1) for x in f[2:] if "=" in x)})
            continue
        m = re.match(r"(not ok|ok) \d+ (\S+)", line)
        if m:
            ktap[m[2]] = m[1] == "ok"
            continue
        m = re.match(r"1\.\.(\d+)$", line)
        if m and plan is None:
            plan = int(m[1])
            continue
        if line.startswith("nofail-boot: "):
            summary = line
    for name, ms in first_kills(path).items():
        targets.setdefault(name, {})["first_kill_ms"] = ms
    for name, t in targets.items():
        # the guest gives microseconds (median, p99, max of the workload's fsyncs)
        for p in ("p50", "p99", "max"):
            us = t.get(f"fsync_{p}_us")
            t[f"fsync_{p}_ms"] = None if us is None else round(us / 1000, 1)
        t["allocstall"] = t.get("allocstall_dma32", 0) + t.get("allocstall_normal", 0)
        # the workload's CPU seconds (reclaim in its context included), and
        # what it did per CPU second: under the hog the workload's share
        # of the CPU varies with the OOM kills, its work per second of it
        # less so
        cpu = t.get("cpu_cs")
        t["cpu_s"] = cpu / 100 if isinstance(cpu, int) else None
        ops = t.get("ops")
        t["ops_per_cpu_s"] = round(ops / t["cpu_s"]) if t["cpu_s"] and isinstance(ops, int) else None
        t["ktap_ok"] = ktap.get(name, False)
    return {"targets": targets, "messages": msgs, "summary": summary, "plan": plan, "ktap": ktap}


def cell(run, target, key):
    v = run["targets"].get(target, {}).get(key) if run else None
    return "-" if v is None or v == "" else str(v)


COLUMNS = [("rounds", "rounds"), ("unfinished", "unfinished"), ("ops", "ops"), ("failed", "failed"), ("enomem", "ENOMEM"),
           ("oom_kill", "OOM kills"), ("first_kill_ms", "first kill ms"), ("allocstall", "allocstall"),
           ("compact_stall", "compact"), ("pgscan_direct", "pgscan direct"),
           ("memcg_max", "memcg max"),
           ("memcg_oom", "memcg oom"), ("memcg_oom_kill", "memcg kills"), ("nofail_no_watermarks", "nf nowmark"),
           ("nofail_min_reserve", "nf minres"), ("nofail_retry", "nf retry"),
           ("fsync_p50_ms", "fsync p50 ms"), ("fsync_p99_ms", "fsync p99 ms"),
           ("fsync_max_ms", "fsync max ms"), ("fsck_failed", "fsck failed"),
           ("mismatches", "not read back"), ("seconds", "seconds"), ("cpu_s", "workload cpu s"),
           ("ops_per_cpu_s", "ops per cpu s")]


def table(mode, runs):
    kernels = [k for k in ("base", "series") if (k, mode) in runs]
    names = []
    for k in kernels:
        names += [n for n in runs[(k, mode)]["targets"] if n not in names]
    head = " / ".join(kernels)
    print(f"\nmode {mode}: per file system, {head}")
    print(f"{'':16}" + "".join(f"{n:>18}" for n in names))
    for key, label in COLUMNS:
        row = [" / ".join(cell(runs[(k, mode)], n, key) for k in kernels) for n in names]
        if all(c.strip("- /") == "" for c in row):
            continue
        print(f"{label:16}" + "".join(f"{c:>18}" for c in row))
    for k in kernels:
        ok, what = proof(mode, runs[(k, mode)])
        print(f"{k}: {what}: " + ("the memory was short" if ok else
                                  "no pressure shown: this run proves nothing"))
    print(f"kernel messages ({head}):")
    for kind in FATAL + COUNTED:
        print(f"  {kind:26}" + " / ".join(str(runs[(k, mode)]["messages"][kind]) for k in kernels))


def proof(mode, run):
    """Whether the run made memory short: (ok, what was seen).  In hog
    mode the OOM killer must have acted again and again: twice or more
    on every file system."""
    key = "oom_kill" if mode == "hog" else "memcg_max"
    each = [t.get(key, 0) if isinstance(t.get(key, 0), int) else 0 for t in run["targets"].values()]
    seen = sum(each)
    stalls = sum(t.get("allocstall", 0) for t in run["targets"].values())
    what = f"{seen} {'OOM kills' if mode == 'hog' else 'memcg max events'}, {stalls} allocstalls"
    if mode == "hog":
        what += f", {min(each, default=0)} on the file system with the fewest"
        return bool(each) and min(each) >= 2, what
    return seen > 0, what


def planned(where, run):
    """What the guest planned against what it reported: its KTAP plan,
    one result per planned target, each "ok" and each with its PRESSURE
    line, and the closing summary.  A target that failed prints no
    PRESSURE line: judging the PRESSURE lines alone would pass it."""
    results = []
    plan, ktap = run["plan"], run["ktap"]
    results.append((f"{where}: the guest's plan ran whole",
                    plan is not None and plan > 0 and len(ktap) == plan and run["summary"] is not None,
                    f"plan {plan}, {len(ktap)} results, summary {run['summary']!r}"))
    for name, ok in ktap.items():
        if name not in run["targets"]:
            results.append((f"{where}: {name}: finished, fsck clean, every file read back", False,
                            "the target failed before its PRESSURE line" if not ok else
                            "no PRESSURE line"))
    return results


def check(every, targets=None):
    bad = 0
    for (kernel, mode, n), run in sorted(every.items()):
        where = f"{kernel}-{mode}" + (f"-{n}" if any(r > 1 for _, _, r in every) else "")
        results = []
        for kind in FATAL:
            results.append((f"{where}: no {kind}", run["messages"][kind] == 0, f"{run['messages'][kind]} seen"))
        results += planned(where, run)
        # the host's plan: a guest that ran fewer file systems, with a
        # plan of its own to match, must not pass
        for name in targets or ():
            if name not in run["ktap"]:
                results.append((f"{where}: {name}: ran, as the host planned", False,
                                "no result from the guest"))
        for name, t in run["targets"].items():
            why = [f"{k}={t.get(k)}" for k in ("unfinished", "fsck_failed", "mismatches") if t.get(k) != 0]
            results.append((f"{where}: {name}: finished, fsck clean, every file read back",
                            not why and t["ktap_ok"], " ".join(why) or "the target failed"))
        ok, what = proof(mode, run)
        results.append((f"{where}: pressure shown ({'OOM kills again and again' if mode == 'hog' else 'memcg max events'})",
                        ok, f"{what}: the run proves nothing"))
        print(f"PRESSURE 1..{len(results)}")
        for what, ok, why in results:
            print(f"PRESSURE {0 if ok else 1} {what}")
            if not ok:
                print(f"pressure: {what}: {why}", file=sys.stderr)
                bad += 1
    return bad


def fisher(a, n, b, m):
    """Two-sided p of Fisher's exact test: a of n runs against b of m."""
    k, total = a + b, n + m

    def prob(x):
        return math.comb(n, x) * math.comb(m, k - x) / math.comb(total, k)
    seen = prob(a)
    return min(1.0, sum(prob(x) for x in range(max(0, k - m), min(k, n) + 1)
                        if prob(x) <= seen * (1 + 1e-9)))


def ranksum_p(a, b):
    """Two-sided p of the Wilcoxon rank-sum test of two kernels' runs: of
    every way to split the pooled runs in two groups of those sizes, the
    share whose rank sum is as far from its mean as a's (20000 splits
    drawn with a fixed seed when there are more than 200000)."""
    pooled = sorted(a + b)
    rank = {}
    for v in set(pooled):
        first = pooled.index(v) + 1
        rank[v] = first + (pooled.count(v) - 1) / 2
    ranks = [rank[v] for v in a + b]
    n = len(a)
    mean = n * (len(ranks) + 1) / 2
    seen = abs(sum(rank[v] for v in a) - mean) - 1e-9
    if math.comb(len(ranks), n) <= 200000:
        splits = itertools.combinations(ranks, n)
    else:
        rng = random.Random(0)
        splits = (rng.sample(ranks, n) for _ in range(20000))
    far = total = 0
    for split in splits:
        total += 1
        far += abs(sum(split) - mean) >= seen
    return far / total


def oom_runs(mode, names, values):
    """Per file system: the runs of each kernel in which the OOM killer
    acted, and Fisher's p of the two counts."""
    key = "memcg_oom"
    out = {}
    print(f"\n{'':12}{'runs with ' + key:<26}{'base':>10}{'series':>10}{'fisher p':>10}")
    for name in names:
        b = [v for v in values("base", name, key) if isinstance(v, int)]
        s_ = [v for v in values("series", name, key) if isinstance(v, int)]
        if not b or not s_:
            continue
        nb, ns = sum(v > 0 for v in b), sum(v > 0 for v in s_)
        p = fisher(nb, len(b), ns, len(s_))
        print(f"{name:12}{'':26}{f'{nb}/{len(b)}':>10}{f'{ns}/{len(s_)}':>10}{p:>10.3f}")
        out[name] = {"key": key, "base": b, "series": s_, "base_runs": nb, "series_runs": ns, "fisher_p": p}
    return out


COMPARED = (("ops", "ops"), ("ops_per_cpu_s", "ops per cpu s"), ("fsync_p99_ms", "fsync p99 ms"),
            ("first_kill_ms", "first kill ms"))


def own_spread(mode, kernel, names, values):
    """The repeated runs of one kernel alone: its own spread."""
    print(f"\nmode {mode}: the {kernel} kernel alone, no comparison; its runs")
    print(f"{'':12}{'':14}{'median':>10}{'smallest':>10}{'largest':>10}{'spread':>8}")
    out = {}
    for name in names:
        for key, label in COMPARED:
            v = [x for x in values(kernel, name, key) if isinstance(x, (int, float))]
            if not v or min(v) <= 0:
                continue
            print(f"{name:12}{label:14}{statistics.median(v):>10.6g}{min(v):>10.6g}{max(v):>10.6g}"
                  f"{max(v) / min(v):>8.3f}")
            out.setdefault(name, {})[key] = {kernel: v, "spread": max(v) / min(v)}
    return out


def compare(mode, runs):
    """The repeated runs of one mode: medians, ratios, spread."""
    def values(kernel, name, key):
        return [r["targets"].get(name, {}).get(key) for (k, m, _), r in sorted(runs.items())
                if k == kernel and m == mode]
    names = []
    for (k, m, _), r in sorted(runs.items()):
        names += [n for n in r["targets"] if m == mode and n not in names]
    kernels = sorted({k for k, m, _ in runs if m == mode})
    if kernels != ["base", "series"]:
        return own_spread(mode, kernels[0], names, values)
    nb, ns = (len(values(k, names[0], "ops")) if names else 0 for k in ("base", "series"))
    runs_of = f"{nb} runs per kernel" if nb == ns else f"{nb} base runs, {ns} series runs"
    print(f"\nmode {mode}: {runs_of}, paired in the order given; series / base")
    print(f"{'':12}{'':14}{'base':>10}{'series':>10}{'ratio':>8}{'ratio range':>16}{'base spread':>13}"
          f"{'rank p':>8}")
    out = {}
    for name in names:
        for key, label in COMPARED:
            b = [v for v in values("base", name, key) if isinstance(v, (int, float))]
            s_ = [v for v in values("series", name, key) if isinstance(v, (int, float))]
            if not b or not s_ or min(b) <= 0:
                continue
            mb, ms = statistics.median(b), statistics.median(s_)
            pairs = [y / x for x, y in zip(b, s_) if x > 0]
            spread = max(b) / min(b)
            p = ranksum_p(b, s_)
            print(f"{name:12}{label:14}{mb:>10.6g}{ms:>10.6g}{ms / mb:>8.3f}"
                  f"{f'{min(pairs):.3f}..{max(pairs):.3f}':>16}{spread:>13.3f}{p:>8.3f}")
            out.setdefault(name, {})[key] = {"base": b, "series": s_, "ratio": ms / mb,
                                             "pair_ratios": pairs, "base_spread": spread,
                                             "ranksum_p": p}
    if mode != "memcg":
        return out
    for name, o in oom_runs(mode, names, values).items():
        out.setdefault(name, {})["oom_runs"] = o
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--targets", help="the file systems the host planned, space separated")
    ap.add_argument("boots", nargs="+", help="KERNEL-MODE=CONSOLE")
    args = ap.parse_args()
    every = {}
    for b in args.boots:
        name, path = b.split("=", 1)
        kernel, mode, *run = name.split("-")
        every[(kernel, mode, int(run[0]) if run else 1)] = read(path)
    # the tables and the check: the first run of each
    runs = {(k, m): r for (k, m, n), r in every.items() if n == 1}
    comparisons = {}
    for mode in dict.fromkeys(m for _, m in runs):
        table(mode, runs)
        if any(n > 1 for _, m, n in every if m == mode):
            comparisons[mode] = compare(mode, every)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": {f"{k}-{m}-{n}": r for (k, m, n), r in every.items()},
                       "comparisons": comparisons}, f, indent=1)
    if args.check:
        sys.exit(1 if check(every, args.targets.split() if args.targets else None) else 0)


if __name__ == "__main__":
    main()
