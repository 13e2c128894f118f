#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit-rerun.sh KBUILD OUT
#
# Run the series' KUnit suites twice in one boot: boot the kernel that
# kunit.py built in KBUILD with KUnit on, so that the built-in suites run
# at boot, and an initramfs of busybox whose /init (tests/kunit-rerun/init)
# runs nofail_slab, nofail_page_alloc, nofail_wait and nofail_sites again through
# KUnit's debugfs "run" files.  Prints "RERUN 0|1 <suite>" for the
# second run of each: 0 when its results end in "ok", with no "not ok" in
# them.  The console is in OUT/console.log.

set -eu
. "$(dirname "$0")/lib.sh"

kbuild=$(realpath -m "${1:?usage: kunit-rerun.sh KBUILD OUT}")
out=$(realpath -m "${2:?usage: kunit-rerun.sh KBUILD OUT}")
kernel=$kbuild/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "kunit-rerun: no $kernel (run the KUnit step first)"
nofail_outdir "$out"
nofail_mini_initramfs "$out/initramfs.cpio" "$NOFAIL_TOP/tests/kunit-rerun/init" "sh mount echo cat reboot"

progress "kunit-rerun: boot $kernel, the suites at boot and again from debugfs (about 10 s)"
set +e
nofail_qemu "$kernel" "$out/initramfs.cpio" "kunit.enable=1 $NOFAIL_KUNIT_ARGS" \
	"$out/console.log" 120 >/dev/null
rc=$?
set -e
[ "$rc" = 0 ] || warn "kunit-rerun: QEMU exit $rc"
echo "RERUN 1..5"
for s in nofail_slab nofail_page_alloc nofail_wait nofail_sites; do
	lines=$(tr -d "\r" <"$out/console.log" | sed -n "s/.*RERUN $s: //p")
	if printf '%s\n' "$lines" | grep -q "^ok [0-9]* $s\$" &&
	   ! printf '%s\n' "$lines" | grep -q "not ok"; then
		echo "RERUN 0 $s"
	else
		printf '%s\n' "$lines" | grep -E "not ok|no debugfs" | sed "s/^/kunit-rerun: $s: /" >&2
		echo "RERUN 1 $s"
	fi
done
# the stack filters the guest left are back as they were
filters=$(tr -d "\r" <"$out/console.log" | sed -n "s/.*RERUN filters: //p" | tr '\n' ' ')
if [ "$filters" = "failslab 1 2 fail_page_alloc 1 2 " ]; then
	echo "RERUN 0 filters-restored"
else
	echo "kunit-rerun: the fault injection filters after the rerun: '$filters', not 1 2 each" >&2
	echo "RERUN 1 filters-restored"
fi
