#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# format-patches.sh TREE [OUTDIR]
#
# Write the commits nofail-base..HEAD of TREE as a patch series: one file
# per commit, a cover letter (0000-cover-letter.patch) and the series file,
# into OUTDIR (default patches/).  The output depends only on the commits:
# zero commit ids, fixed dates and signature, so running it again with
# nothing changed leaves patches/ byte for byte the same.
#
# The cover letter's subject, its prefix ("RFC PATCH v4") and its text are
# kept: they are read back from the existing 0000-cover-letter.patch
# (OUTDIR's, else patches/') and passed to git as the branch description
# and --subject-prefix; the shortlog and diffstat are git's.  There is no
# base-commit: trailer: the base is the bench's own commit of Debian's
# tarball, which no other tree has; the cover letter names v6.12.118.
# Each patch gets Cc: headers from the tree's scripts/get_maintainer.pl
# (maintainers, reviewers and lists of the files it touches; no git
# history, no keyword matches), the cover letter all of them.
# An OUTDIR other than patches/ must be the bench's own, or empty.

set -eu
. "$(dirname "$0")/../lib.sh"

tree=$(realpath -m "${1:?usage: format-patches.sh TREE [OUTDIR]}")
out=$(realpath -m "${2:-$NOFAIL_TOP/patches}")
[ "$out" = "$NOFAIL_TOP/patches" ] || nofail_outdir "$out"
git -C "$tree" rev-parse -q --verify nofail-base >/dev/null ||
	die "patches: $tree has no nofail-base tag (run make tree)"
[ "$(git -C "$tree" rev-list --count nofail-base..HEAD)" -gt 0 ] ||
	die "patches: $tree has no commits on top of nofail-base"

# A tree that holds fewer commits than the series in OUTDIR names, as
# one left by a git am that stopped half way, would drop patches from it.
[ ! -f "$tree/.git/nofail-partial" ] ||
	die "patches: $tree holds only the patches before $(cat "$tree/.git/nofail-partial"), where git am stopped; fix that patch and run 'make tree' first"
have=$(git -C "$tree" rev-list --count nofail-base..HEAD)
named=$(grep -cv '^#' "$out/series" 2>/dev/null || true)
[ "${ALLOW_FEWER:-}" = 1 ] || [ "$have" -ge "${named:-0}" ] ||
	die "patches: $tree has $have commits on nofail-base and $out/series names $named patches: writing them would drop $((named - have)) from $out. Run 'make tree' to apply the series, or 'make patches ALLOW_FEWER=1' if they are to go"

cover=$out/0000-cover-letter.patch
[ -f "$cover" ] || cover=$NOFAIL_TOP/patches/0000-cover-letter.patch
desc=$(python3 "$NOFAIL_TOP/scripts/tree/cover_letter.py" "$cover")
# The subject prefix, "PATCH" or "RFC PATCH v4", is kept from the cover letter.
prefix=$(sed -n 's/^Subject: \[\([^]]*PATCH[^]]*\) [0-9]*\/[0-9]*\].*/\1/p' "$cover" 2>/dev/null | head -1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The cover letter's From: and Date: are the committer's.
GIT_COMMITTER_NAME=$(git -C "$tree" log -1 --format=%an HEAD) \
GIT_COMMITTER_EMAIL=$(git -C "$tree" log -1 --format=%ae HEAD) \
GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%aD HEAD) \
git -C "$tree" -c core.abbrev=12 -c diff.noprefix=false -c format.signature= \
	-c "branch.$(git -C "$tree" symbolic-ref --short HEAD).description=$desc" \
	format-patch -q --zero-commit --cover-letter --cover-from-description=subject \
	--subject-prefix="${prefix:-PATCH}" \
	--no-signature -o "$tmp" nofail-base..HEAD

# cc FILE...: the Cc: lines of the patches FILE, each address once
cc() {
	(cd "$tree" && for f in "$@"; do
		./scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
			--no-keywords --no-tree "$f"
	done) | awk '!seen[$0]++ { print "Cc: " $0 }'
}
# add_cc FILE LINES: the lines before the blank line that ends the headers
add_cc() {
	awk -v cc="$2" '!done && $0 == "" { print cc; done = 1 } { print }' "$1" >"$1.cc" &&
		mv "$1.cc" "$1"
}
patches=()
for f in "$tmp"/0*.patch; do
	[ "$(basename "$f")" = 0000-cover-letter.patch ] || patches+=("$f")
done
for f in "${patches[@]}"; do
	add_cc "$f" "$(cc "$f")" || die "patches: get_maintainer.pl failed on $(basename "$f")"
done
add_cc "$tmp/0000-cover-letter.patch" "$(cc "${patches[@]}")" ||
	die "patches: get_maintainer.pl failed on the series"

mkdir -p "$out"
{
	echo "# The series, in the order git am applies it; made by 'make patches'."
	(cd "$tmp" && ls ./*.patch | sed 's|^\./||' | grep -v '^0000-cover-letter.patch$')
} >"$tmp/series"
changed=0
for f in "$tmp"/*; do
	cmp -s "$f" "$out/$(basename "$f")" || changed=$((changed + 1))
done
for f in "$out"/*.patch; do
	[ -e "$f" ] || continue
	[ -e "$tmp/$(basename "$f")" ] || { rm -f "$f"; changed=$((changed + 1)); }
done
cp "$tmp"/* "$out/"
progress "patches: $(grep -cv '^#' "$out/series") patches in $out, $changed files changed"
# patches/ now says what the tree holds: so does the tree's stamp.
[ "$out" != "$NOFAIL_TOP/patches" ] ||
	printf '%s %s\n' "$(nofail_series_hash "$out")" "$(git -C "$tree" rev-parse HEAD)" \
		>"$tree/.git/nofail-applied"
