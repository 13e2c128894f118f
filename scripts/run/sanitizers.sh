#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# sanitizers.sh TREE KBUILD OUT [kasan|kcsan]...
#
# The series kernel of KBUILD (its .config) with each sanitizer
# (configs/kasan.config, configs/kcsan.config; both by default), built
# in OUT/NAME, then made to wait as make lockdep does: the KUnit suites
# (nofail_wait holds ZONE_DMA short with eight waiters),
# benchmarks/wait-wake (1, 8 and 64 waiters, 5 rounds, two CPUs), the
# same while ZONE_MOVABLE's memory and CPU 1 go offline and online in a
# loop (tests/hotplug/init), and the boot test (file systems under aimed
# failslab).  Each console is judged
# by scripts/judge/sanitizer.py: the sanitizer must have run, and a
# report fails it (KCSAN's only where it names the series' code: the
# others are listed, 6.12 has races of its own).  "SANITIZER 0|1
# <name>/<run>" per run, KTAP-like; exits non-zero when any is 1.  Not
# part of make check: each kernel is a cold build (about 10 minutes),
# and the sanitizers slow the guests.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: sanitizers.sh TREE KBUILD OUT [kasan|kcsan]..."
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
shift 3
[ "$#" -gt 0 ] || set -- kasan kcsan
[ -f "$kbuild/.config" ] || die "sanitizers: no .config in $kbuild (run make kernel)"
nofail_outdir "$out"

# hotplug KERNEL RUNS: tests/hotplug/init with benchmarks/wait-wake (1
# and 8 waiters, 20 rounds) on two CPUs, the top 768 MiB of memory in
# ZONE_MOVABLE, taken offline and online in a loop meanwhile, and CPU 1
# too: RUNS/hotplug.log.
hotplug() {
	local kernel=$1 runs=$2

	"$NOFAIL_TOP/scripts/build/module.sh" "$tree" "$kernel" "$runs/mod-hotplug" \
		"$NOFAIL_TOP/benchmarks/wait-wake" >/dev/null ||
		die "sanitizers: benchmarks/wait-wake does not build against $kernel"
	nofail_mini_initramfs "$runs/hotplug.cpio" "$NOFAIL_TOP/tests/hotplug/init" \
		"sh mount insmod echo sed tr grep reboot" "$runs/mod-hotplug"/*.ko
	nofail_qemu "$kernel/arch/x86/boot/bzImage" "$runs/hotplug.cpio" \
		"movablecore=768M wait_wake.rounds=20 wait_wake.wait_ms=50 wait_wake.hold_ms=500 wait_wake.waiters=1,8" \
		"$runs/hotplug.log" 1200 >/dev/null || true
}

# want RUN: RUN is one of SAN_RUNS (all four by default: a run left out
# keeps its console of an earlier run, which the judge reads again)
want() {
	case " ${SAN_RUNS:-kunit wait-wake hotplug boot} " in
	*" $1 "*) return 0 ;;
	*) return 1 ;;
	esac
}

rc=0
for name in "$@"; do
	fragment=$NOFAIL_TOP/configs/$name.config
	[ -f "$fragment" ] || die "sanitizers: no $fragment ($usage)"
	kernel=$out/$name runs=$out/$name/runs
	nofail_outdir "$kernel"
	nofail_outdir "$runs"
	# the fragment's symbols taken out of the base config first, so that
	# olddefconfig sees each once
	sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p' "$fragment" >"$runs/symbols"
	grep -v -w -F -f "$runs/symbols" "$kbuild/.config" | cat - "$fragment" >"$runs/$name.config"
	"$NOFAIL_TOP/scripts/build/kernel.sh" "$tree" "$kernel" --config "$runs/$name.config"
	opt=$(sed -n 's/^\(CONFIG_K[AC]SAN=y\)$/\1/p' "$fragment")
	grep -qx "$opt" "$kernel/.config" || die "sanitizers: $kernel/.config lost $opt"

	if want kunit; then
		progress "sanitizers: $name: KUnit suites"
		"$NOFAIL_TOP/scripts/run/kunit.sh" "$tree" "$kernel" ||
			warn "sanitizers: $name: a KUnit suite failed, see $kernel/kunit.log"
	fi
	if want wait-wake; then
		progress "sanitizers: $name: wait-wake, 5 rounds"
		NOFAIL_QEMU_SMP=2 NOFAIL_BENCH_ARGS="wait_wake.rounds=5 wait_wake.wait_ms=50 wait_wake.hold_ms=500 wait_wake.waiters=1,8,64" \
			nofail_bench_boot wait-wake "$tree" "$kernel" "$runs" wait-wake
	fi
	if want hotplug; then
		progress "sanitizers: $name: memory and CPU hotplug while requests wait"
		hotplug "$kernel" "$runs"
	fi
	if want boot; then
		progress "sanitizers: $name: boot test"
		# about 6 minutes with KASAN and lockdep, where 300 s
		# (boot-test.sh's limit) is not enough
		NOFAIL_BOOT_TIMEOUT=1800 "$NOFAIL_TOP/scripts/run/boot-test.sh" "$tree" "$kernel" "$runs/boot" \
			>"$runs/boot.txt" ||
			warn "sanitizers: $name: the boot test failed, see $runs/boot.txt"
	fi
	# the consoles where the judge reads them, so that make recheck and
	# tests/judges/sanitizer/ can give it the same folder
	echo "$name" >"$runs/name"
	ln -sfn "$kernel/test.log" "$runs/kunit.log"
	ln -sfn "$runs/boot/console.log" "$runs/boot.log"
	"$NOFAIL_TOP/scripts/judge/judge.sh" sanitizer "$runs" >"$runs/judge.txt" || rc=1
	cat "$runs/judge.txt"
done
exit "$rc"
