#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-fail.sh TREE OUT
#
# Build each tests/build-fail/*.c as a kernel object in the configured
# build directory OUT.  A file's "expect:" line says what must happen:
# "success" (the control) or the compiler error text it must fail with.
# Prints "BUILDFAIL 0|1 <name>" per file.

set -u
. "$(dirname "$0")/lib.sh"

tree=$(realpath -m "${1:?usage: build-fail.sh TREE OUT}")
out=$(realpath -m "${2:?usage: build-fail.sh TREE OUT}")
[ -f "$out/.config" ] || die "build-fail: $out has no .config (the KUnit step configures it)"
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
mapfile -t opts < <(nofail_make_options)

for src in "$NOFAIL_TOP"/tests/build-fail/*.c; do
	name=$(basename "$src" .c)
	expect=$(sed -n 's/^ \* expect: //p' "$src" | head -1)
	obj=nofail/tests/build-fail/$name.o
	rm -f "$out/$obj"
	log=$(make -C "$tree" O="$out" ARCH=x86_64 "${opts[@]}" "$obj" 2>&1)
	rc=$?
	printf '%s\n' "--- $name (expect: $expect), make exit $rc" "$log"
	if [ "$expect" = success ]; then
		ok=$([ $rc = 0 ] && echo 0 || echo 1)
	elif [ $rc != 0 ] && printf '%s\n' "$log" | grep -q 'error: call to .__compiletime_assert_' &&
	     printf '%s\n' "$log" | grep -qF -- "$expect"; then
		ok=0
	else
		ok=1
	fi
	echo "BUILDFAIL $ok $name"
done
