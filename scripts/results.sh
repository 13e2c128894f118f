# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The results of make check and make recheck: one line per result for a
# person ("ok      NAME", "FAILED  NAME (log: LOG)"), and the same as KTAP
# for a machine (results_ktap).  Sourced, not run; the caller sets
# passed=0 failed=0 failures=() ktap=().

result() {	# result NAME STATUS [LOG]
	if [ "$2" = 0 ]; then
		passed=$((passed + 1))
		printf 'ok      %s\n' "$1"
		ktap+=("ok $((passed + failed)) $1")
	else
		failed=$((failed + 1))
		failures+=("$1")
		printf 'FAILED  %s%s\n' "$1" "${3:+ (log: $3)}"
		ktap+=("not ok $((passed + failed)) $1${3:+ # log: $3}")
	fi
}

# collect STEP PREFIX LOG: the results of a step, its "PREFIX 0|1 NAME"
# lines, against its plans ("PREFIX 1..N", summed over the plans it
# printed).  A result that is missing, or no plan at all (the step died
# before it knew), fails STEP itself: a step that dies half way does not
# pass with the results it gave.
collect() {
	local step=$1 prefix=$2 log=$3 status name seen=0 plan

	while read -r status name; do
		result "$step/$name" "$status" "$log"
		seen=$((seen + 1))
	done < <(grep "^$prefix [01] " "$log" | cut -d' ' -f2-)
	plan=$(sed -n "s/^$prefix 1\.\.\([0-9]*\)\$/\1/p" "$log" | awk '{ n += $1 } END { print n + 0 }')
	[ "$plan" -gt 0 ] && [ "$seen" = "$plan" ] ||
		result "$step: $seen results of a plan of $plan" 1 "$log"
}

# results_ktap FILE: every result so far as a KTAP document
results_ktap() {
	{
		echo "KTAP version 1"
		echo "1..$((passed + failed))"
		printf '%s\n' "${ktap[@]}"
	} >"$1"
}

# results_end: the failures and the count; false when one failed
results_end() {
	echo
	[ ${#failures[@]} -eq 0 ] || printf 'failed: %s\n' "${failures[@]}"
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
