# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target reiserfs: reiserfs, aimed at the journal list.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# The journal alone takes 32 MB.
dev=$(attach reiserfs 128)
mkreiserfs -f -q "$dev"
exercise reiserfs "$dev" reiserfs reiserfsck --check -y "$dev"
detach reiserfs "$dev"
