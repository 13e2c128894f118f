# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target btrfs: btrfs, aimed at the extent buffer cache.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# mkfs.btrfs refuses less than about 114 MB.
dev=$(attach btrfs 256)
mkfs.btrfs -q -f "$dev"
exercise btrfs "$dev" btrfs btrfs check --readonly "$dev"
detach btrfs "$dev"
