#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lockdep.sh TREE KBUILD OUT
#
# The series kernel of KBUILD (its .config) with the lock validator and
# the hung-task detector (configs/lockdep.config), built in OUT,
# then made to wait: the KUnit suites (nofail_wait holds ZONE_DMA short
# with eight waiters), benchmarks/wait-wake (1, 8 and 64 waiters, 20
# rounds, two CPUs) and the boot test (file systems under aimed
# failslab).  Each console is judged by scripts/judge/console.py for what is
# fatal there (lockdep's reports, a hung task, an oops, a soft lockup),
# and must show that the validator ran: "LOCKDEP 0|1 <run>" per run,
# KTAP-like; exits non-zero when any is 1.  Not part of make check: the
# build is a cold one (about 12 minutes), and lockdep slows the guests.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: lockdep.sh TREE KBUILD OUT"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
[ -f "$kbuild/.config" ] || die "lockdep: no .config in $kbuild (run make kernel)"
nofail_outdir "$out"
kernel=$out
runs=$out/runs
nofail_outdir "$runs"

# the fragment's symbols taken out of the base config first, so that
# olddefconfig sees each once
sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p' "$NOFAIL_TOP/configs/lockdep.config" >"$runs/symbols"
grep -v -w -F -f "$runs/symbols" "$kbuild/.config" |
	cat - "$NOFAIL_TOP/configs/lockdep.config" >"$runs/lockdep.config"
"$NOFAIL_TOP/scripts/build/kernel.sh" "$tree" "$kernel" --config "$runs/lockdep.config"
for opt in CONFIG_PROVE_LOCKING=y CONFIG_DETECT_HUNG_TASK=y; do
	grep -qx "$opt" "$kernel/.config" || die "lockdep: $kernel/.config lost $opt"
done

progress "lockdep: KUnit suites"
"$NOFAIL_TOP/scripts/run/kunit.sh" "$tree" "$kernel" || warn "lockdep: a KUnit suite failed, see $kernel/kunit.log"
progress "lockdep: wait-wake, 20 rounds"
NOFAIL_QEMU_SMP=2 NOFAIL_BENCH_ARGS="wait_wake.rounds=20 wait_wake.wait_ms=50 wait_wake.hold_ms=2000 wait_wake.waiters=1,8,64" \
	nofail_bench_boot wake "$tree" "$kernel" "$runs" wait-wake
progress "lockdep: boot test"
"$NOFAIL_TOP/scripts/run/boot-test.sh" "$tree" "$kernel" "$runs/boot" >"$runs/boot.txt" ||
	warn "lockdep: the boot test failed, see $runs/boot.txt"

python3 - "$NOFAIL_TOP/scripts/judge" "$kernel/test.log" "$runs/wake.log" "$runs/boot/console.log" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
import console

bad = 0
runs = dict(zip(["kunit", "wait-wake", "boot"], sys.argv[2:]))
print(f"LOCKDEP 1..{len(runs)}")
for name, path in runs.items():
    found, fatal = False, []
    for line, kind in console.messages(path):
        found |= "Lock dependency validator" in line
        if kind and console.CLASS[kind] == "fatal":
            fatal.append(f"{kind}: {line}")
    if not found:
        fatal.append("the validator did not run (no 'Lock dependency validator' line)")
    for f in fatal[:10]:
        print(f"# {name}: {f}")
    print(f"LOCKDEP {int(bool(fatal))} {name}")
    bad |= bool(fatal)
sys.exit(bad)
EOF
