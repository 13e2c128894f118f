# SPDX-License-Identifier: GPL-2.0
"""budget.py: the exclusions that fit a file system's cell to its budget.

  python3 tests/fstests/budget.py FS SECONDS CELL...

Each CELL is a make fstests cell that ran fstests' quick group, or a
part of it (measuring runs can split the group between two guests),
its console.log split by the "run fstests TEST at" lines that fstests
writes to the kernel log; a test measured in two cells costs the more.  Each test costs
the time from its line to the next one (its own run, and check's work
around it: mkfs, mount, fsck), the last one up to the guest's "done".
Prints the exclusion lines of tests/fstests/exclude (FS TEST REASON)
that leave the fastest tests whose costs sum to SECONDS at most: every
other test that ran is "slow" (its cost), and every test of the group
the runs did not reach is "unmeasured".  FS is the first field of the
lines (a cell name or FSTYP of tests/fstests/cells).  The lines are made once, by hand, from a measuring run, and kept in
tests/fstests/exclude with that run's date.
"""

import os
import re
import sys

RUN = re.compile(r"^\[ *([0-9]+\.[0-9]+)\] run fstests (\S+) at ")
DONE = re.compile(r"^\[ *([0-9]+\.[0-9]+)\] nofail-fstests: done")


def costs(console):
    """[(test, seconds)] in the order the tests ran."""
    marks = []
    with open(console, errors="replace") as f:
        for line in f:
            m = RUN.match(line)
            if m:
                marks.append((m.group(2), float(m.group(1))))
            m = DONE.match(line)
            if m:
                marks.append((None, float(m.group(1))))
    return [(t, round(n - s)) for (t, s), (_, n) in zip(marks, marks[1:]) if t]


def quick_group(cell):
    """The tests of fstests' quick group for the cell's FSTYP: generic/
    and the file system's own folder, from the group.list files that
    fstests' build makes."""
    conf = dict(re.findall(r"^(\w+)='?([^'\n]*)'?$", open(os.path.join(cell, "guest.conf")).read(), re.M))
    tests = []
    for d in ("generic", conf["FSTYP"]):
        path = os.path.join(conf["FSTESTS"], "tests", d, "group.list")
        if os.path.exists(path):
            for line in open(path):
                w = line.split()
                if len(w) > 1 and not w[0].startswith("#") and "quick" in w[1:]:
                    tests.append(f"{d}/{w[0]}")
    return tests


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    fs, budget, cells = argv[1], float(argv[2]), argv[3:]
    cost = {}
    for cell in cells:
        for t, s in costs(os.path.join(cell, "console.log")):
            cost[t] = max(s, cost.get(t, 0))
    everything = quick_group(cells[0])
    ran = [(t, cost[t]) for t in everything if t in cost]
    keep, used = set(), 0.0
    for t, s in sorted(ran, key=lambda x: (x[1], x[0])):
        if used + s <= budget:
            keep.add(t)
            used += s
    seen = {t for t, _ in ran}
    for t, s in ran:
        if t not in keep:
            print(f"{fs:<9} {t:<15} slow: {s} s in the measuring run")
    for t in everything:
        if t not in seen:
            print(f"{fs:<9} {t:<15} unmeasured: beyond the measuring run")
    sys.stderr.write(f"budget.py: {len(keep)} tests kept, {used:.0f} s of {budget:.0f}; "
                     f"{len(ran) - len(keep)} slow, {len(everything) - len(seen & set(everything))} unmeasured\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
