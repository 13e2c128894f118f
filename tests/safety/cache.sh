#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cache.sh SCRATCH: what make check keeps (nofail_cached in lib.sh) is
# given again only for the same inputs, and a failure is never kept.
# A command that counts its runs in SCRATCH, with BUILD=SCRATCH so that
# the cache is SCRATCH/cache:
#  - reused: a pass is run once and given again for the same key, with
#    its output, under a "# cached:" line;
#  - input: a key made with nofail_key of a file changes when the file
#    does, and the command runs again;
#  - failure: a failing command runs every time, and says so each time;
#  - results: with --results, a command that exits 0 but prints a failed
#    result, or fewer results than its plan, runs every time;
#  - off: NOFAIL_CACHE=0 runs a command whose pass is kept.
# Prints "SAFETY 0|1 <case>".

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(realpath -m "${1:?usage: cache.sh SCRATCH}")
if [ -e "$scratch" ]; then
	echo "cache.sh: $scratch exists; give a SCRATCH that does not" >&2
	exit 1
fi
mkdir -p "$scratch"
export NOFAIL_BUILD=$scratch
# shellcheck source=scripts/lib.sh
. "$top/scripts/lib.sh"

# count NAME STATUS: count the run in SCRATCH/NAME.runs, say so, exit STATUS
count() {
	echo run >>"$scratch/$1.runs"
	echo "ran $1"
	return "$2"
}
runs() { wc -l <"$scratch/$1.runs" 2>/dev/null || echo 0; }
say() { echo "SAFETY $1 cache-$2"; }

echo "SAFETY 1..5"

out1=$(nofail_cached a k1 count a 0)
out2=$(nofail_cached a k1 count a 0)
[ "$(runs a)" = 1 ] && [ "$out1" = "ran a" ] &&
	[[ $(sed -n 1p <<<"$out2") == "# cached: "* ]] &&
	[ "$(sed -n 2p <<<"$out2")" = "ran a" ]
say $? reused

echo one >"$scratch/input"
nofail_cached b "$(nofail_key "file:$scratch/input")" count b 0 >/dev/null
nofail_cached b "$(nofail_key "file:$scratch/input")" count b 0 >/dev/null
echo two >"$scratch/input"
nofail_cached b "$(nofail_key "file:$scratch/input")" count b 0 >/dev/null
[ "$(runs b)" = 2 ]
say $? input

nofail_cached c k1 count c 1 >/dev/null
rc1=$?
out=$(nofail_cached c k1 count c 1)
rc2=$?
[ "$rc1" = 1 ] && [ "$rc2" = 1 ] && [ "$(runs c)" = 2 ] && [ "$out" = "ran c" ]
say $? failure

# print PLAN RESULT...: a step's results, and exit 0 whatever they say
print() {
	echo run >>"$scratch/d.runs"
	echo "DOCS 1..$1"
	shift
	printf 'DOCS %s\n' "$@"
}
nofail_cached d k1 --results DOCS print 2 "0 one" "1 two" >/dev/null
nofail_cached d k1 --results DOCS print 2 "0 one" "1 two" >/dev/null
nofail_cached d k2 --results DOCS print 2 "0 one" >/dev/null
nofail_cached d k2 --results DOCS print 2 "0 one" >/dev/null
nofail_cached d k3 --results DOCS print 2 "0 one" "0 two" >/dev/null
nofail_cached d k3 --results DOCS print 2 "0 one" "0 two" >/dev/null
[ "$(runs d)" = 5 ]
say $? results

NOFAIL_CACHE=0 nofail_cached a k1 count a 0 >/dev/null
[ "$(runs a)" = 2 ]
say $? off
