#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh TREE OUT
# kernel.sh TREE OUT --config FILE [TARGET...]
#
# Build TREE into OUT with the bench's config, through the tree's own
# tools/testing/kunit/kunit.py ("kunit.py build", x86_64): kunit.py's
# QEMU config, configs/bench.config, and the tree's mm/.kunitconfig (the
# series' suites) when it has one; a tree without the series (the base,
# for the survey) gets KUnit alone, so that kunit.py takes the config.
# The one way the bench configures and builds a whole kernel; kunit.sh
# runs the suites on it, boot-test.sh boots it.  Leaves OUT/build.log
# and OUT/build-seconds.
#
# With --config, FILE is the .config instead (make olddefconfig), for a
# kernel or object that must match another build's config exactly: the
# page allocator benchmark's base kernel, objstat's page_alloc.o.  Only
# TARGETs are built (default: all).

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: kernel.sh TREE OUT [--config FILE [TARGET...]]"
tree=$(realpath -m "${1:?$usage}")
out=$(realpath -m "${2:?$usage}")
[ -f "$tree/tools/testing/kunit/kunit.py" ] || die "kernel: $tree is not a kernel tree (run make tree)"
nofail_outdir "$out"

# build LIMIT WHAT CMD...: CMD in a process group of its own, ended with
# this script (lib.sh), timed; stops naming WHAT when it fails.
build() {
	local limit=$1 what=$2 start rc
	shift 2
	start=$(date +%s)
	nofail_group "$out/build.log" "$limit" "$@" >/dev/null && rc=0 || rc=$?
	echo $(($(date +%s) - start)) >"$out/build-seconds"
	[ "$rc" = 0 ] || die "kernel: building $what failed (exit $rc), see $out/build.log"
}

if [ "${3:-}" = --config ]; then
	config=$(realpath -m "${4:?$usage}")
	[ -f "$config" ] || die "kernel: no config $config"
	shift 4
	targets=("${@:-all}")
	mapfile -t opts < <(nofail_make_options)
	cp "$config" "$out/.config"
	progress "kernel: ${targets[*]} of $tree in $out, config from $config"
	make -s -C "$tree" O="$out" ARCH=x86_64 "${opts[@]}" olddefconfig ||
		die "kernel: make olddefconfig of $config in $out failed"
	# an hour covers a cold build
	build 3600 "${targets[*]} of $tree" \
		make -s -C "$tree" O="$out" ARCH=x86_64 -j"$JOBS" "${opts[@]}" "${targets[@]}"
	progress "kernel: ${targets[*]} in $(cat "$out/build-seconds") s"
	exit 0
fi

suites=$tree/mm/.kunitconfig
if [ ! -f "$suites" ]; then
	suites=$out/kunit-only.config
	echo CONFIG_KUNIT=y >"$suites"
fi
mapfile -t make_options < <(nofail_make_options | sed 's/^/--make_options=/')
args=(
	build --arch=x86_64 --jobs="$JOBS" --build_dir="$out"
	--kunitconfig="$NOFAIL_TOP/configs/bench.config"
	--kunitconfig="$suites"
	"${make_options[@]}"
)

progress "kernel: build $tree in $out (cold build 7 to 19 min measured, after a .c change about 1 min)"
# kunit.py and make end with this script, however it ends (lib.sh); an
# hour covers a cold build.
build 3600 "$tree" python3 "$tree/tools/testing/kunit/kunit.py" "${args[@]}"
progress "kernel: $out/arch/x86/boot/bzImage in $(cat "$out/build-seconds") s"
