#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# judge.sh STEP OUT [TREE]
#
# The one judge of each step that boots a guest, on what the step left in
# OUT: the step's scripts call it when the guest is done, make check
# collects its lines, and make recheck calls it again on an earlier run
# (scripts/run/recheck.sh).  Prints "PREFIX 1..N" and one "PREFIX 0|1 <what>"
# per planned result, the offending lines on stderr, and exits 1 when one
# is 1 or the plan was not met.  Each compares what it saw with what was
# planned on the host, not with what the guest printed:
#
#   kunit    OUT/test.log (the console, KTAP) parsed by TREE's own
#            tools/testing/kunit/kunit_parser.py, which checks the KTAP
#            plans it finds (scripts/judge/kunit_results.py --judge); each
#            suite of kunit/suites must be there with its plan met.
#            KUNIT lines, one per test case, one per planned suite, one
#            for the parse.
#   rerun    OUT/console.log of scripts/run/kunit-rerun.sh: each suite of
#            kunit/suites run again, its KTAP ending in "ok", the stack
#            filters written back, the guest's last line, and QEMU's
#            exit status (OUT/qemu-rc) 0.  RERUN lines.
#   boot     OUT/console.log of scripts/run/boot-test.sh, with the targets
#            (OUT/targets) and QEMU's exit status (OUT/qemu-rc) it
#            stored: scripts/judge/boot_results.py.  BOOT lines.
#   pressure every OUT/series-*.console of make check's pressure run,
#            against the file systems planned (OUT/targets), with
#            QEMU's exit status of each (OUT/NAME.qemu-rc):
#            scripts/judge/pressure_results.py --check.  PRESSURE lines.
#   bench    OUT/{helpers,waiting,wake,memcg,pages}.log of make bench at
#            its smallest: scripts/judge/bench_table.py --check; and
#            OUT/{sites-off,nodebug}.kconfig, kconfig's completion of the
#            two configs the full run builds, without the options each
#            turns off.  BENCH lines.
#   sanitizer OUT/NAME (kasan or kcsan) and OUT/RUN.log of each run of
#            one kernel of make sanitizers (kunit, wait-wake, hotplug,
#            boot): scripts/judge/sanitizer.py.  SANITIZER lines.
#   fstests  OUT is one cell of make fstests (OUT/FS/MODE, named in
#            OUT/cell): fstests' xunit report, the console, QEMU's exit
#            status, against the cell of the base (OUT/reference in a
#            canned case): scripts/judge/fstests_results.py.  KTAP.
#
# Writes nothing in OUT but what the judge itself writes there when the
# step runs (OUT/results.json for kunit and boot); with NOFAIL_JUDGE_TMP
# set, those go to that directory instead (make recheck: the stored run
# is only read).

set -u
. "$(dirname "$0")/../lib.sh"

usage="usage: judge.sh kunit|rerun|boot|pressure|bench|sanitizer|fstests OUT [TREE]"
step=${1:?$usage}
out=$(realpath -m "${2:?$usage}")
tree=${3:-}
to=${NOFAIL_JUDGE_TMP:-$out}
[ -d "$out" ] || die "judge: $step: no $out"
mkdir -p "$to"

# the series' suites: the plan of kunit and rerun
mapfile -t suites < <(sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$NOFAIL_TOP/kunit/suites")

# fails PREFIX WHAT WHY: one failed result, and why on stderr
fails() {
	echo "$1 1 $2"
	echo "judge: $2: $3" >&2
}

judge_kunit() {
	[ -n "$tree" ] && [ -f "$tree/tools/testing/kunit/kunit_parser.py" ] ||
		die "judge: kunit: no kunit.py in '$tree' (the tree the kernel was built from)"
	[ -s "$out/test.log" ] || die "judge: kunit: no console in $out/test.log"
	PYTHONDONTWRITEBYTECODE=1 python3 "$NOFAIL_TOP/scripts/judge/kunit_results.py" --judge "$tree" "$NOFAIL_TOP/kunit/suites" \
		"$out/test.log" --json "$to/results.json"
}

judge_rerun() {
	local console=$out/console.log lines s filters bad=0

	[ -s "$console" ] || die "judge: rerun: no console in $console"
	[ -s "$out/qemu-rc" ] || die "judge: rerun: no $out/qemu-rc"
	echo "RERUN 1..$((${#suites[@]} + 2))"
	for s in "${suites[@]}"; do
		lines=$(tr -d '\r' <"$console" | sed -n "s/.*RERUN $s: //p")
		if printf '%s\n' "$lines" | grep -q "^ok [0-9]* $s\$" &&
		   ! printf '%s\n' "$lines" | grep -q "not ok"; then
			echo "RERUN 0 $s"
		else
			[ -n "$lines" ] || lines="no RERUN line of it: the guest did not run it"
			fails RERUN "$s" "$(printf '%s\n' "$lines" | grep -E 'not ok|no debugfs|no RERUN' | head -5 | tr '\n' ' ')"
			bad=1
		fi
	done
	# the stack filters the guest left are back as they were
	filters=$(tr -d '\r' <"$console" | sed -n 's/.*RERUN filters: //p' | tr '\n' ' ')
	if [ "$filters" = "failslab 1 2 fail_page_alloc 1 2 " ]; then
		echo "RERUN 0 filters-restored"
	else
		fails RERUN filters-restored "the fault injection filters after the rerun: '$filters', not 1 2 each"
		bad=1
	fi
	if tr -d '\r' <"$console" | grep -q 'RERUN done$' && [ "$(cat "$out/qemu-rc")" = 0 ]; then
		echo "RERUN 0 guest-finished"
	else
		fails RERUN guest-finished "no \"RERUN done\" from the guest, or QEMU exit $(cat "$out/qemu-rc") (124: timeout), not a reboot"
		bad=1
	fi
	return "$bad"
}

judge_fstests() {
	local ref=()

	for f in console.log cell qemu-rc; do
		[ -s "$out/$f" ] || die "judge: fstests: no $out/$f"
	done
	# a canned case carries the cell it is compared with
	[ ! -d "$out/reference" ] || ref=(--reference "$out/reference")
	python3 "$NOFAIL_TOP/scripts/judge/fstests_results.py" cell "$out" "${ref[@]}" --json-to "$to"
}

judge_boot() {
	local f

	for f in console.log targets qemu-rc; do
		[ -s "$out/$f" ] || die "judge: boot: no $out/$f"
	done
	python3 "$NOFAIL_TOP/scripts/judge/boot_results.py" --targets "$(cat "$out/targets")" \
		--qemu-rc "$(cat "$out/qemu-rc")" --json "$to/results.json" "$out/console.log"
}

judge_pressure() {
	local c name logs=() rcs=() rc=0

	[ -s "$out/targets" ] || die "judge: pressure: no $out/targets (the file systems planned)"
	for c in "$out"/series-*.console; do
		[ -f "$c" ] || continue
		name=$(basename "$c" .console)
		logs+=("$name=$c")
		[ -s "$out/$name.qemu-rc" ] || die "judge: pressure: no $out/$name.qemu-rc"
		rcs+=("$name $(cat "$out/$name.qemu-rc")")
	done
	[ ${#logs[@]} -gt 0 ] || die "judge: pressure: no series-*.console in $out"
	python3 "$NOFAIL_TOP/scripts/judge/pressure_results.py" --check --targets "$(cat "$out/targets")" \
		--json "$to/pressure.json" "${logs[@]}" || rc=1
	# QEMU ended by the guest's reboot, not by its time limit
	echo "PRESSURE 1..${#rcs[@]}"
	for c in "${rcs[@]}"; do
		if [ "${c#* }" = 0 ]; then
			echo "PRESSURE 0 ${c% *}: QEMU ended by the guest's reboot"
		else
			fails PRESSURE "${c% *}: QEMU ended by the guest's reboot" "QEMU exit ${c#* } (124: timeout)"
			rc=1
		fi
	done
	return "$rc"
}

# config_off NAME OPTION...: kconfig's completion of the derived config
# OUT/NAME.kconfig is a config and has none of the OPTIONs
config_off() {
	local name=$1 f=$out/$1.kconfig o

	shift
	if ! grep -q '^CONFIG_X86_64=y$' "$f" 2>/dev/null; then
		fails BENCH "config $name: kconfig keeps $* off" "no x86_64 config in $f"
		return 1
	fi
	for o in "$@"; do
		if grep -q "^$o=y" "$f"; then
			fails BENCH "config $name: kconfig keeps $* off" "$o=y in $f"
			return 1
		fi
	done
	echo "BENCH 0 config $name: kconfig keeps $* off"
}

judge_bench() {
	local f rc=0 table

	for f in helpers waiting wake memcg pages others; do
		[ -s "$out/$f.log" ] || die "judge: bench: no $out/$f.log"
	done
	mkdir -p "$to/plots"
	# every table of the full run, fed with these logs where the full
	# run has a second kernel's (its figures are 1.000 by construction,
	# and not a measurement), so that the full run's table cannot break
	# unseen; the checks are on the logs themselves
	python3 "$NOFAIL_TOP/scripts/judge/bench_table.py" --check --helpers "$out/helpers.log" \
		--waiting "$out/waiting.log" --wake "$out/wake.log" --memcg "$out/memcg.log" \
		--pages-series "$out/pages.log" --sites "$out/helpers.log" \
		--pages "$out/pages.log" "$out/pages.log" --pages-nodebug "$out/pages.log" "$out/pages.log" \
		--wake-one-cpu "$out/wake.log" "$out/wake.log" \
		--others-series "$out/others.log" --others "$out/others.log" "$out/others.log" \
		--others-v4 "$out/others.log" \
		--json "$to/bench.json" --data "$to/bench.dat" --plots "$to/plots" \
		--waiting-data "$to/waiting.dat" && table=0 || table=$?
	# its own plan is printed last: a table that dies prints none, so
	# its exit status is a result of this plan
	echo "BENCH 1..3"
	if [ "$table" = 0 ]; then
		echo "BENCH 0 bench_table.py ran whole"
	else
		fails BENCH "bench_table.py ran whole" "exit $table"
		rc=1
	fi
	config_off sites-off CONFIG_NOFAIL_SITES || rc=1
	config_off nodebug CONFIG_DEBUG_KERNEL CONFIG_FAULT_INJECTION || rc=1
	return "$rc"
}

judge_sanitizer() {
	local runs=() r

	for r in kunit wait-wake hotplug boot; do
		runs+=("$r=$out/$r.log")
	done
	python3 "$NOFAIL_TOP/scripts/judge/sanitizer.py" "$(cat "$out/name")" "${runs[@]}"
}

case $step in
kunit | rerun | boot | pressure | bench | sanitizer | fstests) "judge_$step" ;;
*) die "$usage" ;;
esac
