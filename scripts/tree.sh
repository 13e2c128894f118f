#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tree.sh DIR [--fresh]
#
# Make DIR a git tree of the pinned linux-source-6.12 with the series in
# patches/ applied on top, in the order of patches/series.
#
#   - The base commit is reproducible (fixed identity, dates and message)
#     and tagged nofail-base, so "git format-patch --base" gives a
#     base-commit: trailer that means the same tree everywhere.
#   - Debian's top-level .gitignore ignores everything ("/*", "!/debian/");
#     the base commit drops those two lines so that new files show up.
#   - When DIR already holds the series as last applied, nothing is done.
#     When patches/ changed and DIR holds no commits of its own, the series
#     is applied again on the base.  Commits that are not in patches/ are
#     never thrown away: run "make patches" or "make tree-reset" first.
#   - --fresh: always start from the base (what "make check" uses).

set -eu
. "$(dirname "$0")/lib.sh"

dir=$(realpath -m "${1:?usage: tree.sh DIR [--fresh]}")
fresh=${2:-}
patches=$NOFAIL_TOP/patches
stamp=.git/nofail-applied

series_hash() {
	nofail_series_hash "$patches"
}

unpack_base() {
	local tmp="$dir.tmp"

	[ -f "$NOFAIL_SRC_TARBALL" ] || die "tree: $NOFAIL_SRC_TARBALL missing (run make setup)"
	rm -rf "$tmp"
	mkdir -p "$tmp"
	progress "tree: unpacking $(basename "$NOFAIL_SRC_TARBALL") into $dir"
	tar -C "$tmp" --strip-components=1 -xf "$NOFAIL_SRC_TARBALL"
	sed -i -e '\#^/\*$#d' -e '\#^!/debian/$#d' "$tmp/.gitignore"
	progress "tree: committing the base (about 30 s)"
	git -C "$tmp" init -q -b nofail
	git -C "$tmp" add -A
	git -C "$tmp" "${NOFAIL_GIT_IDENT[@]}" commit -q \
		-m "Debian linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12)" \
		-m "Unpacked from $NOFAIL_SRC_TARBALL; the top-level .gitignore lines \"/*\" and \"!/debian/\" are dropped so that new files are seen."
	git -C "$tmp" tag nofail-base
	# The bench links the project into the tree as nofail/ (see
	# Documentation/bench.rst); it is not part of the series.
	printf '/nofail\n/Kconfig.nofail\n' >>"$tmp/.git/info/exclude"
	rm -rf "$dir"
	mv "$tmp" "$dir"
}

apply_series() {
	local p n=0 total am_opts=() log

	git -C "$dir" checkout -q -f -B nofail nofail-base
	git -C "$dir" clean -q -fdx -e /nofail -e /Kconfig.nofail
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
			die "tree: patch $p does not apply${file:+ (file $file)}"
		fi
	done
	printf '%s %s\n' "$(series_hash)" "$(git -C "$dir" rev-parse HEAD)" >"$dir/$stamp"
}

# The graft: the project as nofail/, for the objects of tests/.
link_graft() {
	ln -sfn "$NOFAIL_TOP" "$dir/nofail"
}

if [ ! -d "$dir/.git" ] || ! git -C "$dir" rev-parse -q --verify nofail-base >/dev/null; then
	unpack_base
	apply_series
elif [ -n "$fresh" ]; then
	apply_series
elif [ -f "$dir/$stamp" ]; then
	read -r hash head <"$dir/$stamp"
	now=$(git -C "$dir" rev-parse HEAD)
	if [ "$now" != "$head" ]; then
		[ "$hash" = "$(series_hash)" ] ||
			die "tree: $dir has commits that are not in patches/ and patches/ changed too; run 'make patches' or 'make tree-reset'"
		progress "tree: $dir has commits beyond patches/ (run 'make patches' to export them)"
	elif [ "$hash" != "$(series_hash)" ]; then
		progress "tree: patches/ changed, applying the series again"
		apply_series
	fi
else
	apply_series
fi
link_graft
