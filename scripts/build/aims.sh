#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# aims.sh SYSTEM_MAP AIMS OUT
#
# Write the boot test's /etc/nofail/aims: the lines of AIMS
# (tests/boot/aims) with each "stack FUNCTION" resolved to "stack
# FUNCTION START END", the function's text in SYSTEM_MAP, END being the
# next text symbol's address; "stack FIRST..LAST" gives the text from the
# start of FIRST to the end of LAST, for a site inlined into functions
# that the linker put next to each other; "stack A|B" is A, or B when A
# is not in SYSTEM_MAP (the compiler inlined it into B).  The kernel is booted with nokaslr, so the
# addresses hold; the guest checks them against /proc/kallsyms.  A
# function that is not in SYSTEM_MAP (renamed, or inlined into its
# caller) is an error that names it.

set -eu
. "$(dirname "$0")/../lib.sh"

map=${1:?usage: aims.sh SYSTEM_MAP AIMS OUT}
aims=${2:?usage: aims.sh SYSTEM_MAP AIMS OUT}
out=${3:?usage: aims.sh SYSTEM_MAP AIMS OUT}
[ -f "$map" ] || die "aims: no $map (build the kernel first)"

# range FUNCTION: "0xSTART 0xEND" of a text symbol
range() {
	awk -v f="$1" '
		$2 !~ /^[tT]$/ { next }
		found && $1 != start { print "0x" start, "0x" $1; exit }
		$3 == f { found = 1; start = $1 }
		END { if (!found) exit 1 }' "$map"
}

: >"$out"
while read -r target tasks percent kind what; do
	case $target in '' | '#'*) continue ;; esac
	if [ "$kind" = stack ]; then
		# FUNC|CALLER: the caller, when the compiler inlined FUNC.
		for alt in ${what//|/ }; do
			range "${alt%..*}" >/dev/null && break
		done
		what=$alt
		first=${what%..*}
		last=${what#*..}
		r1=$(range "$first") ||
			die "aims: $aims: function $first is not in $map (inlined or renamed?)"
		r2=$(range "$last") ||
			die "aims: $aims: function $last is not in $map (inlined or renamed?)"
		[ $((${r1% *})) -lt $((${r2#* })) ] ||
			die "aims: $aims: $last comes before $first in $map"
		what="$what ${r1% *} ${r2#* }"
	fi
	echo "$target $tasks $percent $kind $what" >>"$out"
done <"$aims"
