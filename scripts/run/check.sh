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
#                nofail.cocci, patch 14) finds each known case of
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
#                interrupted or killed boot leaves no QEMU behind
#   build-each   after each patch, compile the .c files it touches
#   build-fail   each tests/build-fail/*.c fails to build, with its message
#   recheck      make recheck on this run: the consoles it kept, judged
#                again without QEMU, pass too
#
# Every step runs even when an earlier one failed, unless it needs what
# failed.  The log of each step is in build/check/logs/.  The last line is
# "N passed, N failed".

set -u
. "$(dirname "$0")/../lib.sh"
. "$NOFAIL_TOP/scripts/results.sh"

# every target, mode and file system: a T=gfs2 or MODES=hog left in the
# environment (make passes its command line on) would narrow the plan
# the judges compare with, and the check would pass on less
unset T MODES RUNS KERNELS SECONDS_PER_FS ICOUNT NOFAIL_PRESSURE_MEM NOFAIL_PRESSURE_MEMCG \
	NOFAIL_HOG_SLACK NOFAIL_BENCH_ARGS NOFAIL_QEMU_ICOUNT NOFAIL_QEMU_MEM NOFAIL_QEMU_SMP WAKE_BASE WAKE_ARGS
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

step() {	# step NAME COMMAND...: run COMMAND, log to logs/NAME.log
	local name=$1 log=$logs/${1//\//_}.log
	shift
	"$@" >"$log" 2>&1
	result "$name" $? "$log"
	return 0
}


# audit TREE: the Coccinelle check on the series and on its base.
# where the converted sites are: the SITES column of tests/boot/targets
mapfile -t nofail_paths < <(awk '!/^#/ && NF && $3 != "-" { print $3 }' \
	"$NOFAIL_TOP/tests/boot/targets" | sort -u)
audit() {
	local rev dir log rc
	for rev in nofail-base HEAD; do
		dir=$check/cocci-$rev
		log=$logs/audit-$rev.log
		nofail_rm "$dir"
		nofail_outdir "$dir"
		git -C "$1" archive "$rev" "${nofail_paths[@]}" | tar -x -C "$dir"
		COCCI=$1/scripts/coccinelle/api/nofail.cocci \
			"$NOFAIL_TOP/scripts/static/audit.sh" "$dir" "${nofail_paths[@]}" >"$log" 2>&1
		rc=$?
		if [ "$rev" = HEAD ]; then
			result audit/series $rc "$log"
		else
			# the base must have sites: a check that finds none there is broken
			result audit/base-finds-sites "$([ $rc = 1 ] && grep -q '^slab nofail sites: [1-9]' "$log" && echo 0 || echo 1)" "$log"
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
	[ -f "$2/arch/x86/boot/bzImage" ] &&
		python3 "$NOFAIL_TOP/tests/safety/interrupt.py" "$scratch/interrupt" "$2"
	rm -rf -- "$scratch"
}

phase apply+checkpatch "apply patches/ on a fresh base ($tree)"
step apply "$NOFAIL_TOP/scripts/tree/tree.sh" "$tree" --fresh
applied=$failed

if [ "$applied" = 0 ]; then
	for p in $(grep -v '^#' "$NOFAIL_TOP/patches/series"); do
		step "checkpatch/$p" "$NOFAIL_TOP/scripts/static/checkpatch.sh" "$tree" "$NOFAIL_TOP/patches/$p"
	done

	phase judges "the judges on canned consoles, the tree's kunit.py for KUnit's (log: $logs/judges.log)"
	"$NOFAIL_TOP/tests/judges/run.sh" "$tree" >"$logs/judges.log" 2>&1
	collect judges JUDGE "$logs/judges.log" "$?"

	phase roundtrip "the series regenerates patches/ byte for byte"
	# format-patches keeps the cover letter's text of its OUTDIR: an
	# earlier run's would be compared, not patches/'s
	nofail_rm "$check/patches"
	step roundtrip bash -c "'$NOFAIL_TOP/scripts/tree/format-patches.sh' '$tree' '$check/patches' &&
		diff -ru '$NOFAIL_TOP/patches' '$check/patches'"

	phase mutants "each mutant of tests/mutants/ applies to the series (log: $logs/mutants.log)"
	"$NOFAIL_TOP/scripts/run/mutants.sh" --applies "$tree" >"$logs/mutants.log" 2>&1
	collect mutants MUTANTS "$logs/mutants.log" "$?"

	phase docs "the documentation, kernel-doc and htmldocs (log: $logs/docs.log)"
	"$NOFAIL_TOP/scripts/static/docs.sh" "$tree" "$check/docs" >"$logs/docs.log" 2>&1
	collect docs DOCS "$logs/docs.log" "$?"

	phase coccinelle "the series' semantic patch on its known cases, then no slab allocation gets __GFP_NOFAIL after the series (Coccinelle)"
	step cocci-cases "$NOFAIL_TOP/scripts/static/cocci-cases.sh" "$tree"
	audit "$tree"

	phase kunit "KUnit under QEMU (log: $logs/kunit.log)"
	# kunit.sh ends with its judge (scripts/judge/judge.sh kunit)
	{ "$NOFAIL_TOP/scripts/build/kernel.sh" "$tree" "$kout" && "$NOFAIL_TOP/scripts/run/kunit.sh" "$tree" "$kout"; } \
		>"$logs/kunit.log" 2>&1
	collect kunit KUNIT "$logs/kunit.log" "$?"

	# have_kernel STEP: the kernel of the KUnit step is there; or STEP
	# fails, so that a missing kernel does not shrink the count
	have_kernel() {
		[ -f "$kout/arch/x86/boot/bzImage" ] && return 0
		result "$1: no kernel in $kout" 1 "$logs/kunit.log"
		return 1
	}

	phase kunit-rerun "the suites twice in one boot (log: $logs/kunit-rerun.log)"
	if have_kernel kunit-rerun; then
		"$NOFAIL_TOP/scripts/run/kunit-rerun.sh" "$kout" "$check/rerun" >"$logs/kunit-rerun.log" 2>&1
		collect kunit-rerun RERUN "$logs/kunit-rerun.log" "$?"
	fi

	phase boot "boot test: torture module, file systems under failslab (log: $logs/boot.log)"
	if have_kernel boot; then
		"$NOFAIL_TOP/scripts/run/boot-test.sh" "$tree" "$kout" "$check/boot" >"$logs/boot.log" 2>&1
		collect boot BOOT "$logs/boot.log" "$?"
	fi

	phase kconfig "the module's Kconfig entry is read (log: $logs/kconfig_module-unmet.log)"
	if have_kernel kconfig; then
		nofail_rm "$check/kconfig"
		nofail_outdir "$check/kconfig"
		step kconfig/module-unmet "$NOFAIL_TOP/tests/kconfig/module-unmet.sh" "$tree" "$kout" "$check/kconfig"
	fi

	phase pressure "the file systems under real memory shortage (log: $logs/pressure.log)"
	if have_kernel pressure; then
		"$NOFAIL_TOP/scripts/run/pressure.sh" "$tree" "$kout" "$check/pressure" check >"$logs/pressure.log" 2>&1
		collect pressure PRESSURE "$logs/pressure.log" "$?"
	fi

	phase bench "make bench at its smallest (log: $logs/bench.log)"
	if have_kernel bench; then
		"$NOFAIL_TOP/scripts/run/bench.sh" "$tree" "$kout" "$check/bench" small >"$logs/bench.log" 2>&1
		collect bench BENCH "$logs/bench.log" "$?"
	fi

	phase safety "the bench's own safety (log: $logs/safety.log)"
	safety "$tree" "$kout" >"$logs/safety.log" 2>&1
	collect safety SAFETY "$logs/safety.log" "$?"

	phase build-each "every patch compiles on its own (build-each)"
	"$NOFAIL_TOP/scripts/build/build-each.sh" "$tree" "$kout" "$logs" >"$logs/build-each.log" 2>&1
	collect build-each BUILDEACH "$logs/build-each.log" "$?"

	phase build-fail "misuse must not compile"
	"$NOFAIL_TOP/scripts/build/build-fail.sh" "$tree" "$kout" >"$logs/build-fail.log" 2>&1
	collect build-fail BUILDFAIL "$logs/build-fail.log" "$?"

	phase recheck "the consoles of this run judged again, as make recheck does (log: $logs/recheck.log)"
	step recheck "$NOFAIL_TOP/scripts/run/recheck.sh" "$check"
fi

# The same results as KTAP, for a machine.
results_ktap "$check/results.ktap"
phase end ""
printf '%s\n' "${times[@]}" >"$check/times.txt"
echo "times: $(paste -sd, "$check/times.txt" | sed 's/,/, /g')"
echo "KTAP: $check/results.ktap"
results_end
