# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target torture-busted: its broken variant (plain kmalloc), which must fail.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

torture_run torture-busted torture_type=busted duration=3 stat_interval=1
case $v in FAILURE:*) ;; *) echo "the broken variant did not FAIL"; exit 1 ;; esac
[ "$(field "$v" null)" -gt 0 ]
