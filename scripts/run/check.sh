#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh: every test of the bench, on a tree made afresh from patches/.
#
#   apply        git am of patches/series on a fresh base commit
#   judges       the judges of the steps that boot a guest
#                (scripts/judge/judge.sh) on canned output, good and each kind
#                of failure (tests/judges), without QEMU
#   checkpatch   scripts/checkpatch.pl --strict on every patch
#   roundtrip    make patches on that tree gives patches/ back, byte for byte
#   mutants      each mutant of make mutants (tests/mutants/*.patch)
#                still applies to the series, so none rots unseen
#   docs         no new kernel-doc warning in a file the series touches,
#                and make htmldocs SPHINXDIRS=core-api with no warning
#                6.12.118 does not have (scripts/static/docs.sh); the bench's
#                own Documentation/ with sphinx-build -W
#   cocci-cases  the series' semantic patch (scripts/coccinelle/api/
#                nofail.cocci, patch 15) finds each known case of
#                tests/coccinelle/nofail-cases.c as its kind, none of the
#                look-alikes, and patch mode makes the rewrites marked
#   audit        with it, no slab allocation in the five converted
#                subsystems gets __GFP_NOFAIL after the series; on the
#                base tree the same check must find the sites, or it
#                proves nothing
#   kunit        build, boot under QEMU, run every KUnit suite (one result
#                per test case, and one per suite of kunit/suites, judged
#                by scripts/judge/judge.sh)
#   kunit-rerun  the series' suites run again in the same boot, from
#                KUnit's debugfs files: a second run must pass too
#   boot         boot that kernel with a guest userspace: the torture
#                module under failslab (and its broken variant, which
#                must fail), then a file workload on ext4 (jbd2), btrfs,
#                gfs2, reiserfs and ext4 on dm-mirror with failslab aimed
#                at the converted call sites, fsck, checksums
#   fstests      fstests' own check script on ext4 in the series kernel,
#                the tests of tests/fstests/smoke, each must pass, with no
#                bad kernel message: make fstests' harness cannot rot
#   kconfig      the top-level Kconfig's NOFAIL_TORTURE_TEST is read
#                when the module is built: a kernel without one of its
#                dependencies (FAILSLAB) is refused, naming it
#   pressure     the series under real memory shortage (a hog that makes
#                the OOM killer act, no fault injection):
#                no oops, BUG, panic, hung task or soft lockup, every
#                workload finished, fsck clean, every fsynced file read
#                back, and two OOM kills or more on every file system,
#                or the run proved nothing
#   bench        make bench at its smallest, in the series kernel only:
#                the helpers' success path (2000 pairs under -icount),
#                five runs per pair, no NULL, the two smallest runs of
#                each within 0.5 %; a request waiting 200 ms for memory
#                four ways, each returned after the shortage ended; a
#                memory cgroup at its limit, both requests served; the
#                page allocator's module booted in the series kernel;
#                the two configs the full run builds (no NOFAIL_SITES,
#                no DEBUG_KERNEL) as kconfig completes them; so that
#                the benchmarks cannot rot, not a measurement
#   safety       the bench leaves alone what it did not make (a TREE, a
#                path to clean, an OUT holding a file of their own); a
#                patch that does not apply is named, make patches then
#                refuses, and make tree recovers once it is fixed; an
#                interrupted or killed boot leaves no QEMU behind; a
#                kept result is given again only for the same inputs
#   build-each   after each patch, compile the .c files it touches
#   build-fail   each tests/build-fail/*.c fails to build, with its message
#   recheck      make recheck on this run: the consoles it kept, judged
#                again without QEMU, give the same results
#
# checkpatch, docs, coccinelle, build-each and build-fail keep a pass in
# build/cache/ for the same inputs (nofail_cached in lib.sh: the tree's
# commit, the scripts and tests they read, the tools' versions, the
# config) and say "(cached)" when they give it again; NOFAIL_CACHE=0
# runs them whatever.  A step that boots a guest is never cached.  After
# kunit and build-fail two lanes run side by side, one per CPU: rerun,
# boot, kconfig, safety, docs, coccinelle; and judges, roundtrip,
# pressure, bench, build-each (NOFAIL_LANES=1: one after the other).
#
# Every step runs even when an earlier one failed, unless it needs what
# failed.  The log of each step is in build/check/logs/.  The last line is
# "N passed, N failed".

set -u
. "$(dirname "$0")/../lib.sh"
. "$NOFAIL_TOP/scripts/results.sh"

# every target, mode and file system: a T=gfs2 or MODES=hog left in the
# environment (make passes its command line on) would narrow the plan
# the judges compare with, and the check would pass on less.  The
# options that narrow a run are those of kind "narrows" in
# scripts/options.
mapfile -t narrows < <(nofail_options narrows)
[ "${#narrows[@]}" -gt 0 ] || die "check: scripts/options lists no option that narrows a run"
unset "${narrows[@]}"
check=$NOFAIL_BUILD/check
tree=$check/linux
kout=$check/kunit
logs=$check/logs
nofail_rm "$logs"
nofail_outdir "$logs"
passed=0
failed=0
failures=()

ktap=()

# phase NAME TEXT: a step of the check begins, and the one before ends;
# the time of each is in the summary and in times.txt.
times=()
phase_name=
phase_start=$SECONDS
phase() {
	[ -z "$phase_name" ] || times+=("$phase_name $((SECONDS - phase_start)) s")
	phase_name=$1
	phase_start=$SECONDS
	[ -z "$2" ] || progress "check: $2"
}

# fg LOG COMMAND...: run COMMAND, its output to LOG, and give its status.
# In a process group of its own, in the background, and waited for:
# bash runs no trap while a command runs in the foreground, so a ^C or
# SIGTERM would wait for the step to end; with "wait" check.sh's trap
# runs at once and stops the group (stop_all), whose step then ends the
# QEMU it started.  Its group is in logs/.fg-pgid for the watchdog.
fg_pid=
fg() {
	local log=$1 rc

	shift
	set -m
	"$@" >"$log" 2>&1 </dev/null &
	fg_pid=$!
	set +m
	echo "$fg_pid" >"$logs/.fg-pgid"
	wait "$fg_pid"
	rc=$?
	fg_pid=
	: >"$logs/.fg-pgid"
	return "$rc"
}

# stop_all: the step running (fg) and lane B, each group with SIGTERM
stop_all() {
	[ -z "${fg_pid:-}" ] || kill -TERM -- "-$fg_pid" 2>/dev/null
	[ -z "${lane_pid:-}" ] || kill -TERM -- "-$lane_pid" 2>/dev/null
	return 0
}

# alive PID: the process runs (it is there, and not a zombie)
alive() {
	[ -e "/proc/$1" ] && [ "$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)" != Z ]
}

# The watchdog: when check.sh is gone (a SIGKILL, which no trap sees)
# the step running and lane B are stopped within a second, as
# nofail_group's commands are; when make, which started check.sh, is
# gone (SIGKILLed), check.sh gets the SIGTERM that make's own ^C or
# SIGTERM would have passed on.  It ends with check.sh's EXIT trap.
watchdog() {
	local me=$$ make='' g

	[ "$(cat "/proc/$PPID/comm" 2>/dev/null)" != make ] || make=$PPID
	while alive "$me"; do
		[ -z "$make" ] || alive "$make" || kill -TERM "$me"
		sleep 1
	done
	for g in $(cat "$logs/.fg-pgid" "$logs/.lane-pgid" 2>/dev/null); do
		kill -TERM -- "-$g"
	done
}
rm -f "$logs/.fg-pgid" "$logs/.lane-pgid"
watchdog >/dev/null 2>&1 </dev/null &
watchdog_pid=$!
trap 'stop_all; kill "$watchdog_pid" 2>/dev/null; nofail_reap' EXIT

step() {	# step NAME COMMAND...: run COMMAND, log to logs/NAME.log
	local name=$1 log=$logs/${1//\//_}.log
	shift
	fg "$log" "$@"
	result "$name" $? "$log"
	return 0
}


# audit TREE: the Coccinelle check on the series and on its base.
# where the converted sites are: the SITES column of tests/boot/targets
mapfile -t nofail_paths < <(awk '!/^#/ && NF && $3 != "-" { print $3 }' \
	"$NOFAIL_TOP/tests/boot/targets" | sort -u)
audit() {
	local rev dir log key
	for rev in nofail-base HEAD; do
		dir=$check/cocci-$rev
		log=$logs/audit-$rev.log
		nofail_rm "$dir"
		nofail_outdir "$dir"
		git -C "$1" archive "$rev" "${nofail_paths[@]}" | tar -x -C "$dir"
		# the semantic patch is HEAD's for both (the base has none)
		key=$(nofail_key "$(git -C "$1" rev-parse "$rev" HEAD)" "${nofail_paths[@]}" \
			"file:$NOFAIL_TOP/scripts/static/audit.sh" "file:$NOFAIL_TOP/scripts/lib.sh")
		if [ "$rev" = HEAD ]; then
			fg "$log" nofail_cached "audit-$rev" "$key" env COCCI="$1/scripts/coccinelle/api/nofail.cocci" \
				"$NOFAIL_TOP/scripts/static/audit.sh" "$dir" "${nofail_paths[@]}"
			result audit/series $? "$log"
		else
			# the base must have sites (audit.sh counts them and
			# exits 1): a check that finds none there is broken
			fg "$log" nofail_cached "audit-$rev" "$key" bash -c \
				'"$@" >"$0" 2>&1; rc=$?; cat "$0"; [ $rc = 1 ] && grep -q "^slab nofail sites: [1-9]" "$0"' \
				"$dir.log" env COCCI="$1/scripts/coccinelle/api/nofail.cocci" \
				"$NOFAIL_TOP/scripts/static/audit.sh" "$dir" "${nofail_paths[@]}"
			result audit/base-finds-sites $? "$log"
		fi
	done
}

# safety TREE KBUILD: tests/safety, in a scratch directory outside build/
# (everything under build/ is the bench's own, see lib.sh).
safety() {
	local scratch

	scratch=$(mktemp -d /tmp/nofail-safety.XXXXXX)
	"$NOFAIL_TOP/tests/safety/foreign.sh" "$scratch/foreign" "$1" "$2"
	"$NOFAIL_TOP/tests/safety/recover.sh" "$scratch/recover" "$1"
	"$NOFAIL_TOP/tests/safety/cache.sh" "$scratch/cache"
	[ -f "$2/arch/x86/boot/bzImage" ] &&
		python3 "$NOFAIL_TOP/tests/safety/interrupt.py" "$scratch/interrupt" "$2"
	rm -rf -- "$scratch"
}

phase apply+checkpatch "apply patches/ on a fresh base ($tree)"
step apply "$NOFAIL_TOP/scripts/tree/tree.sh" "$tree" --fresh
applied=$failed

if [ "$applied" = 0 ]; then
	# static steps keep a pass for the same inputs (nofail_cached):
	# the tree's commit stands for every file of the series and base
	head=$(git -C "$tree" rev-parse HEAD)
	for p in $(grep -v '^#' "$NOFAIL_TOP/patches/series"); do
		step "checkpatch/$p" nofail_cached "checkpatch-$p" \
			"$(nofail_key "$head" "file:$NOFAIL_TOP/patches/$p" "file:$NOFAIL_TOP/scripts/static/checkpatch.sh" \
				"file:$tree/.checkpatch.conf" "file:$HOME/.checkpatch.conf" "file:$HOME/.scripts/.checkpatch.conf")" \
			"$NOFAIL_TOP/scripts/static/checkpatch.sh" "$tree" "$NOFAIL_TOP/patches/$p"
	done

	phase mutants "each mutant of tests/mutants/ applies to the series (log: $logs/mutants.log)"
	fg "$logs/mutants.log" "$NOFAIL_TOP/scripts/run/mutants.sh" --applies "$tree"
	collect mutants MUTANTS "$logs/mutants.log" "$?"

	phase kunit "KUnit under QEMU (log: $logs/kunit.log)"
	# kunit.sh ends with its judge (scripts/judge/judge.sh kunit); a
	# console of an earlier run must not be judged if the build fails
	rm -f "$kout/test.log"
	fg "$logs/kunit.log" bash -c '"$0" "$2" "$3" && "$1" "$2" "$3"' \
		"$NOFAIL_TOP/scripts/build/kernel.sh" "$NOFAIL_TOP/scripts/run/kunit.sh" "$tree" "$kout"
	collect kunit KUNIT "$logs/kunit.log" "$?"

	# have_kernel STEP: the kernel of the KUnit step is there; or STEP
	# fails, so that a missing kernel does not shrink the count
	have_kernel() {
		[ -f "$kout/arch/x86/boot/bzImage" ] && return 0
		result "$1: no kernel in $kout" 1 "$logs/kunit.log"
		return 1
	}

	# before the lanes: a build in the KUnit kernel's directory runs
	# kbuild's prepare there, while lane B builds modules against it
	phase build-fail "misuse must not compile"
	fg "$logs/build-fail.log" nofail_cached build-fail "$(nofail_key "$head" "file:$kout/.config" "$(nofail_make_options)" \
			"file:$NOFAIL_TOP/scripts/build/build-fail.sh" "dir:$NOFAIL_TOP/tests/build-fail" \
			"file:$NOFAIL_TOP/Kbuild")" \
		--results BUILDFAIL "$NOFAIL_TOP/scripts/build/build-fail.sh" "$tree" "$kout"
	collect build-fail BUILDFAIL "$logs/build-fail.log" "$?"

	# From here two lanes, one per CPU: QEMU runs a guest on one host
	# thread (NOFAIL_QEMU_TCG, or -icount), so two steps that boot take
	# the time of one.  Lane B runs in the background; each of its steps
	# leaves its log, exit status (NAME.rc) and time (lane-b.times) in
	# logs/, and its results are collected once lane A is done.  The two
	# lanes share nothing they write: build-each has a worktree and a
	# build directory of its own, the rest their own OUT.
	# NOFAIL_LANES=1 runs lane B after lane A.
	lane_b() {
		lane_step judges "the judges on canned consoles, the tree's kunit.py for KUnit's" \
			"$NOFAIL_TOP/tests/judges/run.sh" "$tree"
		# format-patches keeps the cover letter's text of its OUTDIR:
		# an earlier run's would be compared, not patches/'s
		nofail_rm "$check/patches"
		lane_step roundtrip "the series regenerates patches/ byte for byte" bash -c \
			'"$0" "$1" "$2" && diff -ru "$3" "$2"' "$NOFAIL_TOP/scripts/tree/format-patches.sh" \
			"$tree" "$check/patches" "$NOFAIL_TOP/patches"
		if [ -f "$kout/arch/x86/boot/bzImage" ]; then
			lane_step pressure "the file systems under real memory shortage" \
				"$NOFAIL_TOP/scripts/run/pressure.sh" "$tree" "$kout" "$check/pressure" check
			lane_step bench "make bench at its smallest" \
				"$NOFAIL_TOP/scripts/run/bench.sh" "$tree" "$kout" "$check/bench" small
		fi
		lane_step build-each "every patch compiles on its own" \
			"$NOFAIL_TOP/scripts/build/build-each.sh" "$tree" "$kout" "$check/each"
		return 0
	}
	# lane_step NAME TEXT COMMAND...
	lane_step() {
		local name=$1 text=$2 start=$SECONDS
		shift 2
		progress "check: [lane B] $text (log: $logs/$name.log)"
		"$@" >"$logs/$name.log" 2>&1
		echo $? >"$logs/$name.rc"
		echo "$name $((SECONDS - start)) s" >>"$logs/lane-b.times"
	}
	# lane_b_collect NAME PREFIX: lane B's results of step NAME
	lane_b_collect() {
		if [ -f "$logs/$1.rc" ]; then
			collect "$1" "$2" "$logs/$1.log" "$(cat "$logs/$1.rc")"
		else
			result "$1: lane B did not run it" 1 "$logs/$1.log"
		fi
	}
	# Lane B runs in a process group of its own (set -m), which
	# stop_all ends with check.sh, however that ends.
	rm -f "$logs"/*.rc "$logs/lane-b.times" "$logs/judges.log" "$logs/roundtrip.log"
	lane_pid=
	if [ "${NOFAIL_LANES:-2}" != 1 ]; then
		set -m
		lane_b </dev/null &
		lane_pid=$!
		set +m
		echo "$lane_pid" >"$logs/.lane-pgid"
	fi

	phase kunit-rerun "the suites twice in one boot (log: $logs/kunit-rerun.log)"
	if have_kernel kunit-rerun; then
		fg "$logs/kunit-rerun.log" "$NOFAIL_TOP/scripts/run/kunit-rerun.sh" "$kout" "$check/rerun"
		collect kunit-rerun RERUN "$logs/kunit-rerun.log" "$?"
	fi

	phase boot "boot test: torture module, file systems under failslab (log: $logs/boot.log)"
	if have_kernel boot; then
		fg "$logs/boot.log" "$NOFAIL_TOP/scripts/run/boot-test.sh" "$tree" "$kout" "$check/boot"
		collect boot BOOT "$logs/boot.log" "$?"
	fi

	phase fstests "fstests' own check, a few tests on ext4, the series kernel (log: $logs/fstests.log)"
	if have_kernel fstests; then
		# the pinned release, not a checkout of the user's (FSTESTS)
		fg "$logs/fstests.log" env -u FSTESTS -u FSTESTS_MEASURE -u FSTESTS_TIMEOUT \
			T=ext4 MODE=series NOFAIL_FSTESTS_ALL_PASS=1 \
			FSTESTS_TESTS="$(sed -e '/^#/d' "$NOFAIL_TOP/tests/fstests/smoke" | xargs)" \
			"$NOFAIL_TOP/scripts/run/fstests.sh" "$tree" "$kout" "$check/fstests"
		rc=$?
		# the cell's KTAP as the check's results
		ktap_results FSTESTS ext4-series <"$logs/fstests.log" >"$logs/fstests.results"
		collect fstests FSTESTS "$logs/fstests.results" "$rc"
	fi

	phase kconfig "the module's Kconfig entry is read (log: $logs/kconfig_module-unmet.log)"
	if have_kernel kconfig; then
		nofail_rm "$check/kconfig"
		nofail_outdir "$check/kconfig"
		step kconfig/module-unmet "$NOFAIL_TOP/tests/kconfig/module-unmet.sh" "$tree" "$kout" "$check/kconfig"
	fi

	phase safety "the bench's own safety (log: $logs/safety.log)"
	fg "$logs/safety.log" safety "$tree" "$kout"
	collect safety SAFETY "$logs/safety.log" "$?"

	phase docs "the documentation, kernel-doc and htmldocs (log: $logs/docs.log)"
	fg "$logs/docs.log" nofail_cached docs "$(nofail_key "$head" "file:$NOFAIL_TOP/scripts/static/docs.sh" \
			"dir:$NOFAIL_TOP/tests/docs" "dir:$NOFAIL_TOP/Documentation")" \
		--results DOCS "$NOFAIL_TOP/scripts/static/docs.sh" "$tree" "$check/docs"
	collect docs DOCS "$logs/docs.log" "$?"

	phase coccinelle "the series' semantic patch on its known cases, then no slab allocation gets __GFP_NOFAIL after the series (Coccinelle)"
	step cocci-cases nofail_cached cocci-cases "$(nofail_key "$head" "file:$NOFAIL_TOP/scripts/static/cocci-cases.sh" \
			"file:$NOFAIL_TOP/scripts/judge/cocci_judge.py" "dir:$NOFAIL_TOP/tests/coccinelle")" \
		"$NOFAIL_TOP/scripts/static/cocci-cases.sh" "$tree"
	audit "$tree"

	if [ -n "$lane_pid" ]; then
		phase lane-b-wait "waiting for lane B (judges, roundtrip, pressure, bench, build-each)"
		wait "$lane_pid"
		lane_pid=
		: >"$logs/.lane-pgid"
	else
		phase lane-b "lane B: judges, roundtrip, pressure, bench, build-each"
		lane_b
	fi
	lane_b_collect judges JUDGE
	if [ -f "$logs/roundtrip.rc" ]; then
		result roundtrip "$(cat "$logs/roundtrip.rc")" "$logs/roundtrip.log"
	else
		result "roundtrip: lane B did not run it" 1 "$logs/roundtrip.log"
	fi
	have_kernel pressure && lane_b_collect pressure PRESSURE
	have_kernel bench && lane_b_collect bench BENCH
	lane_b_collect build-each BUILDEACH
	[ ! -f "$logs/lane-b.times" ] || mapfile -t -O "${#times[@]}" times < <(sed 's/^/lane B: /' "$logs/lane-b.times")

	# same_as_recheck: make recheck on this run gives the results this
	# run gave, for each booted step that passed here (one that failed
	# counts once, in its own step: recheck cannot give results such as
	# "no kernel")
	same_as_recheck() {
		local s passed=()

		for s in kunit kunit-rerun boot fstests pressure bench; do
			printf '%s\n' "${failures[@]}" | grep -qE "^$s([/:]|\$)" || passed+=("$s")
		done
		echo "steps compared: ${passed[*]}"
		"$NOFAIL_TOP/scripts/run/recheck.sh" "$check" >"$logs/recheck-run.log" 2>&1
		results_tsv "$check/results-booted.tsv" "${passed[@]}"
		awk -F '\t' -v steps=" ${passed[*]} " '{ s = $2; sub(/[\/:].*/, "", s) }
			index(steps, " " s " ")' "$NOFAIL_BUILD/recheck/results.tsv" |
			diff -u "$check/results-booted.tsv" -
	}
	phase recheck "the consoles of this run judged again, as make recheck does (log: $logs/recheck.log)"
	step recheck same_as_recheck
fi

# The same results as KTAP, for a machine.
results_ktap "$check/results.ktap"
phase end ""
printf '%s\n' "${times[@]}" >"$check/times.txt"
echo "times: $(paste -sd, "$check/times.txt" | sed 's/,/, /g')"
echo "KTAP: $check/results.ktap"
results_end
