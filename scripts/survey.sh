#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# survey.sh TREE KERNEL_BUILD OUT [PERCENTS [RUNS]]
#
# The unaimed survey: a survey, not a test, so it judges nothing.  The
# boot test's workload runs on each file system with failslab failing
# PERCENTS (default 1,2,5) of every slab request of the workload's
# process, without aim, RUNS times (default 3) on a fresh file system
# each, once on the base tree (nofail-base, built here into OUT/base) and
# once on the series (the kernel in KERNEL_BUILD).  Printed side by side,
# summed over the runs: the workload's operations, failed operations and
# writes, ENOMEMs, injected failures, and the kernel's read-only
# switches, withdraws, error lines, failed fscks and checksum mismatches.
# Upstream's error paths fail the same way on both kernels; the series
# must not add to them.  OUT/survey.json has every run.  Last, a negative
# control: the boot test's aimed injection on the base kernel, where
# every file system target must fail.

set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: survey.sh TREE KERNEL_BUILD OUT [PERCENTS [RUNS]]"
tree=$(realpath -m "${1:?$usage}")
series=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
percents=${4:-1,2,5}
runs=${5:-3}
# The guest runs each entry of its list once: 1,1,1,2,2,2,...
list=$(for p in ${percents//,/ }; do for _ in $(seq "$runs"); do echo "$p"; done; done | paste -sd,)
base_tree=$out/base-linux
base=$out/base
nofail_outdir "$out"
[ -f "$series/arch/x86/boot/bzImage" ] || die "survey: no kernel in $series (run make kernel)"

nofail_worktree "$tree" nofail-base "$base_tree"
# The bench's config; the base has no suites (kernel.sh).
progress "survey: build the base kernel in $base (cold: 7 to 19 min measured)"
"$NOFAIL_TOP/scripts/kernel.sh" "$base_tree" "$base" >"$out/base-build.log" 2>&1 ||
	die "survey: building the base kernel failed, see $out/base-build.log"

"$NOFAIL_TOP/scripts/mkinitramfs.sh" "$out/initramfs.cpio"
for k in base series; do
	kdir=$base
	[ $k = series ] && kdir=$series
	progress "survey: boot the $k kernel, failslab at $percents%, $runs runs each (5 to 6 min measured at 3 runs)"
	nofail_qemu "$kdir/arch/x86/boot/bzImage" "$out/initramfs.cpio" \
		"nofail.survey=$list" "$out/$k.console" 1200 >/dev/null ||
		warn "survey: QEMU exit $? for the $k kernel"
done

# The negative control: the aimed boot test on the base kernel, where
# the sites still pass __GFP_NOFAIL, which failslab never fails.  Every
# file system target must fail ("nothing injected", or no first-failure
# report); one that passes means the test cannot tell the series from
# the base.
progress "survey: negative control: the aimed boot test on the base kernel (must fail)"
"$NOFAIL_TOP/scripts/aims.sh" "$base/System.map" "$NOFAIL_TOP/tests/boot/aims" "$out/base-aims"
"$NOFAIL_TOP/scripts/mkinitramfs.sh" "$out/control.cpio" "" "$out/base-aims"
nofail_qemu "$base/arch/x86/boot/bzImage" "$out/control.cpio" "" "$out/control.console" >/dev/null ||
	warn "survey: QEMU exit $? for the negative control"

python3 - "$out" "$runs" <<'PY'
import json, re, sys

out, runs = sys.argv[1], int(sys.argv[2])
cols = ["ops", "failed", "write_failed", "enomem", "injected", "readonly",
        "withdraw", "kernel_errors", "fsck_failed", "checksum_mismatch"]
every = {}
for kernel in ("base", "series"):
    with open(f"{out}/{kernel}.console", errors="replace") as f:
        for line in f:
            m = re.search(r"SURVEY (\S+) p=(\d+) (.*)", line)
            if m:
                fields = dict(kv.split("=", 1) for kv in m.group(3).split())
                key = f"{m.group(1)} {m.group(2)}%"
                every.setdefault(key, {}).setdefault(kernel, []).append(fields)
with open(f"{out}/survey.json", "w") as f:
    json.dump(every, f, indent=2, sort_keys=True)


def total(rows, col):
    """The sum over the runs; "!" marks a run that did not get that far."""
    vals = [r.get(col, "-") for r in rows]
    n = sum(int(v) for v in vals if v.isdigit())
    bad = sum(not v.isdigit() for v in vals)
    return f"{n}{'!' * bad}" if rows else "-"


print(f"Unaimed failslab on the workload process, {runs} runs summed: base/series")
print(f"{'target':<14}{'runs':>6}" + "".join(f"{c:>18}" for c in cols))
for key in sorted(every, key=lambda k: (k.split()[0], int(k.split()[1][:-1]))):
    r = every[key]
    n = "/".join(str(len(r.get(k, []))) for k in ("base", "series"))
    cells = ["/".join(total(r.get(k, []), c) for k in ("base", "series")) for c in cols]
    print(f"{key:<14}{n:>6}" + "".join(f"{c:>18}" for c in cells))
print(f"\n(base/series; a ! per run where it was not a number: the file system\n would not mount, or the workload died; every run in {out}/survey.json)")

print("\nNegative control, the aimed boot test on the base kernel (must fail):")
verdicts = {}
with open(f"{out}/control.console", errors="replace") as f:
    for line in f:
        m = re.search(r"\] (not ok|ok) \d+ (\S+)(?: # (.*))?", line)
        if m:
            verdicts[m.group(2)] = (m.group(1), m.group(3) or "")
fs = ["ext4", "btrfs", "gfs2", "reiserfs", "dm-mirror"]
for t in fs:
    v, why = verdicts.get(t, ("missing", ""))
    print(f"  {t:<10} {v:<8} {why}")
failed = sum(verdicts.get(t, ("",))[0] == "not ok" for t in fs)
print(f"  {failed} of {len(fs)} file-system targets failed on the base kernel"
      f"{', as they must' if failed == len(fs) else ': THE TEST CANNOT TELL THEM APART'}")
PY
