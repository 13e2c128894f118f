#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# survey.sh TREE KERNEL_BUILD OUT [PERCENTS [RUNS]]
#
# The unaimed survey: a survey, not a test, so it judges nothing.  The
# boot test's workload runs on each file system with failslab failing
# PERCENTS (default 1,2,5) of every slab request of the workload's
# process, without aim, RUNS times (default 3) on a fresh file system
# each, once on the base tree (nofail-base, built into build/base/kunit
# by lib.sh's nofail_base_kernel, shared with make pressure) and
# once on the series (the kernel in KERNEL_BUILD).  Printed side by side,
# summed over the runs: the workload's operations, failed operations and
# writes, ENOMEMs, injected failures, and the kernel's read-only
# switches, withdraws, error lines, failed fscks and checksum mismatches.
# Upstream's error paths fail the same way on both kernels; the series
# must not add to them.  OUT/survey.json has every run.  Last, a negative
# control: the boot test's aimed injection on the base kernel, where
# every file system target must fail.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: survey.sh TREE KERNEL_BUILD OUT [PERCENTS [RUNS]]"
tree=$(realpath -m "${1:?$usage}")
series=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
percents=${4:-1,2,5}
runs=${5:-3}
# The guest runs each entry of its list once: 1,1,1,2,2,2,...
list=$(for p in ${percents//,/ }; do for _ in $(seq "$runs"); do echo "$p"; done; done | paste -sd,)
base=$NOFAIL_BASE_KERNEL
nofail_outdir "$out"
[ -f "$series/arch/x86/boot/bzImage" ] || die "survey: no kernel in $series (run make kernel)"

# the base kernel, shared with make pressure (lib.sh); kunit.enable=0
# at boot
nofail_base_kernel "$tree" "$series"

"$NOFAIL_TOP/scripts/build/mkinitramfs.sh" "$out/initramfs.cpio"
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
"$NOFAIL_TOP/scripts/build/aims.sh" "$base/System.map" "$NOFAIL_TOP/tests/boot/aims" "$out/base-aims"
"$NOFAIL_TOP/scripts/build/mkinitramfs.sh" "$out/control.cpio" "" "$out/base-aims"
nofail_qemu "$base/arch/x86/boot/bzImage" "$out/control.cpio" "" "$out/control.console" >/dev/null ||
	warn "survey: QEMU exit $? for the negative control"

python3 "$NOFAIL_TOP/scripts/judge/survey_table.py" "$out" "$runs"
