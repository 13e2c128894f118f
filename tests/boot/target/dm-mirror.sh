# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target dm-mirror: ext4 on dm-mirror, aimed at the region hash.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# mirror_synced: wait until the mirror's regions are all in sync and
# both legs are alive: "0 98304 mirror 2 7:0 7:1 96/96 1 AA 1 core".
mirror_synced() {
	for _ in $(seq 1 120); do
		# shellcheck disable=SC2046 # one positional parameter per field
		set -- $(dmsetup status nofail-mirror)
		[ "$9" != AA ] && break
		[ "${7%/*}" = "${7#*/}" ] && return 0
		sleep 1
	done
	echo "mirror not in sync: $*"
	return 1
}

a=$(attach mirror-a 48)
b=$(attach mirror-b 48)
sectors=$(blockdev --getsz "$a")
# Two legs of zeroes, already the same (nosync), an in-memory (core)
# log with 4 KiB regions: a write of a few MB spans hundreds of
# regions at once, more than the 64 the region mempool keeps, so
# __rh_alloc() falls back to kmalloc_nofail().
dmsetup create --noudevsync nofail-mirror \
	--table "0 $sectors mirror core 2 8 nosync 2 $a 0 $b 0"
dmsetup mknodes nofail-mirror
md=/dev/mapper/nofail-mirror
mirror_synced
mkfs.ext4 -q -F "$md"
exercise dm-mirror "$md" ext4 e2fsck -fn "$md"
mirror_synced
dmsetup remove nofail-mirror
# Every write went to both legs: they hold the same bytes.  (md5sum,
# not cmp: busybox cmp reads a byte at a time, slow under emulation.)
[ "$(md5sum <"$a")" = "$(md5sum <"$b")" ] ||
	{ echo "the legs of the mirror differ"; exit 1; }
detach mirror-a "$a"
detach mirror-b "$b"
