# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# What every mode of /init uses: messages, time, and putting the guest
# back as it was after a target, whether it passed or not.  Sourced by
# /init.

say() { echo "# $*"; }

# centiseconds: the guest's uptime.
centiseconds() {
	sed 's/ .*//; s/\.//; s/^0*//' /proc/uptime
}

# unmount MNT: until nothing is mounted there, a few tries at most.
unmount() {
	for _ in 1 2 3; do
		grep -q " $1 " /proc/mounts || return 0
		timeout 120 umount "$1" 2>/dev/null || sleep 1
	done
}

# cleanup: whatever a target left behind, so the next starts clean: a
# target that fails stops at its first failing command, with its
# processes running, its file system mounted, its devices attached.
cleanup() {
	: >/tmp/hog.stop
	killall nofail-hog nofail-workload 2>/dev/null
	for m in /mnt/*; do unmount "$m"; done
	dmsetup remove_all >/dev/null 2>&1
	for d in /dev/loop[0-9]*; do losetup -d "$d" 2>/dev/null; done
	rm -f /tmp/*.img
	grep -q '^nofail_torture ' /proc/modules && rmmod nofail_torture
	for g in /sys/fs/cgroup/nofail-*; do
		[ -d "$g" ] && rmdir "$g"
	done
	echo 1 >/proc/sys/vm/oom_dump_tasks
	failslab_reset
}

# leftovers: what cleanup could not remove, one word each; nothing when
# the guest is clean.
leftovers() {
	awk '$2 ~ /^\/mnt\// { print $2 }' /proc/mounts
	losetup -a 2>/dev/null | cut -d: -f1
	dmsetup ls 2>/dev/null | grep -v '^No devices found' | cut -f1
	ls /tmp/*.img 2>/dev/null
	grep -o '^nofail_torture' /proc/modules
	ls -d /sys/fs/cgroup/nofail-* 2>/dev/null
	pidof nofail-hog nofail-workload | sed 's/^/pid /'
	return 0
}
