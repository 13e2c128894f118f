#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# recover.sh SCRATCH BASE_TREE: a patch that does not apply, then fixed.
#
# A tree holds the series; then, in a copy of patches/, the third patch
# gets a broken hunk, as an edit gone wrong would.  tree.sh
# must stop naming the patch and its file, and leave a tree that
# format-patches.sh ("make patches") refuses to export, since it would
# drop patches; once the patch is restored, tree.sh must apply the whole
# series without being told anything.  The same broken patch under
# --fresh (make check's apply: git am in a scratch worktree first) must
# be named too, with no scratch worktree left.  The scratch tree is cloned from
# the base of BASE_TREE.  Prints "SAFETY 0|1 <case>".

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(realpath -m "${1:?usage: recover.sh SCRATCH BASE_TREE}")
export NOFAIL_BASE_FROM=${2:?usage: recover.sh SCRATCH BASE_TREE}
export PATCHES=$scratch/patches
tree=$scratch/linux
log=$scratch/recover.log

report() {	# report NAME STATUS WHY
	[ "$2" = 0 ] || echo "$1: $3 (log: $log)" >&2
	echo "SAFETY $2 $1"
}

mkdir -p "$scratch"
# the scratch directory is the bench's own: make patches writes there
echo "Made by tests/safety/recover.sh." >"$scratch/.nofail-bench"
echo "SAFETY 1..6"
rm -rf "$PATCHES"
cp -r "$top/patches" "$PATCHES"
"$top/scripts/tree/tree.sh" "$tree" >"$log" 2>&1
report applied $? "tree.sh did not apply the series"
third=$(grep -v '^#' "$PATCHES/series" | sed -n 3p)
file=$(sed -n 's|^+++ b/||p' "$PATCHES/$third" | head -1)
cp "$PATCHES/$third" "$scratch/good.patch"
# break the first context line of the first hunk
awk '/^@@/ && !hunk { hunk = 1; print; next }
	hunk && !done && /^ / { print " this line is not in the file"; done = 1; next }
	{ print }' "$scratch/good.patch" >"$PATCHES/$third"

"$top/scripts/tree/tree.sh" "$tree" >>"$log" 2>&1
rc=$?
report broken-patch-named "$([ $rc != 0 ] && grep -q "patch 3/[0-9]* $third does not apply (file $file)" "$log" && echo 0 || echo 1)" \
	"tree.sh did not stop naming $third and $file"

# make check's way (--fresh: git am in a scratch worktree first) must
# name it too, and leave no scratch worktree behind
"$top/scripts/tree/tree.sh" "$tree" --fresh >>"$log" 2>&1
rc=$?
report fresh-broken-patch-named "$([ $rc != 0 ] && [ "$(grep -c "patch 3/[0-9]* $third does not apply (file $file)" "$log")" = 2 ] &&
	[ -f "$tree/.git/nofail-partial" ] && ! ls -d "$scratch"/.nofail-am.* >/dev/null 2>&1 &&
	[ "$(git -C "$tree" worktree list | wc -l)" = 1 ] && echo 0 || echo 1)" \
	"tree.sh --fresh did not stop naming $third and $file, or left its scratch worktree"

cp -r "$PATCHES" "$scratch/patches.before"
"$top/scripts/tree/format-patches.sh" "$tree" "$PATCHES" >>"$log" 2>&1
rc=$?
report export-refused "$([ $rc != 0 ] && diff -r "$scratch/patches.before" "$PATCHES" >/dev/null && echo 0 || echo 1)" \
	"format-patches.sh exported the partial tree, or changed patches/"

cp "$scratch/good.patch" "$PATCHES/$third"
"$top/scripts/tree/tree.sh" "$tree" >>"$log" 2>&1
rc=$?
want=$(grep -cv '^#' "$PATCHES/series")
have=$(git -C "$tree" rev-list --count nofail-base..HEAD 2>/dev/null)
report recovered "$([ $rc = 0 ] && [ "$have" = "$want" ] && echo 0 || echo 1)" \
	"after the fix, tree.sh exited $rc with $have of $want patches"

"$top/scripts/tree/format-patches.sh" "$tree" "$PATCHES" >>"$log" 2>&1
rc=$?
report roundtrip "$([ $rc = 0 ] && diff -r "$top/patches" "$PATCHES" >/dev/null && echo 0 || echo 1)" \
	"the recovered tree does not give patches/ back"
