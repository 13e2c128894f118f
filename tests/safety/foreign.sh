#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# foreign.sh SCRATCH TREE KBUILD: the bench leaves alone what it did not
# make.  A directory holding a file of its own, given as TREE to tree.sh,
# as a path to clean.sh (make clean/distclean) and as OUT to
# page-alloc-cost.sh, must stop each of them with a message, and the
# file must survive.  And page-alloc-cost.sh refuses an OUT whose base
# worktree would be TREE itself.  Prints "SAFETY 0|1 <case>".

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(realpath -m "${1:?usage: foreign.sh SCRATCH TREE KBUILD}")
tree=$(realpath -m "${2:?usage: foreign.sh SCRATCH TREE KBUILD}")
kbuild=$(realpath -m "${3:?usage: foreign.sh SCRATCH TREE KBUILD}")

# case NAME EXPECTED_MESSAGE COMMAND...: COMMAND must fail, say the
# message, and leave mine/precious as it was.
case_() {
	local name=$1 msg=$2 log=$scratch/$1.log ok=0
	shift 2
	rm -rf "$scratch/mine"
	mkdir -p "$scratch/mine"
	echo "my own file" >"$scratch/mine/precious"
	if "$@" >"$log" 2>&1; then
		echo "$name: the command succeeded" >&2
		ok=1
	fi
	grep -q "$msg" "$log" || { echo "$name: no '$msg' in its output:" >&2; cat "$log" >&2; ok=1; }
	[ "$(cat "$scratch/mine/precious" 2>/dev/null)" = "my own file" ] ||
		{ echo "$name: mine/precious is gone" >&2; ok=1; }
	echo "SAFETY $ok $name"
}

mkdir -p "$scratch"
echo "SAFETY 1..4"
case_ tree-foreign "was not made by the bench" "$top/scripts/tree/tree.sh" "$scratch/mine"
case_ clean-foreign "was not made by the bench" "$top/scripts/tree/clean.sh" "$scratch/mine"
case_ page-alloc-cost-out-foreign "did not make" \
	"$top/scripts/run/page-alloc-cost.sh" "$tree" "$kbuild" "$scratch/mine"
case_ page-alloc-cost-out-is-tree "on TREE itself" \
	"$top/scripts/run/page-alloc-cost.sh" "$tree" "$kbuild" "$(dirname "$tree")"
