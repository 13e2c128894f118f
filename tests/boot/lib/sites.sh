# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# The series' call-site list and per-site fault injection, from the
# guest: /proc/nofailinfo (CONFIG_NOFAIL_SITES) and
# /sys/kernel/debug/nofail/ (CONFIG_FAIL_NOFAIL).  Sourced by /init.

SITES=/sys/kernel/debug/nofail

# sites_list: /proc/nofailinfo without its header, one site a line:
# "FAILED INJECTED RETRIED WAITING MAX_WAIT_US HELPER FILE:LINE [MODULE] func:FUNCTION".
# Nothing on a kernel without the list (the base, for the survey's
# negative control), whose site checks then fail.
sites_list() {
	[ -e /proc/nofailinfo ] || return 0
	sed -n '/^nofailinfo/d; /^#/d; p' /proc/nofailinfo
}

# sites_arm TIMES FUNCTION...: fail the next TIMES first attempts at each
# site in FUNCTION, whoever makes them; 0 disarms.
sites_arm() {
	times=$1
	shift
	for f in "$@"; do
		echo "$f $times" >$SITES/fail 2>/dev/null ||
			{ echo "no _nofail call site in a function $f (/proc/nofailinfo)"; return 1; }
	done
}

# sites_reset: no site armed, no systematic round.
sites_reset() {
	[ -d $SITES ] || return 0
	echo 0 >$SITES/systematic
	sites_list | sed -n 's/.* func:\([^ ]*\)$/\1/p' | sort -u |
		while read -r f; do echo "$f 0" >$SITES/fail; done
}

# sites_delta BEFORE AFTER PATH: per site under PATH (a directory of the
# tree, or a file), what changed from
# the list BEFORE to AFTER: "FUNCTION FILE:LINE failed F injected I
# retried R waiting W max_wait_us M", W and M as in AFTER.
sites_delta() {
	awk -v path="$3" '
		{ key = $7 " " $NF }
		FNR == NR { f[key] = $1; i[key] = $2; r[key] = $3; next }
		# FILE is as the compiler saw it: "../linux/fs/..." in an O= build
		$7 ~ "(^|/)" path {
			sub(/^func:/, "", $NF)
			printf "%s %s failed %d injected %d retried %d waiting %d max_wait_us %d\n",
				$NF, $7, $1 - f[key], $2 - i[key], $3 - r[key], $4, $5
		}' "$1" "$2"
}

# sites_check DELTA: every site in DELTA (sites_delta) retried each
# failure and has none waiting; prints the sites that did not.
sites_check() {
	awk '$4 != $8 || $10 != 0 { print $1 " " $2 ": failed " $4 " retried " $8 " waiting " $10; bad = 1 }
		END { exit bad }' "$1"
}
