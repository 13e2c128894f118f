#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# docs.sh [--no-html] TREE OUT: the series' documentation builds without a
# new warning (--no-html: no htmldocs of the tree, for make lint).
#
#   kernel-doc   scripts/kernel-doc -none -Wall on every .c and .h file
#                the series touches, at nofail-base and at HEAD: a warning
#                HEAD has and the base has not fails the file.  Line
#                numbers are left out of the comparison, as the series
#                moves the lines; the base's own warnings (6.12.118 has
#                some in slab.h, gfs2 and jbd2) are not the series'.
#   htmldocs     make htmldocs SPHINXDIRS=core-api (Sphinx from Debian,
#                make setup), which pulls in memory-allocation.rst and
#                the helpers' kernel-doc through mm-api.rst, into OUT: a
#                warning or error that is not one of 6.12.118's own
#                (tests/docs/base-warnings) fails; and the page must
#                document each helper, or the kernel-doc was not read.
#   bench-docs   the bench's own Documentation/ (design, testing,
#                benchmarks, working, figures) with sphinx-build -W, into OUT/bench-html.
#
# One "DOCS 0|1 NAME" line a result, after a "DOCS 1..N" plan.

set -u
. "$(dirname "$0")/../lib.sh"

html=1
[ "${1:-}" != --no-html ] || { html=; shift; }
tree=$(realpath "${1:?usage: docs.sh [--no-html] TREE OUT}")
out=$(realpath -m "${2:?usage: docs.sh [--no-html] TREE OUT}")
nofail_rm "$out"
nofail_outdir "$out"

mapfile -t files < <(git -C "$tree" diff --name-only nofail-base HEAD -- '*.c' '*.h')
[ ${#files[@]} -gt 0 ] || die "docs: the series touches no .c or .h file in $tree (is nofail-base its base?)"
helpers=(kmalloc_nofail kcalloc_nofail kzalloc_nofail kmalloc_array_nofail
	 kmem_cache_alloc_nofail kmem_cache_zalloc_nofail)
plan=$((${#files[@]} + 1))
[ -z "$html" ] || plan=$((plan + 2))
echo "DOCS 1..$plan"

# kdoc REV FILE: FILE's kernel-doc warnings at REV, without line numbers
kdoc() {
	local src=$out/kdoc/$1/$2

	mkdir -p "$(dirname "$src")"
	git -C "$tree" show "$1:$2" >"$src" 2>/dev/null || return 0
	(cd "$out/kdoc/$1" && "$tree/scripts/kernel-doc" -none -Wall "$2" 2>&1) |
		sed 's/:[0-9]*: /: /' | sort
}

for f in "${files[@]}"; do
	new=$(comm -13 <(kdoc nofail-base "$f") <(kdoc HEAD "$f"))
	if [ -n "$new" ]; then
		echo "$new"
		echo "DOCS 1 kernel-doc/$f"
	else
		echo "DOCS 0 kernel-doc/$f"
	fi
done

# The bench's own Documentation/ (index, bench, figures): Sphinx, with
# warnings as errors.
if sphinx-build -W --keep-going -b html -q "$NOFAIL_TOP/Documentation" "$out/bench-html" \
	>"$out/bench-docs.log" 2>&1; then
	echo "DOCS 0 bench-docs"
else
	cat "$out/bench-docs.log"
	echo "DOCS 1 bench-docs"
fi

[ -n "$html" ] || exit 0

progress "docs: make htmldocs SPHINXDIRS=core-api (about 2 min; log: $out/htmldocs.log)"
# 6.12's htmldocs writes the netlink specs' pages into the source tree,
# O= or not (Documentation/networking/netlink_spec/): the files it adds
# there are removed after it, nothing else.
spec=Documentation/networking/netlink_spec
git -C "$tree" ls-files --others -- "$spec" | sort >"$out/untracked.before"
make -C "$tree" O="$out/htmldocs" SPHINXDIRS=core-api htmldocs >"$out/htmldocs.log" 2>&1
rc=$?
git -C "$tree" ls-files --others -- "$spec" | sort |
	comm -13 "$out/untracked.before" - | (cd "$tree" && xargs -r rm -f --)
# The warnings with the tree's path cut off, as tests/docs/base-warnings has them.
grep -E 'WARNING|ERROR' "$out/htmldocs.log" | sed "s|$tree/||" | sort -u >"$out/warnings"
grep -v '^#' "$NOFAIL_TOP/tests/docs/base-warnings" | sort -u >"$out/base-warnings"
comm -23 "$out/warnings" "$out/base-warnings" >"$out/new-warnings"
if [ "$rc" = 0 ] && [ ! -s "$out/new-warnings" ]; then
	echo "DOCS 0 htmldocs"
else
	echo "make htmldocs: exit $rc, warnings that 6.12.118 does not have:"
	cat "$out/new-warnings"
	echo "DOCS 1 htmldocs"
fi

page=$out/htmldocs/Documentation/output/core-api/mm-api.html
missing=()
for h in "${helpers[@]}"; do
	grep -q "id=\"c\.$h\"" "$page" 2>/dev/null || missing+=("$h")
done
if [ ${#missing[@]} = 0 ]; then
	echo "DOCS 0 helpers-documented"
else
	echo "no kernel-doc in $page for: ${missing[*]}"
	echo "DOCS 1 helpers-documented"
fi
