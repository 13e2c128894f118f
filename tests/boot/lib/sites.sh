# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# The series' call-site list, from the guest: /proc/nofailinfo
# (CONFIG_NOFAIL_SITES).  The aims at the sites are failslab's
# (failslab.sh, tests/boot/aims).  Sourced by /init.

# sites_list: /proc/nofailinfo without its header, one site a line:
# "FAILED RETRIED WAITING MAX_WAIT_US HELPER FILE:LINE [MODULE] func:FUNCTION".
# Nothing on a kernel without the list (the base, for the survey's
# negative control), whose site checks then fail.
sites_list() {
	[ -e /proc/nofailinfo ] || return 0
	sed -n '/^nofailinfo/d; /^#/d; p' /proc/nofailinfo
}

# sites_delta BEFORE AFTER PATH: per site under PATH (a directory of the
# tree, or a file), what changed from
# the list BEFORE to AFTER: "FUNCTION FILE:LINE failed F retried R
# waiting W max_wait_us M", W and M as in AFTER.
sites_delta() {
	awk -v path="$3" '
		{ key = $6 " " $NF }
		FNR == NR { f[key] = $1; r[key] = $2; next }
		# FILE is as the compiler saw it: "../linux/fs/..." in an O= build
		$6 ~ "(^|/)" path {
			sub(/^func:/, "", $NF)
			printf "%s %s failed %d retried %d waiting %d max_wait_us %d\n",
				$NF, $6, $1 - f[key], $2 - r[key], $3, $4
		}' "$1" "$2"
}

# sites_check DELTA: every site in DELTA (sites_delta) retried each
# failure and has none waiting; prints the sites that did not.
sites_check() {
	awk '$4 != $6 || $8 != 0 { print $1 " " $2 ": failed " $4 " retried " $6 " waiting " $8; bad = 1 }
		END { exit bad }' "$1"
}
