#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lint.sh TREE: the fast static checks (well under a minute).
#
#   - bash -n on every script, sh -n on the guest's /init, python3 -m
#     py_compile on the Python ones
#   - checkpatch.pl --strict -f on the torture module (module/) and the
#     benchmark modules (benchmarks/)
#   - checkpatch.pl --strict on every patch in patches/series
#   - patches/series names only files that exist, and every patch is named
#   - kernel-doc -Wall on the files the series documents
#
# Ends with "N passed, N failed".

set -u
. "$(dirname "$0")/../lib.sh"
. "$NOFAIL_TOP/scripts/results.sh"

tree=$(realpath -m "${1:-$NOFAIL_BUILD/linux}")
passed=0 failed=0 failures=() ktap=()

for s in "$NOFAIL_TOP"/scripts/*.sh "$NOFAIL_TOP"/scripts/*/*.sh "$NOFAIL_TOP"/.ci/run; do
	bash -n "$s"
	result "bash -n ${s#"$NOFAIL_TOP"/}" $?
done
for s in "$NOFAIL_TOP"/tests/*/init "$NOFAIL_TOP"/benchmarks/init "$NOFAIL_TOP"/tests/boot/lib/*.sh "$NOFAIL_TOP"/tests/boot/target/*.sh; do
	sh -n "$s"
	result "sh -n ${s#"$NOFAIL_TOP"/}" $?
done
# Debian's shellcheck, warnings and errors: the host scripts as bash,
# the guests' /init as the POSIX sh that busybox runs.
shellcheck -S warning -s bash "$NOFAIL_TOP"/scripts/*.sh "$NOFAIL_TOP"/scripts/*/*.sh "$NOFAIL_TOP"/tests/*/*.sh "$NOFAIL_TOP"/tests/fstests/guest-init "$NOFAIL_TOP"/.ci/run
result "shellcheck scripts/ scripts/*/ tests/*/*.sh .ci/run" $?
shellcheck -S warning -s dash "$NOFAIL_TOP"/tests/*/init "$NOFAIL_TOP"/benchmarks/init
result "shellcheck tests/*/init benchmarks/init" $?
# The boot test's lib/ and target/ files share the runner's variables
# (sourced, one shell): assigned in one file, read in another.
shellcheck -S warning -s dash -e SC2034,SC2154 "$NOFAIL_TOP"/tests/boot/lib/*.sh \
	"$NOFAIL_TOP"/tests/boot/target/*.sh
result "shellcheck tests/boot/lib/*.sh tests/boot/target/*.sh" $?
for s in "$NOFAIL_TOP"/scripts/*/*.py "$NOFAIL_TOP"/tests/*/*.py; do
	python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read())' "$s"
	result "python ${s#"$NOFAIL_TOP"/}" $?
done

# every variable that the bench's shell scripts and the Makefile give a
# default (the :- expansion) is an option that scripts/options lists,
# with its kind and default
missing=$(grep -rhoE --include='*.sh' '\$\{[A-Z][A-Z0-9_]*:-' "$NOFAIL_TOP/scripts" "$NOFAIL_TOP/.ci" |
	cat - <(grep -hoE '\$\{[A-Z][A-Z0-9_]*:-' "$NOFAIL_TOP/Makefile") |
	sed 's/^\$[{]//; s/:-$//' | sort -u |
	comm -23 - <(nofail_options user narrows internal | sort -u) | tr '\n' ' ')
[ -z "$missing" ] || echo "scripts/options does not list: $missing"
result "scripts/options lists every option of the scripts" "$([ -z "$missing" ] && echo 0 || echo 1)"

series=$NOFAIL_TOP/patches/series
bad=0
for p in $(grep -v '^#' "$series"); do
	[ -f "$NOFAIL_TOP/patches/$p" ] || { echo "patches/series: no $p"; bad=1; }
done
for p in "$NOFAIL_TOP"/patches/[0-9]*.patch; do
	n=$(basename "$p")
	[ "$n" = 0000-cover-letter.patch ] && continue
	grep -qxF "$n" "$series" || { echo "patches/$n is not in patches/series"; bad=1; }
done
result "patches/series" $bad

if [ -x "$tree/scripts/checkpatch.pl" ]; then
	for p in $(grep -v '^#' "$series"); do
		"$NOFAIL_TOP/scripts/static/checkpatch.sh" "$tree" "$NOFAIL_TOP/patches/$p" >/dev/null 2>&1
		result "checkpatch $p" $?
	done
	for f in "$NOFAIL_TOP"/module/*.c "$NOFAIL_TOP"/module/Kbuild "$NOFAIL_TOP"/benchmarks/*/*.c; do
		"$tree/scripts/checkpatch.pl" --strict --no-tree --quiet -f "$f"
		result "checkpatch ${f#"$NOFAIL_TOP"/}" $?
	done
	# kernel-doc -Wall on each file the series touches: no warning that
	# the base file does not already have (the check's docs step, less
	# htmldocs)
	mkdir -p "$NOFAIL_BUILD"
	"$NOFAIL_TOP/scripts/static/docs.sh" --no-html "$tree" "$NOFAIL_BUILD/lint-docs" \
		>"$NOFAIL_BUILD/lint-docs.log" 2>&1
	collect docs DOCS "$NOFAIL_BUILD/lint-docs.log" "$?"
else
	echo "lint: no tree at $tree, checkpatch and kernel-doc skipped (run make tree)"
fi

results_end
