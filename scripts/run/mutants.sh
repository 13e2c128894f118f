#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mutants.sh TREE OUT [NAME...]
# mutants.sh --applies TREE
#
# Show that the KUnit suites can fail: each mutant, a patch in
# tests/mutants/ (run in the order of tests/mutants/series), breaks one
# tested behaviour of the series.  Its "Breaks:" line says what, its
# "Expect:" line names the test cases that must fail.  For each, the
# patch is applied to TREE with git apply, the suites run through
# scripts/build/kernel.sh and kunit.sh into OUT, the named cases must fail,
# and the patch is taken back out (git apply -R), whatever happens.  One line per mutant: "MUTANT 0 name" when it was caught as
# expected, "MUTANT 1 name" when not; at the end the restored tree is
# rebuilt and must pass.  A mutant of a .c file rebuilds that file
# (about a minute); those of include/linux/slab.h nearly the whole
# kernel (16 min here): they come last.
#
# Not part of "make check": it builds the kernel once per mutant.  With
# NAMEs, only those mutants run.  With --applies, nothing is built: each
# mutant must apply to TREE ("MUTANTS 0|1 name", for make check), so
# that the series cannot change under a mutant unnoticed.
set -u
. "$(dirname "$0")/../lib.sh"

mutants=$NOFAIL_TOP/tests/mutants
read -ra names < <(sed -e '/^#/d' "$mutants/series" | tr '\n' ' ')

if [ "${1:-}" = --applies ]; then
	tree=$(realpath -m "${2:?usage: mutants.sh --applies TREE}")
	echo "MUTANTS 1..${#names[@]}"
	for name in "${names[@]}"; do
		git -C "$tree" apply --check "$mutants/$name.patch"
		echo "MUTANTS $(($? != 0)) $name"
	done
	# a mutant left out of the series would never run
	for f in "$mutants"/*.patch; do
		name=$(basename "$f" .patch)
		[[ " ${names[*]} " == *" $name "* ]] && continue
		echo "MUTANTS 1..1"
		echo "tests/mutants/$name.patch is not in tests/mutants/series" >&2
		echo "MUTANTS 1 $name (not in the series)"
	done
	exit 0
fi

tree=$(realpath -m "${1:?usage: mutants.sh TREE OUT [NAME...]}")
out=$(realpath -m "${2:?usage: mutants.sh TREE OUT [NAME...]}")
shift 2
only=" $* "
for name in $only; do
	[[ " ${names[*]} " == *" $name "* ]] ||
		die "mutants: no mutant $name in tests/mutants/series"
done
# the tree is the bench's, and clean: a mutant left in by a SIGKILL, or
# changes of one's own, would make every result below wrong
nofail_is_ours "$tree" || die "mutants: $tree was not made by the bench (make tree)"
git -C "$tree" diff --quiet HEAD ||
	die "mutants: $tree has changes of its own (a mutant left in? git -C $tree diff)"

# the mutant applied now, taken back out however the script ends
applied=
restore() {
	[ -z "$applied" ] || git -C "$tree" apply -R "$applied" ||
		warn "mutants: $applied could not be taken back out of $tree: git -C $tree diff shows it"
	applied=
	nofail_reap
}
trap restore EXIT

run() {	# run NAME EXPECTED...: the suites; EXPECTED must fail, the rest pass
	local name=$1 expected=$2 fails t
	# an earlier mutant's results must not stand for this one's
	rm -f "$out/results.json"
	{ "$NOFAIL_TOP/scripts/build/kernel.sh" "$tree" "$out" && "$NOFAIL_TOP/scripts/run/kunit.sh" "$tree" "$out"; } \
		>"$out/mutant-$name.log" 2>&1
	# failed: what did not pass, but for the skips kunit/skips allows
	fails=$(python3 "$NOFAIL_TOP/scripts/judge/kunit_results.py" "$out/results.json" 2>/dev/null |
		awk 'NR == FNR { if ($0 !~ /^#/ && NF) skip[$1] = 1; next }
		     $1 != "PASS" && !($1 == "SKIP" && skip[$2]) { print $2 }' \
			"$NOFAIL_TOP/kunit/skips" - |
		sed 's|^[^/]*/||; s|/.*||' | sort -u | tr '\n' ' ')
	echo "# $name: failed: ${fails:-nothing}"
	[ -n "$expected" ] || { [ -z "$fails" ]; return; }
	for t in ${expected//,/ }; do
		case " $fails" in *" $t "*) ;; *) return 1 ;; esac
	done
}

nofail_outdir "$out"
for name in "${names[@]}"; do
	[ "$only" = "  " ] || [[ $only == *" $name "* ]] || continue
	patch=$mutants/$name.patch
	progress "mutants: $name ($(sed -n 's/^+++ b\///p' "$patch" | head -1))"
	if git -C "$tree" apply "$patch"; then
		applied=$patch
		run "$name" "$(sed -n 's/^Expect: //p' "$patch" | tr ' ' ',')"
		echo "MUTANT $? $name"
	else
		# the series changed under the mutant: say so, and go on
		echo "# $name: tests/mutants/$name.patch does not apply to $tree any more"
		echo "MUTANT 1 $name"
	fi
	restore
done
progress "mutants: the tree restored; rebuilding it"
run none ""
echo "MUTANT $? none (the restored tree passes)"
