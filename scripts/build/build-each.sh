#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-each.sh TREE OUT LOGS
#
# Check that every patch of the series builds on its own: check out each
# commit after nofail-base in turn and compile the .c files it touches
# (and mm/slab_common.c for a patch that touches only headers) in the
# configured build directory OUT.  Prints "BUILDEACH 0|1 <patch>" per patch,
# then returns TREE to its branch.

set -u
. "$(dirname "$0")/../lib.sh"

tree=$(realpath -m "${1:?usage: build-each.sh TREE OUT LOGS}")
out=$(realpath -m "${2:?usage: build-each.sh TREE OUT LOGS}")
[ -f "$out/.config" ] || die "build-each: $out has no .config (the KUnit step configures it)"
branch=$(git -C "$tree" symbolic-ref --short HEAD)
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
mapfile -t opts < <(nofail_make_options)
# Each commit gets OUT's config as it was, made old for that commit's
# Kconfig: an option that a later patch adds (CONFIG_NOFAIL_SITES) is
# dropped before it, and is back from its patch on, so that a file built
# only with it is compiled with it.  OUT's config is put back at the end.
config=$(mktemp)
cp "$out/.config" "$config"
trap 'cp "$config" "$out/.config"; rm -f "$config"' EXIT

echo "BUILDEACH 1..$(git -C "$tree" rev-list --count nofail-base..HEAD)"
for c in $(git -C "$tree" rev-list --reverse nofail-base..HEAD); do
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	name=$(git -C "$tree" log -1 --format=%f "$c")
	objs=$(git -C "$tree" diff --name-only "$c^" "$c" -- '*.c' | sed 's/\.c$/.o/')
	[ -n "$objs" ] || objs=mm/slab_common.o
	git -C "$tree" checkout -q "$c"
	progress "build-each: $subject: $(echo $objs)"
	cp "$config" "$out/.config"
	if make -s -C "$tree" O="$out" ARCH=x86_64 "${opts[@]}" olddefconfig >/dev/null &&
		make -s -C "$tree" O="$out" ARCH=x86_64 -j"$JOBS" "${opts[@]}" $objs; then
		echo "BUILDEACH 0 $name"
	else
		echo "BUILDEACH 1 $name"
	fi
done
git -C "$tree" checkout -q "$branch"
