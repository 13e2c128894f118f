#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/judges/run.sh: the bench's judges on canned consoles, without QEMU,
# as kunit.py's kunit_tool_test.py tests its parser.  Each console in
# tests/judges/pressure/ is judged by scripts/pressure-results.py --check:
# good*.console must pass, every other one must fail (each is one way a
# run can go wrong: a target "not ok", no plan, a truncated console, an
# oops, no pressure, ...).  Prints "JUDGE 1..N" and "JUDGE 0|1 NAME".

set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
consoles=("$top"/tests/judges/pressure/*.console)
echo "JUDGE 1..${#consoles[@]}"
for c in "${consoles[@]}"; do
	name=pressure/$(basename "$c" .console)
	python3 "$top/scripts/pressure-results.py" --check "series-hog=$c" >/dev/null 2>&1
	rc=$?
	case $(basename "$c") in
	good*) want=0 ;;
	*) want=1 ;;
	esac
	if [ "$rc" = "$want" ]; then
		echo "JUDGE 0 $name"
	else
		echo "# $name: the judge exited $rc, expected $want"
		echo "JUDGE 1 $name"
	fi
done
