# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target torture-busted: its broken variant (plain kmalloc), which must fail.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

failslab_reset
dmesg -c >/dev/null
insmod $MODULE torture_type=busted duration=3 stat_interval=1
v=$(verdict)
rmmod nofail_torture
say "torture-busted: $v"
say "figures torture-busted calls=$(field "$v" calls) injected=$(field "$v" injected) null=$(field "$v" null)"
case $v in FAILURE:*) ;; *) echo "the broken variant did not FAIL"; exit 1 ;; esac
[ "$(field "$v" null)" -gt 0 ]
