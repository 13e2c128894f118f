# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target gfs2-enomem: gfs2, rlist allocations failed: unlinked inodes, fsck.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# gfs2-enomem: the error path that the series gives gfs2_rlist_add() and
# gfs2_rlist_alloc() instead of __GFP_NOFAIL.  With every allocation under
# them failed, the workload's directories are removed, and their
# eviction, which frees the leaf blocks through leaf_dealloc(), ends with
# -ENOMEM: gfs2_evict_inode() says so.  No workload operation fails
# (eviction comes after the unlink) and gfs2 does not withdraw.  What a
# failed eviction leaves is what any error there leaves in 6.12 (the hash
# table's -ENOMEM, an I/O error): the inode unlinked (bitmap state 2) with
# its blocks still allocated.  fsck.gfs2 -n must report that and nothing
# else, one unlinked inode per failed eviction; fsck.gfs2 -y frees them,
# and then fsck.gfs2 -n must find the file system clean and every kept
# file must read back.

name=gfs2-enomem mnt=/mnt/gfs2-enomem
list=/tmp/$name.files errlog=/tmp/$name.errors
: >"$list"
: >"$errlog"
dev=$(attach "$name" 256)
mkfs.gfs2 -O -p lock_nolock -j 1 "$dev" >/dev/null
mkdir -p "$mnt"
mount -t gfs2 "$dev" "$mnt"
dmesg -c >/dev/null
grep "^$name " /etc/nofail/aims >/tmp/aims
read -r _ tasks percent kind args </tmp/aims
aim $kind $args
failslab_arm "$percent" "$tasks"
workload "$mnt" "$dev" gfs2 1
injected=$(failslab_injected)
failslab_reset
evict=$(dmesg | grep -c 'gfs2_evict_inode: -12' || true)
say "$name: ops $ops failed $failed injected $injected, evictions ended with -ENOMEM: $evict"
[ "$failed" = 0 ] || { cat "$errlog"; echo "$failed workload operations failed"; exit 1; }
[ "$injected" -gt 0 ] || { echo "nothing injected: the aim at $args missed"; exit 1; }
[ "$evict" -gt 0 ] || { echo "no eviction ended with -ENOMEM"; exit 1; }
! is_readonly "$mnt" && ! dmesg | grep -qiE 'withdraw' ||
	{ echo "$name withdrew"; exit 1; }
umount "$mnt"
timeout 300 fsck.gfs2 -n "$dev" >/tmp/fsck.log 2>&1 || true
leaked=$(grep -c 'bitmap says 2 (other) but FSCK saw 0 (free)' /tmp/fsck.log || true)
# everything else fsck says is progress, or the blocks and counts of
# those inodes
grep -vE 'Initializing fsck|Validating resource group index|resource group check|level 1 passed|^Starting |completed in|Reconciling bitmaps|bitmap says [12] \((other|data)\) but FSCK saw 0 \(free\)|Bitmap at block .* left inconsistent|RG #.* (free|Inode) count inconsistent|Resource group counts left inconsistent|statfs|^ *(blocks|free|dinodes): |fsck.gfs2 complete|^$' \
	/tmp/fsck.log >/tmp/fsck.other || true
say "$name: fsck.gfs2 -n: $leaked unlinked inodes left, $(wc -l </tmp/fsck.other) other findings"
[ "$leaked" = "$evict" ] && [ ! -s /tmp/fsck.other ] ||
	{ cat /tmp/fsck.log; echo "fsck.gfs2 found more than the unlinked inodes"; exit 1; }
timeout 300 fsck.gfs2 -y "$dev" >/dev/null 2>&1 || true
timeout 300 fsck.gfs2 -n "$dev"
mount -t gfs2 "$dev" "$mnt"
nofail-workload verify "$mnt" "$list"
umount "$mnt"
say "figures $name ops=$ops failed=$failed injected=$injected enomem_evictions=$evict unlinked_left=$leaked files=$(wc -l <"$list") fsck_after_repair=clean"
detach "$name" "$dev"
