# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The results of make check, make recheck and make lint: one line per
# result for a person ("ok      NAME", "FAILED  NAME (log: LOG)"), and the
# same as KTAP for a machine (results_ktap), the one emitter.  Sourced,
# not run; the caller sets passed=0 failed=0 failures=() ktap=().

result() {	# result NAME STATUS [LOG]
	local cached=

	# a result nofail_cached gave again says so, to the person
	[ -n "${3:-}" ] && [ -f "$3" ] && head -1 "$3" | grep -q '^# cached: ' && cached=' (cached)'
	if [ "$2" = 0 ]; then
		passed=$((passed + 1))
		printf 'ok      %s%s\n' "$1" "$cached"
		ktap+=("0	$1	${3:-}")
	else
		failed=$((failed + 1))
		failures+=("$1")
		printf 'FAILED  %s%s\n' "$1" "${3:+ (log: $3)}"
		ktap+=("1	$1	${3:-}")
	fi
}

# collect STEP PREFIX LOG [RC]: the results of a step, its "PREFIX 0|1
# NAME" lines, against its plans ("PREFIX 1..N", summed over the plans
# it printed).  A result that is missing, or no plan at all (the step
# died before it knew), fails STEP itself: a step that dies half way
# does not pass with the results it gave.  So does RC, the step's exit
# status, when it is not 0 and no result said why.
collect() {
	local step=$1 prefix=$2 log=$3 rc=${4:-0} status name seen=0 bad=0 plan

	while read -r status name; do
		result "$step/$name" "$status" "$log"
		seen=$((seen + 1))
		[ "$status" = 0 ] || bad=1
	done < <(grep "^$prefix [01] " "$log" | cut -d' ' -f2-)
	plan=$(sed -n "s/^$prefix 1\.\.\([0-9]*\)\$/\1/p" "$log" | awk '{ n += $1 } END { print n + 0 }')
	[ "$plan" -gt 0 ] && [ "$seen" = "$plan" ] ||
		result "$step: $seen results of a plan of $plan" 1 "$log"
	[ "$rc" = 0 ] || [ "$bad" = 1 ] ||
		result "$step: exit $rc, with no failed result to say why" 1 "$log"
}

# results_ktap FILE: every result so far as a KTAP document, a test per
# step (the name up to its first "/" or ":"), and the step's results as
# its subtests, as KUnit nests suites and cases: the tree's own
# kunit.py parse reads it.
results_ktap() {
	local -A seen=()
	local steps=() step r st name log i n sub bad last lastlog

	for r in "${ktap[@]}"; do
		IFS=$'\t' read -r st name log <<<"$r"
		step=${name%%[/:]*}
		[ -n "${seen[$step]:-}" ] || steps+=("$step")
		seen[$step]=1
	done
	{
		echo "KTAP version 1"
		echo "1..${#steps[@]}"
		i=0
		for step in "${steps[@]}"; do
			i=$((i + 1))
			n=0 sub=() bad=0
			for r in "${ktap[@]}"; do
				IFS=$'\t' read -r st name log <<<"$r"
				[ "${name%%[/:]*}" = "$step" ] || continue
				n=$((n + 1))
				[ "$st" = 0 ] || bad=1
				name=${name#"$step"}
				name=${name#/}
				name=${name#:}
				name=${name# }
				last=${name:-$step} lastlog=$log
				if [ "$st" = 0 ]; then
					sub+=("ok $n ${name:-$step}")
				else
					sub+=("not ok $n ${name:-$step}${log:+ # log: $log}")
				fi
			done
			# a step of one result named as the step (apply,
			# roundtrip, ...) is a test, not a test with a subtest
			# of its own name, which KTAP would read as its result
			if [ "$n" -gt 1 ] || [ "$last" != "$step" ]; then
				echo "    KTAP version 1"
				echo "    # Subtest: $step"
				echo "    1..$n"
				printf '    %s\n' "${sub[@]}"
			fi
			if [ "$bad" = 0 ]; then
				echo "ok $i $step"
			elif [ "$n" -gt 1 ] || [ "$last" != "$step" ]; then
				echo "not ok $i $step"
			else
				echo "not ok $i $step${lastlog:+ # log: $lastlog}"
			fi
		done
	} >"$1"
}

# results_tsv FILE STEP...: the results so far of each STEP, a line
# "STATUS<tab>NAME" each, in order: what make check compares with make
# recheck's.
results_tsv() {
	local f=$1 r st name log

	shift
	for r in "${ktap[@]}"; do
		IFS=$'\t' read -r st name log <<<"$r"
		if [[ " $* " == *" ${name%%[/:]*} "* ]]; then
			printf '%s\t%s\n' "$st" "$name"
		fi
	done >"$f"
}

# ktap_results PREFIX NAME <KTAP: a judge's KTAP document (make fstests'
# cells) as "PREFIX 1..N" and "PREFIX 0|1 NAME/RESULT" lines, for
# collect; a SKIP is a pass
ktap_results() {
	awk -v p="$1" -v n="$2" '/^KTAP version/ { k = 1; next }
		k && /^1\.\./ { print p " " $0; next }
		k && /^ok / { print p " 0 " n "/" $3; next }
		k && /^not ok / { print p " 1 " n "/" $4 }'
}

# results_end: the failures and the count; false when one failed
results_end() {
	echo
	[ ${#failures[@]} -eq 0 ] || printf 'failed: %s\n' "${failures[@]}"
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
