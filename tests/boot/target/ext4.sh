# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target ext4: ext4 and jbd2, failslab aimed at the jbd2 sites.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# 128 MB is "small" to mke2fs: 1 KiB blocks, so jbd2 also takes its
# frozen and committed copies from the jbd2_1k slab cache.
dev=$(attach ext4 128)
mkfs.ext4 -q -F "$dev"
exercise ext4 "$dev" ext4 e2fsck -fn "$dev"
detach ext4 "$dev"
