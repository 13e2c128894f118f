#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot-test.sh TREE KERNEL_BUILD_DIR OUT       (T=target,... for some)
#
# Boot the kernel of KERNEL_BUILD_DIR (built from TREE by kernel.sh) under
# QEMU (x86_64, 2 CPUs, software emulation, as kunit.py does) with the
# initramfs of scripts/build/mkinitramfs.sh, which holds the torture module
# (scripts/build/module.sh) and the aims of the fault injection
# (scripts/build/aims.sh).  Its /init (tests/boot/init) runs the module, then
# a workload on ext4, btrfs, gfs2 and reiserfs on loop devices and on
# ext4 over a dm-mirror target, with failslab aimed at the converted
# call sites.  The KUnit suites built into the kernel are switched off
# (kunit.enable=0); slab_nomerge keeps the aimed slab caches apart and
# nokaslr keeps System.map's addresses.
#
# Judges the console (OUT/console.log) with scripts/judge/boot_results.py:
# prints "BOOT 0|1 <target>" per target, 0 when the guest said "ok" and
# the kernel said nothing bad (scripts/judge/console.py) while the target ran,
# and "BOOT 0|1 kernel" for the rest: the guest's summary "nofail-boot:
# N passed, N failed" counts every target, QEMU ended (the guest's
# reboot) before the timeout, and nothing bad was said outside the
# targets.  The offending lines are printed.  Exits non-zero when any
# BOOT line is 1.
# Also in OUT: results.json (each target's result and figures),
# initramfs.cpio, judge.log, seconds (the boot's wall time), and what
# make recheck needs to judge the console again: targets, qemu-rc.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: boot-test.sh TREE KERNEL_BUILD_DIR OUT"
tree=$(realpath -m "${1:?$usage}")
build=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
kernel=$build/arch/x86/boot/bzImage
# The targets: all of tests/boot/targets, or those named in T (comma or
# space separated: "make boot T=gfs2"), in the list's order.
all=$(sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$NOFAIL_TOP/tests/boot/targets" | awk '{ print $1 }')
targets=$(echo $all)
if [ -n "${T:-}" ]; then
	for t in ${T//,/ }; do
		grep -qx -- "$t" <<<"$all" ||
			die "boot-test: T names '$t', which is not a target; the targets are: $(echo $all)"
	done
	targets=$(grep -x -F "$(printf '%s\n' ${T//,/ })" <<<"$all" | tr '\n' ' ' | sed 's/ $//')
fi
[ -f "$kernel" ] || die "boot-test: no $kernel (build the kernel first)"
nofail_outdir "$out"
# what the judge reads: never an earlier run's
rm -f "$out/console.log" "$out/targets" "$out/qemu-rc" "$out/results.json" "$out/judge.log"
"$NOFAIL_TOP/scripts/build/module.sh" "$tree" "$build" "$out/module"
"$NOFAIL_TOP/scripts/build/aims.sh" "$build/System.map" "$NOFAIL_TOP/tests/boot/aims" "$out/aims"
"$NOFAIL_TOP/scripts/build/mkinitramfs.sh" "$out/initramfs.cpio" "$out/module/nofail_torture.ko" "$out/aims"

progress "boot-test: boot $kernel (about a minute under emulation: 55 to 70 s measured)"
start=$(date +%s%N)
set +e
# 61 s measured: five times that before it counts as hung (a sanitizer's
# kernel, make sanitizers, sets NOFAIL_BOOT_TIMEOUT longer)
nofail_qemu "$kernel" "$out/initramfs.cpio" "nofail.targets=${targets// /,}" "$out/console.log" \
	"${NOFAIL_BOOT_TIMEOUT:-300}"
rc=$?
set -e
ms=$((($(date +%s%N) - start) / 1000000))
echo $((ms / 1000)) >"$out/seconds"
progress "boot-test: QEMU exit $rc after $((ms / 1000)).$((ms % 1000 / 100)) s"

# The judge: scripts/judge/boot_results.py, with scripts/judge/console.py's one
# definition of a bad kernel message, through scripts/judge/judge.sh, on what
# is kept for make recheck: the planned targets and QEMU's exit status.
echo "$targets" >"$out/targets"
echo "$rc" >"$out/qemu-rc"
"$NOFAIL_TOP/scripts/judge/judge.sh" boot "$out" >"$out/judge.log" && rc=0 || rc=$?
cat "$out/judge.log"
exit "$rc"
