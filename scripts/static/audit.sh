#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# audit.sh TREE PATH...
# audit.sh --table TREE OUT
#
# The series' semantic patch, scripts/coccinelle/api/nofail.cocci in the
# tree (patch 15; COCCI=FILE for another copy), in report mode.
#
# With PATHs: the slab allocations under TREE/PATH... that still get
# __GFP_NOFAIL, in the flags argument, through a gfp variable, or through
# a gfp parameter that a call in the same file fills with it.  Prints one
# line per site and "slab nofail sites: N"; exits 1 when N > 0 (make
# check: none is left in the files the series converted).
#
# With --table: every C file of TREE that mentions __GFP_NOFAIL or looks
# like it retries an allocation in a loop, one spatch per file, and the
# must-succeed sites that remain, per subsystem and allocator kind
# (scripts/judge/audit_table.py): OUT/table.txt and OUT/table.json, with the
# report, the files and the raw uses beside them.  Several minutes.

set -u
. "$(dirname "$0")/../lib.sh"

usage="usage: audit.sh TREE PATH... | audit.sh --table TREE OUT"
table=
if [ "${1:-}" = --table ]; then
	table=1
	shift
fi
tree=$(realpath -m "${1:?$usage}")
shift
cocci=${COCCI:-$tree/scripts/coccinelle/api/nofail.cocci}
[ -f "$cocci" ] || die "audit: no $cocci (the series' patch 15 adds it; COCCI=FILE for another)"
opts=(--very-quiet --no-includes --include-headers --timeout 120)

# spatch_each COCCI: spatch in report mode on each file named on stdin,
# $JOBS at a time.  One file per spatch: given many files at once, spatch
# treats them as one program and takes far longer.
spatch_each() {
	(cd "$tree" && xargs -P "$JOBS" -n 1 spatch "${opts[@]}" -D report \
		--cocci-file "$1" 2>>"${spatch_err:-/dev/null}")
}

if [ -z "$table" ]; then
	[ $# -gt 0 ] || die "$usage"
	# A slab call passes gfp flags, and they are spelled GFP_ or come
	# from a gfp_t: files without either cannot have a site.
	files=$(cd "$tree" && grep -rlE 'GFP_|gfp_t' --include='*.[ch]' "$@" | sort)
	[ -n "$files" ] || die "audit: no C files with gfp flags under $* in $tree"
	# a file that spatch gave up on (--timeout) would pass as a file
	# without sites: its messages are kept, and a timeout fails
	spatch_err=$(mktemp)
	trap 'nofail_reap; rm -f "$spatch_err"' EXIT
	sites=$(printf '%s\n' "$files" | spatch_each "$cocci" |
		grep -E '\((a: direct|b: variable|c: parameter)\)' | sort -t: -k1,1 -k2,2n)
	if grep -qi 'timeout' "$spatch_err"; then
		cat "$spatch_err" >&2
		die "audit: spatch timed out on a file (above): its sites were not counted"
	fi
	[ -z "$sites" ] || printf '%s\n' "$sites"
	n=$(printf '%s\n' "$sites" | sed '/^$/d' | wc -l)
	echo "slab nofail sites: $n"
	[ "$n" = 0 ]
	exit
fi

out=$(realpath -m "${1:?$usage}")
nofail_outdir "$out"
# The files: those that name the flag, and those where an allocation is
# the condition of a loop or of a jump back (the retry-loop report).
alloc='(k[mz]alloc|kcalloc|kmalloc_array|kmem_cache_z?alloc|alloc_pages?|__get_free_pages?|mempool_alloc|v[mz]alloc|kv[mz]alloc)'
(cd "$tree" && {
	grep -rl --include='*.[ch]' __GFP_NOFAIL .
	grep -rlE --include='*.c' "while \(!\(?[A-Za-z_][][A-Za-z0-9_>.-]* = $alloc\(" .
	grep -rlPz --include='*.c' "(?s)do \{[^{}]{0,300}= $alloc\([^{}]{0,300}\} while \(!" .
} | sed 's|^\./||' | grep -vE '^(Documentation|tools|scripts)/' | sort -u) >"$out/files.txt"
progress "audit: $(wc -l <"$out/files.txt") files of $tree, $JOBS spatch at a time (6 to 7 min measured)"
start=$(date +%s)
spatch_each "$cocci" <"$out/files.txt" | sort -t: -k1,1 -k2,2n >"$out/report.txt"
spatch_each "$NOFAIL_TOP/scripts/static/uses.cocci" <"$out/files.txt" >"$out/uses.txt"
progress "audit: spatch in $(($(date +%s) - start)) s"
python3 "$NOFAIL_TOP/scripts/judge/audit_table.py" "$out/report.txt" "$out/uses.txt" \
	"$out/files.txt" "$tree" "$out/table.json" | tee "$out/table.txt"
