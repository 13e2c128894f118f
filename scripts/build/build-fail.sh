#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-fail.sh TREE OUT
#
# Build each tests/build-fail/*.c as a kernel object in the configured
# build directory OUT.  A file's "expect:" line says what must happen:
# "success" (the control) or the compiler error text it must fail with.
# A file with a "cases:" line is built once per case, with -DCASE_<case>.
# Prints "BUILDFAIL 0|1 <name>[:<case>]" per build.

set -u
. "$(dirname "$0")/../lib.sh"

tree=$(realpath -m "${1:?usage: build-fail.sh TREE OUT}")
out=$(realpath -m "${2:?usage: build-fail.sh TREE OUT}")
[ -f "$out/.config" ] || die "build-fail: $out has no .config (the KUnit step configures it)"
mapfile -t opts < <(nofail_make_options)

# build_one NAME SRC EXPECT [KCFLAGS]
build_one() {
	local name=$1 src=$2 expect=$3 obj log rc ok

	obj=nofail/tests/build-fail/$(basename "$src" .c).o
	rm -f "$out/$obj"
	log=$(make -C "$tree" O="$out" ARCH=x86_64 "${opts[@]}" KCFLAGS="${4:-}" "$obj" 2>&1)
	rc=$?
	printf '%s\n' "--- $name (expect: $expect), make exit $rc" "$log"
	if [ "$expect" = success ]; then
		ok=$([ $rc = 0 ] && echo 0 || echo 1)
	elif [ $rc != 0 ] && printf '%s\n' "$log" | grep -q 'error: call to .__' &&
	     printf '%s\n' "$log" | grep -qF -- "$expect"; then
		ok=0
	else
		ok=1
	fi
	echo "BUILDFAIL $ok $name"
}

# the plan: one build per file, or per case of a file with cases
plan=0
for src in "$NOFAIL_TOP"/tests/build-fail/*.c; do
	cases=$(sed -n 's/^ \* cases: //p' "$src" | head -1)
	plan=$((plan + $(echo ${cases:-one} | wc -w)))
done
echo "BUILDFAIL 1..$plan"

for src in "$NOFAIL_TOP"/tests/build-fail/*.c; do
	name=$(basename "$src" .c)
	expect=$(sed -n 's/^ \* expect: //p' "$src" | head -1)
	cases=$(sed -n 's/^ \* cases: //p' "$src" | head -1)
	if [ -z "$cases" ]; then
		build_one "$name" "$src" "$expect"
		continue
	fi
	for c in $cases; do
		build_one "$name:$c" "$src" "$expect" "-DCASE_$c"
	done
	rm -f "$out/nofail/tests/build-fail/$name.o"
done
