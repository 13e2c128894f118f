# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target torture: the torture module, 2 threads, failslab unaimed.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

torture_run torture duration=6 stat_interval=2
case $v in SUCCESS:*) ;; *) echo "expected SUCCESS"; exit 1 ;; esac
[ "$(field "$v" injected)" -gt 0 ]
# Every injected failure was retried by a helper: each helper's call
# site reported its first one.
[ "$(dmesg | grep -c 'nofail: nt_call_nofail() at .*first allocation failure here')" -gt 0 ]
# Its six call sites (one per helper, in nt_call_nofail()) were listed
# while it was loaded, each failure retried; none is listed after.
while read -r line; do say "torture: listed $line"; done </tmp/torture.sites
[ "$(awk '$NF == "func:nt_call_nofail"' /tmp/torture.sites | wc -l)" = 6 ]
awk '$1 != $2 || $3 != 0 { exit 1 } { n += $2 } END { exit !(n > 0) }' /tmp/torture.sites
! sites_list | grep -F ' [nofail_torture] '
