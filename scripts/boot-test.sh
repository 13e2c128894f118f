#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot-test.sh TREE KERNEL_BUILD_DIR OUT       (T=target,... for some)
#
# Boot the kernel of KERNEL_BUILD_DIR (built from TREE by kernel.sh) under
# QEMU (x86_64, 2 CPUs, software emulation, as kunit.py does) with the
# initramfs of scripts/mkinitramfs.sh, which holds the torture module
# (scripts/module.sh) and the aims of the fault injection
# (scripts/aims.sh).  Its /init (tests/boot/init) runs the module, then
# a workload on ext4, btrfs, gfs2 and reiserfs on loop devices and on
# ext4 over a dm-mirror target, with failslab aimed at the converted
# call sites.  The KUnit suites built into the kernel are switched off
# (kunit.enable=0); slab_nomerge keeps the aimed slab caches apart and
# nokaslr keeps System.map's addresses.
#
# Judges the console (OUT/console.log): prints "BOOT 0|1 <target>" per
# target, 0 when the guest said "ok" and the kernel said nothing bad while
# the target ran, and "BOOT 0|1 kernel" for the rest: the guest's summary
# "nofail-boot: N passed, N failed" counts every target, QEMU ended (the
# guest's reboot) before the timeout, and nothing bad was said outside
# the targets.  The helpers' own first-failure reports (a "nofail: ...
# first allocation failure here" line and its call trace) are expected
# and not held against anyone, nor are the memcg target's memcg OOM
# reports.  The offending lines are printed.  Exits
# non-zero when any BOOT line is 1.
# Also in OUT: results.json (each target's result and figures),
# initramfs.cpio, judge.log, seconds (the boot's wall time).

set -eu
. "$(dirname "$0")/lib.sh"

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
"$NOFAIL_TOP/scripts/module.sh" "$tree" "$build" "$out/module"
"$NOFAIL_TOP/scripts/aims.sh" "$build/System.map" "$NOFAIL_TOP/tests/boot/aims" "$out/aims"
"$NOFAIL_TOP/scripts/mkinitramfs.sh" "$out/initramfs.cpio" "$out/module/nofail_torture.ko" "$out/aims"

progress "boot-test: boot $kernel (about a minute under emulation: 55 to 70 s measured)"
start=$(date +%s%N)
set +e
# 61 s measured: five times that before it counts as hung
nofail_qemu "$kernel" "$out/initramfs.cpio" "nofail.targets=${targets// /,}" "$out/console.log" 300
rc=$?
set -e
ms=$((($(date +%s%N) - start) / 1000000))
echo $((ms / 1000)) >"$out/seconds"
progress "boot-test: QEMU exit $rc after $((ms / 1000)).$((ms % 1000 / 100)) s"

# Kernel messages that fail the target they happen in ("error, dev" is
# the block layer's failed request).  Some are expected and ignored:
#  - "Write protecting the kernel read-only data": every x86 boot says so.
#  - "reiserfs filesystem is deprecated": every reiserfs mount in 6.12
#    warns that it goes away in 2025; it is not an error.
#  - WRITE_ZEROES refused by a loop device: mke2fs asks to zero blocks,
#    and tmpfs has no FALLOC_FL_ZERO_RANGE.  The loop driver turns the
#    operation off after the first refusal, which the block layer logs,
#    and the kernel writes the zeroes as data instead.
bad='BUG:|Oops|WARNING:|Kernel panic|cut here|Call Trace|general protection|'\
'Unable to handle|segfault at|blocked for more than|corruption|'\
'page allocation failure|read-only|readonly|withdraw|error, dev|'\
'EXT4-fs error|JBD2: .*(error|abort)|BTRFS (error|critical|warning)|'\
'REISERFS (error|abort|panic|warning)|gfs2: .*(fatal|error)|device-mapper: .*error'
ignore='Write protecting the kernel read-only data|reiserfs filesystem is deprecated|'\
'operation not supported error, dev loop[0-9]+, .*WRITE_ZEROES'

awk -v targets="$targets" -v qemu_rc="$rc" -v bad="$bad" -v ignore="$ignore" '
	function blame(who, why) {
		printf "boot-test: %s: %s\n", who, why
		failed[who] = 1
	}
	# The guest writes through /dev/kmsg: its lines have the timestamp too.
	{ sub(/\r$/, ""); line = $0; sub(/^\[ *[0-9]+\.[0-9]+\] /, "") }
	# A helper reports its first failure at a site with a call trace
	# (dump_stack), which ends with </TASK>.  Two CPUs can report at
	# once: the report line of the second comes before the first trace.
	/nofail: .*: first allocation failure here/ { reports++; next }
	reports { if ($0 ~ /<\/TASK>/) reports--; next }
	# The memcg target fails charges for real: each invokes the memcg
	# OOM killer, which finds no task it may kill (the group'"'"'s one task
	# is protected) and says so with a report and a call trace.
	cur == "memcg" && / invoked oom-killer: / { oom = 1; next }
	oom { if (/Out of memory and no killable processes/) oom = 0; next }
	/^# start / { cur = $3; next }
	/^ok [0-9]+ / { ok[$3] = 1; oks++; cur = ""; next }
	/^not ok [0-9]+ / { cur = ""; next }
	/^nofail-boot: / { summary = $0; passed = $2; total = $2 + $4; next }
	/^#/ { next }		# the guest tools output, shown only for a failure
	$0 ~ bad && $0 !~ ignore { blame(cur != "" ? cur : "kernel", line) }
	END {
		n = split(targets, t, " ")
		printf "BOOT 1..%d\n", n + 1
		# A failed target is its own BOOT line; "kernel" fails when
		# the guest did not get to the end or miscounted.
		if (summary == "" || total != n || passed != oks)
			blame("kernel", "summary is \"" summary "\", " n " targets and " oks " ok seen")
		if (qemu_rc != 0)
			blame("kernel", "QEMU exit " qemu_rc " (124: timeout), not a reboot")
		for (i = 1; i <= n; i++) {
			if (!(t[i] in ok))
				blame(t[i], "no \"ok\" from the guest")
			printf "BOOT %d %s\n", (t[i] in failed), t[i]
		}
		printf "BOOT %d kernel\n", ("kernel" in failed)
	}' "$out/console.log" | tee "$out/judge.log"
python3 "$NOFAIL_TOP/scripts/boot-results.py" "$out/console.log" "$out/judge.log" \
	>"$out/results.json"
! grep -q '^BOOT 1 ' "$out/judge.log"
