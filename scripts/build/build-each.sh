#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-each.sh TREE KBUILD WORK
#
# Check that every patch of the series builds on its own: check out each
# commit after nofail-base in turn and compile the .c files it touches
# (and mm/slab_common.c for a patch that touches only headers), with the
# config of the build directory KBUILD.  Prints "BUILDEACH 0|1 <patch>"
# per patch.
#
# The commits are checked out in a worktree of TREE of its own
# (WORK/tree) and built in a build directory of its own (WORK/build), so
# that TREE and KBUILD are not touched: their files keep their times and
# the next build in KBUILD has nothing to do.  A commit that built with
# the same config, make options and tools before is not built again
# (nofail_cached; NOFAIL_CACHE=0 builds it): a commit id is the whole
# tree at that commit.

set -u
. "$(dirname "$0")/../lib.sh"

usage="usage: build-each.sh TREE KBUILD WORK"
tree=$(realpath -m "${1:?$usage}")
kbuild=$(realpath -m "${2:?$usage}")
work=$(realpath -m "${3:?$usage}")
[ -f "$kbuild/.config" ] || die "build-each: $kbuild has no .config (the KUnit step configures it)"
nofail_outdir "$work"
wt=$work/tree
out=$work/build
mapfile -t opts < <(nofail_make_options)
# Each commit gets KBUILD's config as it is, made old for that commit's
# Kconfig: an option that a later patch adds (CONFIG_NOFAIL_SITES) is
# dropped before it, and is back from its patch on, so that a file built
# only with it is compiled with it.
config=$(mktemp)
cp "$kbuild/.config" "$config"
trap 'rm -f "$config"' EXIT

# checkout COMMIT: WORK/tree at COMMIT, made the first time it is needed
checkout() {
	if ! git -C "$tree" worktree list --porcelain | grep -qxF "worktree $wt"; then
		nofail_rm "$wt"
		git -C "$tree" worktree prune
		progress "build-each: a worktree of $tree in $wt"
		git -C "$tree" worktree add -q --detach "$wt" "$1" || return
		ln -sfn "$NOFAIL_TOP" "$wt/nofail"
	fi
	# -f: a checkout that a ^C cut short left files changed; a
	# worktree that git cannot check out at all is made again, once
	git -C "$wt" checkout -q -f --detach "$1" && return 0
	warn "build-each: $wt cannot be checked out at $1; making it again"
	git -C "$tree" worktree remove --force "$wt" 2>/dev/null
	nofail_rm "$wt"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$wt" "$1" &&
		ln -sfn "$NOFAIL_TOP" "$wt/nofail"
}

# build COMMIT OBJS...: compile OBJS of COMMIT
build() {
	checkout "$1" || return
	shift
	mkdir -p "$out"
	cp "$config" "$out/.config"
	make -s -C "$wt" O="$out" ARCH=x86_64 "${opts[@]}" olddefconfig >/dev/null &&
		make -s -C "$wt" O="$out" ARCH=x86_64 -j"$JOBS" "${opts[@]}" "$@"
}

echo "BUILDEACH 1..$(git -C "$tree" rev-list --count nofail-base..HEAD)"
for c in $(git -C "$tree" rev-list --reverse nofail-base..HEAD); do
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	name=$(git -C "$tree" log -1 --format=%f "$c")
	objs=$(git -C "$tree" diff --name-only "$c^" "$c" -- '*.c' | sed 's/\.c$/.o/')
	[ -n "$objs" ] || objs=mm/slab_common.o
	progress "build-each: $subject: $(echo $objs)"
	# shellcheck disable=SC2086 # one object per word
	if nofail_cached "build-each-$name" \
		"$(nofail_key "$c" "file:$config" "$(nofail_make_options)" "file:$0")" build "$c" $objs; then
		echo "BUILDEACH 0 $name"
	else
		echo "BUILDEACH 1 $name"
	fi
done
