#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tree.sh DIR [--fresh]
#
# Make DIR a git tree of the pinned linux-source-6.12 with the series in
# patches/ applied on top, in the order of patches/series.
#
#   - The base commit is reproducible (fixed identity, dates and message)
#     and tagged nofail-base, so the commits on it are the same
#     everywhere.
#   - Debian's top-level .gitignore ignores everything ("/*", "!/debian/");
#     the base commit drops those two lines so that new files show up.
#   - When DIR already holds the series as last applied, nothing is done.
#     When patches/ changed and DIR holds no commits of its own, the series
#     is applied again on the base.  Commits that are not in patches/ are
#     never thrown away: run "make patches" or "make tree-reset" first.
#   - When a patch does not apply, DIR is left at the patches before it,
#     marked as partial (.git/nofail-partial): the next run applies the
#     series again from the base, and "make patches" refuses to export it.
#   - --fresh: always apply patches/ to the base again (what "make
#     check" uses), in a scratch worktree; DIR takes the result, and its
#     files that do not change keep their times (fresh_apply).
#
# DIR is deleted or rewritten only when the bench made it (the stamp
# .git/.nofail-bench, see lib.sh): any other directory that is not empty
# stops the script, untouched.  PATCHES (default patches/) names the
# series to apply.  A new DIR is cloned from the base of another bench
# tree when there is one (build/linux, or NOFAIL_BASE_FROM; none for no
# clone) made from the
# same package version, else unpacked from the package's tarball.

set -eu
. "$(dirname "$0")/../lib.sh"

dir=$(realpath -m "${1:?usage: tree.sh DIR [--fresh]}")
fresh=${2:-}
patches=$(realpath -m "${PATCHES:-$NOFAIL_TOP/patches}")
stamp=.git/nofail-applied
partial=.git/nofail-partial
base_subject="Debian linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo missing)"

series_hash() {
	nofail_series_hash "$patches"
}

# A new tree, in a temporary directory next to DIR that this run made and
# its EXIT trap removes if it stops half way.
new_tree() {
	mkdir -p "$(dirname "$dir")"
	tmp=$(mktemp -d "$(dirname "$dir")/.nofail-tree.XXXXXX")
	trap 'nofail_reap; [ -z "${tmp:-}" ] || rm -rf -- "$tmp"' EXIT
}

# The base commit of another bench tree made from the same package: a
# local clone (hard links, no network) is much faster than unpacking.
base_source() {
	local from

	[ "${NOFAIL_BASE_FROM:-}" != none ] || return 1
	from=$(realpath -m "${NOFAIL_BASE_FROM:-$NOFAIL_BUILD/linux}")
	[ "$from" != "$dir" ] &&
		[ "$(git -C "$from" log -1 --format=%s nofail-base 2>/dev/null)" = "$base_subject" ] &&
		echo "$from"
}

clone_base() {
	progress "tree: cloning the base commit of $1 into $dir"
	git clone -q --no-checkout --no-tags "$1" "$tmp" &&
		git -C "$tmp" fetch -q --no-tags "$1" tag nofail-base &&
		git -C "$tmp" remote remove origin &&
		git -C "$tmp" checkout -q -B nofail nofail-base ||
		die "tree: cloning the base of $1 failed (NOFAIL_BASE_FROM=none unpacks the tarball instead)"
}

unpack_base() {
	[ -f "$NOFAIL_SRC_TARBALL" ] || die "tree: $NOFAIL_SRC_TARBALL missing (run make setup)"
	progress "tree: unpacking $(basename "$NOFAIL_SRC_TARBALL") into $dir"
	tar -C "$tmp" --strip-components=1 -xf "$NOFAIL_SRC_TARBALL"
	sed -i -e '\#^/\*$#d' -e '\#^!/debian/$#d' "$tmp/.gitignore"
	progress "tree: committing the base (about 30 s)"
	git -C "$tmp" init -q -b nofail
	git -C "$tmp" add -A
	git -C "$tmp" "${NOFAIL_GIT_IDENT[@]}" commit -q \
		-m "$base_subject" \
		-m "Unpacked from $NOFAIL_SRC_TARBALL; the top-level .gitignore lines \"/*\" and \"!/debian/\" are dropped so that new files are seen."
	git -C "$tmp" tag nofail-base
}

make_base() {
	local from

	new_tree
	if from=$(base_source); then
		clone_base "$from"
	else
		unpack_base
	fi
	# The bench's own tree: no automatic gc (a repack of the 86,000
	# files of the base would run beside the kernel build), and the
	# graft, nofail/, is not part of the series (Documentation/working.rst).
	git -C "$tmp" config gc.auto 0
	printf '/nofail\n' >>"$tmp/.git/info/exclude"
	nofail_stamp "$tmp"
	if [ -d "$dir" ] && [ -z "$(ls -A "$dir")" ]; then
		rmdir "$dir"
	else
		nofail_rm "$dir"
	fi
	mv "$tmp" "$dir"
	tmp=
}

apply_series() {
	local p n=0 total am_opts=() log

	rm -f "$dir/$partial"
	git -C "$dir" am --abort 2>/dev/null || true
	git -C "$dir" checkout -q -f -B nofail nofail-base
	git -C "$dir" clean -q -fdx -e /nofail
	[ "$(dpkg-query -W -f='${Version}' linux-source-6.12)" = "$NOFAIL_SRC_VERSION" ] ||
		am_opts=(--3way)
	total=$(grep -cv '^#' "$patches/series" || true)
	for p in $(grep -v '^#' "$patches/series"); do
		n=$((n + 1))
		[ -f "$patches/$p" ] || die "tree: patches/series names $p, which does not exist"
		progress "tree: [$n/$total] git am $p"
		if ! log=$(git -C "$dir" "${NOFAIL_GIT_IDENT[@]}" am -q "${am_opts[@]}" "$patches/$p" 2>&1); then
			printf '%s\n' "$log" >&2
			file=$(printf '%s\n' "$log" | sed -n 's/^error: patch failed: \([^:]*\):.*/\1/p;s/^error: \([^:]*\): does not exist in index/\1/p' | head -1)
			git -C "$dir" am --abort 2>/dev/null || true
			echo "$p" >"$dir/$partial"
			die "tree: patch $n/$total $p does not apply${file:+ (file $file)}; $dir holds the $((n - 1)) patches before it. Fix patches/$p and run make tree again: it starts again from the base"
		fi
	done
	printf '%s %s\n' "$(series_hash)" "$(git -C "$dir" rev-parse HEAD)" >"$dir/$stamp"
}

# --fresh on a tree that has its base: git am of patches/ on the base,
# in a scratch worktree of the files the series touches only (a sparse
# checkout: seconds, where checking the base out in DIR rewrites every
# patched file).  DIR then takes the commit git am made with
# "checkout -f", which rewrites only the files that differ, so that a DIR
# already at that commit keeps its files' times and a build of it has
# nothing to do.  The commit id is the whole tree: the same patches on the
# same base give the same id.  A patch that does not apply there is
# applied again in DIR by apply_series, which names it, leaves DIR at the
# patches before it and marks it partial.
fresh_apply() {
	local p new am_opts=() stale

	# scratch worktrees a SIGKILL left behind
	for stale in "$(dirname "$dir")"/.nofail-am.*; do
		[ -e "$stale" ] && nofail_is_ours "$stale" || continue
		git -C "$dir" worktree remove --force "$stale" 2>/dev/null
		rm -rf -- "$stale"
	done
	git -C "$dir" worktree prune || return 1
	am_scratch=$(mktemp -d "$(dirname "$dir")/.nofail-am.XXXXXX") || return 1
	trap 'nofail_reap; git -C "$dir" worktree remove --force "$am_scratch" 2>/dev/null || true; rm -rf -- "$am_scratch"' EXIT
	[ "$(dpkg-query -W -f='${Version}' linux-source-6.12)" = "$NOFAIL_SRC_VERSION" ] ||
		am_opts=(--3way)
	git -C "$dir" worktree add -q --no-checkout --detach "$am_scratch" nofail-base || return 1
	nofail_stamp "$am_scratch"
	# every path a patch names, old and new, as a sparse pattern (this
	# sets extensions.worktreeConfig in DIR's .git/config: the
	# scratch worktree's sparse setting stays its own)
	for p in $(grep -v '^#' "$patches/series"); do
		[ -f "$patches/$p" ] || return 1
		sed -n 's|^diff --git a/\([^ ]*\) b/\([^ ]*\)$|/\1\n/\2|p' "$patches/$p"
	done | sort -u | git -C "$am_scratch" sparse-checkout set --no-cone --stdin || return 1
	git -C "$am_scratch" checkout -q --detach nofail-base || return 1
	progress "tree: git am of patches/ on the base, in a sparse worktree"
	for p in $(grep -v '^#' "$patches/series"); do
		git -C "$am_scratch" "${NOFAIL_GIT_IDENT[@]}" am -q "${am_opts[@]}" "$patches/$p" >/dev/null 2>&1 ||
			return 1
	done
	new=$(git -C "$am_scratch" rev-parse HEAD) || return 1
	git -C "$dir" worktree remove --force "$am_scratch" || return 1
	git -C "$dir" am --abort 2>/dev/null
	if [ "$(git -C "$dir" rev-parse HEAD)" = "$new" ]; then
		progress "tree: $dir is at that commit ($(git -C "$dir" rev-parse --short HEAD)); its files that match keep their times"
	fi
	git -C "$dir" checkout -q -f -B nofail "$new" || return 1
	git -C "$dir" clean -q -fdx -e /nofail || return 1
	# set -e does not hold in a function called with ||: check the end
	[ "$(git -C "$dir" rev-parse HEAD)" = "$new" ] && git -C "$dir" diff --quiet HEAD || return 1
	rm -f "$dir/$partial"
	printf '%s %s\n' "$(series_hash)" "$new" >"$dir/$stamp"
}

# The graft: the project as nofail/, for the objects of tests/.
link_graft() {
	ln -sfn "$NOFAIL_TOP" "$dir/nofail"
	# trees made before gc was turned off at creation, too
	git -C "$dir" config gc.auto 0
}

# Whose is DIR?  A bench tree of an earlier version of the bench has the
# nofail-base tag and the stamp of an applied series, not yet ours.
if [ -f "$dir/$stamp" ] && git -C "$dir" rev-parse -q --verify nofail-base >/dev/null; then
	nofail_is_ours "$dir" || nofail_stamp "$dir"
fi
if [ -e "$dir" ] && ! nofail_is_ours "$dir"; then
	[ -d "$dir" ] && [ -z "$(ls -A "$dir")" ] ||
		die "tree: $dir exists and was not made by the bench (no .git/$NOFAIL_STAMP): the bench applies the series only to trees it made itself, and leaves this one alone. Choose a TREE= that does not exist yet, or move $dir away."
fi

if [ ! -d "$dir/.git" ] || ! git -C "$dir" rev-parse -q --verify nofail-base >/dev/null; then
	make_base
	apply_series
elif [ -n "$fresh" ]; then
	fresh_apply || apply_series
elif [ -f "$dir/$partial" ]; then
	progress "tree: the last run stopped at $(cat "$dir/$partial"); applying the series again"
	apply_series
elif [ -f "$dir/$stamp" ]; then
	read -r hash head <"$dir/$stamp"
	now=$(git -C "$dir" rev-parse HEAD)
	if [ "$now" != "$head" ]; then
		[ "$hash" = "$(series_hash)" ] ||
			die "tree: $dir has commits that are not in patches/ (HEAD $(git -C "$dir" rev-parse --short HEAD), applied as $(git -C "$dir" rev-parse --short "$head")), and patches/ changed since. Keep the tree's commits with 'make patches' (it overwrites the changes to patches/), or patches/ with 'make tree-reset' (it drops the tree's commits)."
		progress "tree: $dir has commits beyond patches/ (run 'make patches' to export them)"
	elif [ "$hash" != "$(series_hash)" ]; then
		progress "tree: patches/ changed, applying the series again"
		apply_series
	fi
else
	apply_series
fi
link_graft
