# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target gfs2: gfs2, aimed at the bitmap clones and bufdata.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# lock_nolock goes in the superblock: a local mount, no cluster.
dev=$(attach gfs2 256)
mkfs.gfs2 -O -p lock_nolock -j 1 "$dev" >/dev/null
exercise gfs2 "$dev" gfs2 fsck.gfs2 -n "$dev"
detach gfs2 "$dev"
