#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit-rerun.sh KBUILD OUT
#
# Run the series' KUnit suites twice in one boot: boot the kernel that
# kunit.py built in KBUILD with KUnit on, so that the built-in suites run
# at boot, and an initramfs of busybox whose /init (tests/kunit-rerun/init)
# runs the series' suites (kunit/suites) again through KUnit's debugfs
# "run" files.  Judged by scripts/judge/judge.sh rerun: "RERUN 0|1 <suite>" for
# the second run of each, 0 when its results end in "ok", with no "not
# ok" in them.  The console is in OUT/console.log.

set -eu
. "$(dirname "$0")/../lib.sh"

kbuild=$(realpath -m "${1:?usage: kunit-rerun.sh KBUILD OUT}")
out=$(realpath -m "${2:?usage: kunit-rerun.sh KBUILD OUT}")
kernel=$kbuild/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "kunit-rerun: no $kernel (run the KUnit step first)"
nofail_outdir "$out"
# what the judge reads: never an earlier run's
rm -f "$out/console.log" "$out/qemu-rc"
nofail_mini_initramfs "$out/initramfs.cpio" "$NOFAIL_TOP/tests/kunit-rerun/init" "sh mount echo cat reboot" \
	"$NOFAIL_TOP/kunit/suites"

progress "kunit-rerun: boot $kernel, the suites at boot and again from debugfs (about 10 s)"
set +e
nofail_qemu "$kernel" "$out/initramfs.cpio" "kunit.enable=1 $NOFAIL_KUNIT_ARGS" \
	"$out/console.log" 120 >/dev/null
rc=$?
set -e
[ "$rc" = 0 ] || warn "kunit-rerun: QEMU exit $rc"
echo "$rc" >"$out/qemu-rc"
"$NOFAIL_TOP/scripts/judge/judge.sh" rerun "$out"
