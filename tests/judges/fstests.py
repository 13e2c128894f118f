# SPDX-License-Identifier: GPL-2.0
"""Make the canned cases of tests/judges/fstests/: one cell of make
fstests each (console, fstests' xunit report, what the host keeps), in
fstests' format and the console's shape, with its reference cell in
reference/ and, for a case that must fail, its expect pattern.  Run it
after changing the cases; tests/judges/run.sh judges them."""
import os
import shutil

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fstests")
XML = '''<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="xfstests" failures="{nf}" skipped="{ns}" tests="{n}" time="{t}" hostname="fstests" >
{cases}</testsuite>
'''
def xml(outcomes, complete=True):
    cases = ""
    for name, o in outcomes:
        cases += f'\t<testcase classname="xfstests.global" name="{name}" time="13">\n'
        if o == "fail":
            cases += '\t\t<failure message="- output mismatch (see .out.bad)" type="TestFail" />\n'
        if o == "notrun":
            cases += '\t\t<skipped message="ext4 does not support this" />\n'
        cases += '\t</testcase>\n'
    nf = sum(o == "fail" for _, o in outcomes); ns = sum(o == "notrun" for _, o in outcomes)
    return XML.format(nf=nf, ns=ns, n=len(outcomes), t=13 * len(outcomes) if complete else "", cases=cases)

def console(extra=None, done=True):
    lines = ["[    2.421967] Run /work/main/tests/fstests/guest-init as init process",
             "[    2.358939] VFS: Mounted root (9p filesystem) readonly on device 0:15.",
             "[    5.162197] nofail-fstests: up; mkfs.ext4 -q -F /dev/vda",
             "[   35.670129] nofail-fstests: check generic/002 generic/003 generic/004 on ext4 (plain)"]
    for i, t in enumerate(["generic/002", "generic/003", "generic/004"]):
        lines.append(f"[   {56 + 20 * i}.497772] run fstests {t} at 2026-12-07 21:09:47")
        lines.append(f"[   {57 + 20 * i}.000000] EXT4-fs (vda): mounted filesystem db2a69c0 r/w with ordered data mode. Quota mode: none.")
        if extra and extra[0] == t:
            lines += extra[1]
    if done:
        lines.append("[  140.000000] nofail-fstests: done")
    return "\n".join(lines) + "\n"

HELPER = ["[   60.100000] nofail: kmem_cache_zalloc_nofail fs/jbd2/journal.c:2886 func:journal_alloc_journal_head: first allocation failure here",
          "[   60.100001] CPU: 1 UID: 0 PID: 812 Comm: xfs_io Not tainted 6.12.118",
          "[   60.100002] Call Trace:", "[   60.100003]  <TASK>", "[   60.100004]  dump_stack_lvl+0x5d/0x80",
          "[   60.100005]  </TASK>"]
FSERR = ["[   97.000000] EXT4-fs error (device vdb): ext4_lookup:1819: inode #12: comm ls: deleted inode referenced: 13"]
OOPS = ["[   61.000000] BUG: kernel NULL pointer dereference, address: 0000000000000008",
        "[   61.000001] Oops: Oops: 0000 [#1] PREEMPT SMP"]
BASE = [("generic/002", "pass"), ("generic/003", "notrun"), ("generic/004", "pass")]

def cell(d, fs, mode, outcomes, con, qemu="0", injected=None, sites=None, ref=None, complete=True, retried=None, allpass=None):
    os.makedirs(os.path.join(d, "results"), exist_ok=True)
    open(os.path.join(d, "cell"), "w").write(f"{fs} {mode}\n")
    open(os.path.join(d, "qemu-rc"), "w").write(qemu + "\n")
    open(os.path.join(d, "check.rc"), "w").write("0\n")
    open(os.path.join(d, "seconds"), "w").write("140\n")
    open(os.path.join(d, "commit"), "w").write("a6c35a71f\n")
    open(os.path.join(d, "console.log"), "w").write(con)
    if outcomes is not None:
        open(os.path.join(d, "results", "result.xml"), "w").write(xml(outcomes, complete))
    if allpass:
        open(os.path.join(d, "all-pass"), "w").write(allpass + "\n")
    if injected is not None:
        open(os.path.join(d, "failslab.injected"), "w").write(f"{injected}\n")
        hdr = "#  <failed> <retried> <waiting> <max_wait_us> <helper> <tag info>\n"
        line = "      {n}       {r}       0          25 kmem_cache_zalloc_nofail   fs/jbd2/journal.c:2886 func:journal_alloc_journal_head\n"
        open(os.path.join(d, "nofailinfo.before"), "w").write(hdr + line.format(n=0, r=0))
        open(os.path.join(d, "nofailinfo.after"), "w").write(hdr + line.format(n=sites, r=sites if retried is None else retried))
    if ref:
        ref(os.path.join(d, "reference"))

def base_ref(kind="base", con=None):
    return lambda d: cell(d, "ext4", kind, BASE, con or console(("generic/004", FSERR)))

for case in os.listdir(root) if os.path.isdir(root) else []:
    shutil.rmtree(os.path.join(root, case))
S = lambda n: os.path.join(root, n)
# good: same outcomes as the base; a helper report (an event); an ext4 error in
# generic/004 that the base printed too
cell(S("good"), "ext4", "series", BASE, console(("generic/002", HELPER)).replace(
    "run fstests generic/004 at 2026-12-07 21:09:47\n", "run fstests generic/004 at 2026-12-07 21:09:47\n" + FSERR[0] + "\n"), ref=base_ref())
cell(S("good-inject"), "ext4", "inject", BASE, console(("generic/002", HELPER)), injected=31, sites=24, ref=base_ref("base-inject", console()))
cell(S("differs"), "ext4", "series", [("generic/002", "fail")] + BASE[1:], console(), ref=base_ref())
cell(S("new-message"), "ext4", "series", BASE, console(("generic/002", FSERR)), ref=base_ref())
cell(S("oops"), "ext4", "series", BASE, console(("generic/002", OOPS)), ref=base_ref())
cell(S("unfinished"), "ext4", "series", None, console(done=False), qemu="124", ref=base_ref())
cell(S("no-tests"), "ext4", "series", [], console(), ref=base_ref())
cell(S("injected-nothing"), "ext4", "inject", BASE, console(), injected=0, sites=0, ref=base_ref("base-inject", console()))
cell(S("no-site-failure"), "ext4", "inject", BASE, console(), injected=40, sites=0, ref=base_ref("base-inject", console()))
cell(S("good-smoke"), "ext4", "series", BASE, console(), allpass="generic/002 generic/004")
cell(S("smoke-fails"), "ext4", "series", [("generic/002", "fail")] + BASE[1:], console(), allpass="generic/002 generic/004")
cell(S("partial"), "ext4", "series", BASE[:1], console(done=False), qemu="0", complete=False, ref=base_ref())
cell(S("other-tests"), "ext4", "series", BASE[:2], console(), ref=base_ref())
cell(S("unreturned"), "ext4", "inject", BASE, console(("generic/002", HELPER)), injected=31, sites=24, retried=20, ref=base_ref("base-inject", console()))
cell(S("two-reports"), "ext4", "inject", BASE, console(("generic/002", HELPER + HELPER)), injected=31, sites=24, ref=base_ref("base-inject", console()))
expect = {"differs": r"^not ok [0-9]+ outcomes # .*generic/002 pass->fail",
          "new-message": r"^not ok [0-9]+ kernel # generic/002: 1 fs error, 0 in base",
          "smoke-fails": r"^not ok [0-9]+ all-pass # did not pass: generic/002",
          "partial": r"^not ok 1 finished # .*no suite time",
          "other-tests": r"^not ok [0-9]+ outcomes # not the tests of base: .*only there generic/004",
          "unreturned": r"^not ok [0-9]+ injected # .*not every failure retried and returned",
          "two-reports": r"^not ok [0-9]+ kernel # more than one first-failure report",
          "oops": r"^not ok [0-9]+ kernel # generic/002: .*oops/BUG/panic",
          "unfinished": r"^not ok 1 finished # .*result.xml.*QEMU exit 124",
          "no-tests": r"^not ok 1 finished # no test ran",
          "injected-nothing": r"^not ok [0-9]+ injected # failslab injected 0",
          "no-site-failure": r"^not ok [0-9]+ injected # failslab injected 40, 0 first-attempt"}
for k, v in expect.items():
    open(os.path.join(S(k), "expect"), "w").write(v + "\n")
