#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/judges/run.sh TREE: the bench's judges on canned output, without
# QEMU, as kunit.py's kunit_tool_test.py tests its parser.  Each folder
# tests/judges/STEP/CASE/ holds what a step leaves for its judge (a
# console, and what the host planned), and is judged by
# scripts/judge/judge.sh STEP, with TREE's kunit.py for the KUnit consoles:
# good* must pass, every other case must fail (each is one way a run can
# go wrong: a "not ok", no plan, a truncated console, an oops, a missing
# suite or target, ...), and fail for its own reason: its CASE/expect is
# a grep -E pattern that one of the judge's result lines must match.  The judges write their files to a scratch
# folder, not here.  Prints "JUDGE 1..N" and "JUDGE 0|1 STEP/CASE".

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(realpath -m "${1:?usage: tests/judges/run.sh TREE}")
scratch=$(mktemp -d /tmp/nofail-judges.XXXXXX)
trap 'rm -rf -- "$scratch"' EXIT

cases=()
for d in "$top"/tests/judges/*/*/; do
	cases+=("${d%/}")
done
echo "JUDGE 1..${#cases[@]}"
for d in "${cases[@]}"; do
	c=$(basename "$d")
	step=$(basename "$(dirname "$d")")
	name=$step/$c
	mkdir -p "$scratch/$name"
	NOFAIL_JUDGE_TMP=$scratch/$name "$top/scripts/judge/judge.sh" "$step" "$d" "$tree" \
		>"$scratch/$name.log" 2>&1
	rc=$?
	case $c in
	good*) want=0 ;;
	*) want=1 ;;
	esac
	why=
	[ "$rc" = "$want" ] || why="the judge exited $rc, expected $want"
	if [ -z "$why" ] && [ "$want" = 1 ]; then
		if [ ! -s "$d/expect" ]; then
			why="no $d/expect: what the judge must find"
		elif ! grep -q -E -f "$d/expect" "$scratch/$name.log"; then
			why="no result line matches $(head -1 "$d/expect")"
		fi
	fi
	if [ -z "$why" ]; then
		echo "JUDGE 0 $name"
	else
		echo "# $name: $why:"
		sed 's/^/#   /' "$scratch/$name.log" | tail -5
		echo "JUDGE 1 $name"
	fi
done
