# SPDX-License-Identifier: GPL-2.0
"""console.py: the one reader of a guest's kernel console.

What counts as a bad kernel message is defined here and only here; the
boot test's judge (boot_results.py) and the pressure tables
(pressure_results.py) both read consoles through messages().

Each kind of message has a class:
  fatal  the kernel is broken: fails every test
  error  fails the boot test's target it happens in; counted elsewhere
  event  counted, never a failure by itself (an OOM kill, a helper's
         first-failure report)

A report that comes with a call trace or a memory dump is one message:
the lines after its first one, up to the end of its trace, are not
looked at again (a helper's report, an OOM report, a page allocation
failure and a WARNING all print "Call Trace"), except for a fatal one,
which another CPU can print at the same time.
"""

import re

# (kind, class, pattern), first match wins.  Patterns are searched in
# the line without its printk timestamp.
KINDS = [
    ("nofail helper report", "event", r"nofail: .*: first allocation failure here"),
    ("OOM report", "error", r" invoked oom-killer: "),
    ("OOM kill", "event", r"Out of memory: Killed process|Memory cgroup out of memory: Killed"),
    # the pressure hog's own, as the OOM killer's victim, are expected
    ("hog allocation failure", "event", r"^nofail-hog: .*page allocation failure"),
    ("page allocation failure", "error", r"page allocation failure"),
    ("slab out of memory", "error", r"SLUB: Unable to allocate memory"),
    ("hung task", "fatal", r"blocked for more than"),
    # lockdep's reports (make lockdep); most begin with "WARNING:"
    ("lockdep", "fatal",
     r"possible (circular|recursive) locking|inconsistent lock state|"
     r"lock inversion dependency|-safe -> .*-unsafe lock order|"
     r"suspicious RCU usage|bad unlock balance|Invalid wait context|"
     r"held lock freed|turning off the locking correctness validator"),
    ("soft lockup", "fatal", r"soft lockup|hard LOCKUP|rcu_sched self-detected|rcu: INFO"),
    ("oops/BUG/panic", "fatal", r"BUG:|Oops|Kernel panic|general protection|Unable to handle"),
    # a trace that belongs to none of the reports below
    ("call trace", "error", r"cut here|Call Trace"),
    ("WARNING", "error", r"WARNING:"),
    ("segfault", "error", r"segfault at"),
    ("fs error", "error",
     r"EXT4-fs error|JBD2: .*(error|abort)|BTRFS (error|critical|warning)|"
     r"REISERFS (error|abort|panic|warning)|gfs2: .*(fatal|error)|corruption"),
    ("read-only or withdrawn", "error", r"read-only|readonly|withdraw"),
    ("I/O error", "error", r"error, dev|device-mapper: .*error"),
]

# Lines that match a pattern above and are not what it means:
#  - every x86 boot write-protects its read-only data;
#  - every reiserfs mount in 6.12 warns that reiserfs goes away in 2025;
#  - make fstests' guest has the host's root, read-only by design;
#  - mke2fs asks a loop device over tmpfs to zero blocks, which tmpfs
#    cannot (no FALLOC_FL_ZERO_RANGE): the block layer logs the refused
#    WRITE_ZEROES once, and the kernel writes the zeroes as data.
IGNORE = re.compile(r"Write protecting the kernel read-only data|"
                    r"reiserfs filesystem is deprecated|"
                    r"Mounted root \(9p filesystem\) readonly|"
                    r"operation not supported error, dev loop[0-9]+, .*WRITE_ZEROES")

# A report's first line, and the line that ends its trace or dump.  A
# report whose end never comes is over after BLOCK_MAX lines.
BLOCK_MAX = 400
BLOCKS = [
    (re.compile(r"nofail: .*: first allocation failure here|page allocation failure"),
     re.compile(r"</TASK>")),
    (re.compile(r" invoked oom-killer: "),
     re.compile(r"Out of memory: Killed process|Memory cgroup out of memory: Killed|"
                r"Out of memory and no killable processes")),
    (re.compile(r"WARNING:"), re.compile(r"---\[ end trace")),
]

# What the guest's /init prints: its diagnostics, results and summary.
GUEST = re.compile(r"^(#|PRESSURE|SURVEY|ok [0-9]|not ok [0-9]|KTAP version|1\.\.[0-9]|nofail-boot: )")

COMPILED = [(kind, cls, re.compile(rx)) for kind, cls, rx in KINDS]
CLASS = {kind: cls for kind, cls, _ in KINDS}
TIMESTAMP = re.compile(r"^\[ *[0-9]+\.[0-9]+\] ")


def lines(path):
    """The console's lines, without carriage returns and timestamps."""
    with open(path, errors="replace") as f:
        for raw in f:
            yield TIMESTAMP.sub("", raw.rstrip("\r\n"))


def kind_of(line):
    """The kind of a kernel message, or None."""
    if IGNORE.search(line):
        return None
    for kind, _, rx in COMPILED:
        if rx.search(line):
            return kind
    return None


def messages(path):
    """(line, kind) for every console line; kind is None for a line that
    is no message of KINDS, or that belongs to a report already seen.
    What the guest's /init prints is never a message: its diagnostics
    quote the tools' output, which the guest judges itself."""
    reports = []	# [end pattern, lines left] of the reports being printed
    for line in lines(path):
        if GUEST.match(line):
            yield line, None
            continue
        kind = kind_of(line)
        for r in reports:
            r[1] -= 1
        ended = [r for r in reports if r[0].search(line)]
        # two CPUs can report at once: one end closes one report
        if ended:
            reports.remove(ended[0])
        reports = [r for r in reports if r[1] > 0]
        if ended:
            # an OOM report ends with the kill, which is counted
            yield line, kind if kind == "OOM kill" else None
            continue
        starts = [end for start, end in BLOCKS if start.search(line)]
        if starts:
            reports.append([starts[0], BLOCK_MAX])
        elif reports and CLASS.get(kind) != "fatal":
            yield line, None
            continue
        yield line, kind
