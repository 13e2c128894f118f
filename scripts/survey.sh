#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# survey.sh TREE KERNEL_BUILD OUT [PERCENTS]
#
# The unaimed survey: a survey, not a test, so it judges nothing.  The
# boot test's workload runs on each file system with failslab failing
# PERCENTS (default 1,5,20) of every slab request of the workload's
# tasks, without aim, on a fresh file system per percentage, once on the
# base tree (nofail-base, built here into OUT/base) and once on the
# series (the kernel in KERNEL_BUILD).  Printed side by side: the
# workload's failed operations and writes, ENOMEMs, injected failures,
# read-only switches, withdraws, kernel error lines, failed fscks and
# checksum mismatches.  Upstream's error paths fail the same way on both
# kernels; the series must not add to them.  OUT/survey.json has it all.

set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: survey.sh TREE KERNEL_BUILD OUT [PERCENTS]"
tree=$(realpath -m "${1:?$usage}")
series=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
percents=${4:-1,5,20}
base_tree=$out/base-linux
base=$out/base
mkdir -p "$out"
[ -f "$series/arch/x86/boot/bzImage" ] || die "survey: no kernel in $series (run make kunit)"

if [ ! -d "$base_tree" ]; then
	progress "survey: check out nofail-base into $base_tree"
	git -C "$tree" worktree add --detach "$base_tree" nofail-base >/dev/null ||
		die "survey: git worktree add of nofail-base failed"
fi
# The bench's config without the project's KUnit suites, which need the
# series; KUnit itself only so that kunit.py takes the config.
{ cat "$NOFAIL_TOP/configs/bench.config"; echo CONFIG_KUNIT=y; } >"$out/base.kunitconfig"
progress "survey: build the base kernel in $base (cold: about 14 min)"
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
(cd "$base_tree" && python3 tools/testing/kunit/kunit.py build --arch=x86_64 \
	--jobs="$JOBS" --build_dir="$base" --kunitconfig="$out/base.kunitconfig" \
	--make_options=CC=/usr/lib/ccache/gcc) >"$out/base-build.log" 2>&1 ||
	die "survey: building the base kernel failed, see $out/base-build.log"

"$NOFAIL_TOP/scripts/mkinitramfs.sh" "$out/initramfs.cpio"
for k in base series; do
	kdir=$base
	[ $k = series ] && kdir=$series
	progress "survey: boot the $k kernel, failslab at $percents% (several minutes)"
	nofail_qemu "$kdir/arch/x86/boot/bzImage" "$out/initramfs.cpio" \
		"nofail.survey=$percents" "$out/$k.console" >/dev/null ||
		warn "survey: QEMU exit $? for the $k kernel"
done

python3 - "$out" <<'PY'
import json, re, sys

out = sys.argv[1]
cols = ["failed", "write_failed", "enomem", "injected", "readonly", "withdraw",
        "kernel_errors", "fsck_failed", "checksum_mismatch"]
runs = {}
for kernel in ("base", "series"):
    with open(f"{out}/{kernel}.console", errors="replace") as f:
        for line in f:
            m = re.search(r"SURVEY (\S+) p=(\d+) (.*)", line)
            if not m:
                continue
            fields = dict(kv.split("=", 1) for kv in m.group(3).split())
            runs.setdefault(f"{m.group(1)} {m.group(2)}%", {})[kernel] = fields
with open(f"{out}/survey.json", "w") as f:
    json.dump(runs, f, indent=2, sort_keys=True)
print("Unaimed failslab on the workload's tasks: base -> series")
print(f"{'target':<16}" + "".join(f"{c:>18}" for c in ["ops"] + cols))
for key in sorted(runs, key=lambda k: (k.split()[0], int(k.split()[1][:-1]))):
    r = runs[key]
    def cell(c):
        return "/".join(r.get(k, {}).get(c, "-") for k in ("base", "series"))
    print(f"{key:<16}" + "".join(f"{cell(c):>18}" for c in ["ops"] + cols))
print(f"\n(each cell: base/series; JSON in {out}/survey.json)")
PY
