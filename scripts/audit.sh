#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# audit.sh TREE PATH...
#
# Report the slab allocations under PATH... of TREE that still get
# __GFP_NOFAIL, with scripts/coccinelle/audit.cocci: in the flags
# argument, through a local gfp variable, or through a gfp parameter of a
# function that some call in PATH... passes __GFP_NOFAIL (joined here, so
# the call and the function may be in different files).  Prints one line
# per site and "slab nofail sites: N"; exits 1 when N > 0.

set -u
. "$(dirname "$0")/lib.sh"

tree=${1:?usage: audit.sh TREE PATH...}
shift
# A slab call passes gfp flags, and they are spelled GFP_ or come from a
# gfp_t: files without either cannot have a site.
files=$(cd "$tree" && grep -rlE 'GFP_|gfp_t' --include='*.[ch]' "$@" | sort)
[ -n "$files" ] || die "audit: no C files with gfp flags under $* in $tree"
# One spatch per file: given many files at once, spatch treats them as
# one program and takes far longer.
raw=$(cd "$tree" && printf '%s\n' $files | xargs -P "$JOBS" -n 1 \
	spatch --very-quiet --no-includes --include-headers --timeout 120 -D report \
	--cocci-file "$NOFAIL_TOP/scripts/coccinelle/audit.cocci" 2>/dev/null)
sites=$(
	printf '%s\n' "$raw" | awk '$1 == "SITE" { print $2, $3 "()", $4 }'
	printf '%s\n' "$raw" | awk '
		$1 == "PARAM" { param[$2] = param[$2] " " $3 }
		$1 == "CALL"  { call[$2] = call[$2] " " $3 }
		END {
			for (f in param)
				if (f in call)
					print substr(param[f], 2), f "()", "parameter, NOFAIL from" call[f]
		}'
)
sites=$(printf '%s\n' "$sites" | sed '/^$/d' | sort -u)
[ -z "$sites" ] || printf '%s\n' "$sites"
n=$(printf '%s\n' "$sites" | sed '/^$/d' | wc -l)
echo "slab nofail sites: $n"
[ "$n" = 0 ]
