# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034
#
# Shared settings and helpers for the bench scripts.  Sourced, not run.
# (SC2034: the settings are used by the scripts that source this file.)

NOFAIL_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NOFAIL_BUILD=$(realpath -m "${NOFAIL_BUILD:-${BUILD:-$NOFAIL_TOP/build}}")
NOFAIL_SRC_VERSION=${NOFAIL_SRC_VERSION:-6.12.118-1~deb12u1}
NOFAIL_SRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
JOBS=${JOBS:-$(nproc)}

# Fixed identity and dates make the base commit id reproducible, so the
# commits on it, and the patches made from them, are the same everywhere.
NOFAIL_GIT_IDENT=(-c user.name="nofail bench" -c user.email="nofail@localhost")
export GIT_AUTHOR_DATE="2025-01-01T00:00:00Z" GIT_COMMITTER_DATE="2025-01-01T00:00:00Z"

progress() { printf '==> %s\n' "$*" >&2; }

# nofail_options KIND...: the names of the options of scripts/options of
# those kinds (user, narrows, internal), one a line
nofail_options() {
	sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$NOFAIL_TOP/scripts/options" |
		awk -F' [|] ' -v kinds=" $* " 'index(kinds, " " $2 " ") { print $1 }'
}
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# ccache for every kernel build (nofail_make_options' CC): its paths
# relative to build/, so that the trees of make and make check share
# results.  Not in depend mode, although a miss cost less there (fs/btrfs/,
# fs/ext4/ and mm/ with the cache empty: 89.8 s in the default mode, 60.3
# s in depend mode, 61.7 s without ccache; 2 CPUs, 2026-12-07): after a
# change of the series that left every source file as it was, depend mode
# served objects built under the previous commit, so that the kernel's
# version magic named the old commit and no module loaded (make check,
# 2026-12-07, boot/torture: "version magic ... should be ...").
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1

# The make options of every kernel build: ccache, and the graft (nofail/
# as a directory of the build, for the objects of tests/).  One per line,
# as "make" takes them.
nofail_make_options() {
	printf '%s\n' "CC=/usr/lib/ccache/gcc" "drivers-m=nofail/"
}

# The kernel arguments of every boot that runs the series' KUnit suites:
# allocation profiling on (see configs/bench.config), and two emulated
# NUMA nodes, so that test_no_watermarks can squeeze one node while the
# rest of the system allocates from the other.
NOFAIL_KUNIT_ARGS="sysctl.vm.mem_profiling=1 numa=fake=2"

# QEMU's software emulation for every boot with two CPUs: one host thread
# runs both, in turns.  With a thread per CPU (QEMU's default) a CPU could
# run a static branch's old code while the other patched it: an "Oops:
# int3" in sched_clock_cpu() as sched_clock was marked stable, once in a
# KUnit run and in 1 of 150 boots of that kernel; 0 of 150 in turns.
NOFAIL_QEMU_TCG=(-accel "tcg,thread=single")

# What the bench made.  It deletes or rewrites only directories it made
# itself: those under the project's own build/ (ignored by git), and
# those that hold its stamp file, or whose parent does.  A bench git tree
# keeps the stamp in .git/, where git neither commits nor cleans it.
NOFAIL_STAMP=.nofail-bench

# nofail_is_ours PATH: PATH was made by the bench.
nofail_is_ours() {
	local d

	d=$(realpath -m "$1")
	case $d/ in "$NOFAIL_TOP/build/"*) return 0 ;; esac
	while [ "$d" != / ]; do
		[ -f "$d/$NOFAIL_STAMP" ] || [ -f "$d/.git/$NOFAIL_STAMP" ] && return 0
		d=$(dirname "$d")
	done
	return 1
}

# nofail_stamp DIR: mark DIR, which the bench made, as the bench's.
nofail_stamp() {
	local f=$1/$NOFAIL_STAMP

	[ -d "$1/.git" ] && f=$1/.git/$NOFAIL_STAMP
	printf 'Made by the nofail bench (%s), which may delete it.\n' "$NOFAIL_TOP" >"$f"
}

# nofail_rm PATH...: remove each PATH that exists, when the bench made it;
# stop at the first that it did not make, and say what to do.
nofail_rm() {
	local p

	for p in "$@"; do
		[ -e "$p" ] || [ -L "$p" ] || continue
		nofail_is_ours "$p" ||
			die "$p was not made by the bench (no $NOFAIL_STAMP in it or above it), so it is left alone: move it away, or choose another directory"
		rm -rf -- "$p"
	done
}

# nofail_outdir DIR: create DIR for the bench's output, or take it if it
# is the bench's or empty; any other DIR stops the script.
nofail_outdir() {
	if [ -d "$1" ] && ! nofail_is_ours "$1"; then
		[ -z "$(ls -A "$1")" ] ||
			die "$1 holds files the bench did not make (no $NOFAIL_STAMP in it or above it): choose another directory"
	fi
	mkdir -p "$1"
	nofail_is_ours "$1" || nofail_stamp "$1"
}

# Every QEMU and kunit.py the bench starts runs in a process group of its
# own (setsid), named in a pidfile; an EXIT trap ends the group, however
# the script ends: done, failed, interrupted or killed with SIGTERM.  A
# script that sets its own EXIT trap calls nofail_reap from it.
NOFAIL_GROUPS=()
nofail_reap() {
	local f pid

	# No command here may fail: under set -e a failure in the EXIT trap
	# ends the script with its status (a group that TERM ended, so that
	# KILL found nothing, made a finished script exit 1).
	for f in "${NOFAIL_GROUPS[@]}"; do
		pid=$(cat "$f" 2>/dev/null) || continue
		if kill -TERM -- "-$pid" 2>/dev/null; then
			sleep 1
			kill -KILL -- "-$pid" 2>/dev/null || true
		fi
		rm -f "$f"
	done
	NOFAIL_GROUPS=()
	return 0
}
trap nofail_reap EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# nofail_group LOG SECONDS CMD...: run CMD in a group of its own, with a
# time limit, its output to LOG and stdout; its pidfile is LOG.pid.  The
# pipe runs in the background and the script waits for it, so that a
# signal reaches the script's traps at once.  A watchdog in the group
# ends it within a second of the script's death (gone, or a zombie),
# SIGKILL included, which no trap sees.  Returns CMD's status, 124 on
# timeout.
nofail_group() {
	local log=$1 limit=$2

	shift 2
	NOFAIL_GROUPS+=("$log.pid")
	{
		setsid --wait bash -c 'echo $$ >"$0"
			owner=$1
			shift
			alive() {
				local st
				st=$(sed "s/.*) //" "/proc/$owner/stat" 2>/dev/null | cut -c1)
				[ -n "$st" ] && [ "$st" != Z ]
			}
			(while alive; do sleep 1; done; kill -KILL -- -$$) >/dev/null 2>&1 &
			exec timeout -k 10 "$1" "${@:2}"' \
			"$log.pid" "$$" "$limit" "$@" 2>&1 | tee "$log"
		exit "${PIPESTATUS[0]}"
	} &
	wait $!
}

# nofail_mini_initramfs OUT.cpio INIT "APPLET..." [FILE...]: the small
# initramfs of the KUnit rerun and the benchmarks (scripts/build/
# mkinitramfs.sh --mini, the one initramfs builder).
nofail_mini_initramfs() {
	"$NOFAIL_TOP/scripts/build/mkinitramfs.sh" --mini "$@"
}

# nofail_qemu KERNEL INITRD EXTRA_APPEND LOG [SECONDS]: boot KERNEL with
# INITRD under QEMU (x86_64, 2 CPUs, NOFAIL_QEMU_MEM MiB or 2 GiB,
# software emulation: KVM does not work on the bench machines), console
# to LOG and stdout.  The guest
# ends QEMU by rebooting (-no-reboot); a guest still running after
# SECONDS (default 600) is killed (exit 124), and so is QEMU when the
# script ends.  slab_nomerge keeps slab caches apart for failslab's
# cache-filter, nokaslr keeps System.map's addresses for its stack filter.
# With NOFAIL_QEMU_ICOUNT set, "-icount shift=0,sleep=off" on one CPU
# (NOFAIL_QEMU_SMP for more, run in turn): guest time advances one
# nanosecond per instruction (the benchmarks).
# An empty INITRD boots without one; the array NOFAIL_QEMU_DEVICES, when
# set, adds QEMU options (make fstests' 9p shares and disks).
# Returns QEMU's exit status.
nofail_qemu() {
	local cpus=(-smp 2 "${NOFAIL_QEMU_TCG[@]}") initrd=()

	# instructions for time, on one CPU: the benchmarks
	[ -z "${NOFAIL_QEMU_ICOUNT:-}" ] || cpus=(-smp "${NOFAIL_QEMU_SMP:-1}" -icount "shift=0,sleep=off")
	[ -z "$2" ] || initrd=(-initrd "$2")
	nofail_group "$4" "${5:-600}" qemu-system-x86_64 -nodefaults -nographic -serial stdio \
		-no-reboot -m "${NOFAIL_QEMU_MEM:-2048}" "${cpus[@]}" -bios qboot.rom \
		-kernel "$1" "${initrd[@]}" "${NOFAIL_QEMU_DEVICES[@]}" \
		-append "console=ttyS0 kunit.enable=0 panic=-1 printk.time=1 printk.devkmsg=on slab_nomerge nokaslr $3" \
		</dev/null
}
NOFAIL_QEMU_DEVICES=()

# nofail_bench_boot NAME SRC OBJ OUT MODDIR... : build the benchmark
# modules of benchmarks/MODDIR against the kernel SRC built in OBJ, boot
# that kernel with them under -icount (benchmarks/init loads each, with
# the MODULE.PARAM=VALUE words of NOFAIL_BENCH_ARGS, which go on the
# kernel command line), console in OUT/NAME.log; stops when a module did
# not say "done".
nofail_bench_boot() {
	local name=$1 src=$2 obj=$3 out=$4 d mods=()
	shift 4
	for d in "$@"; do
		"$NOFAIL_TOP/scripts/build/module.sh" "$src" "$obj" "$out/mod-$name-$d" \
			"$NOFAIL_TOP/benchmarks/$d" >/dev/null ||
			die "bench: benchmarks/$d does not build against $obj"
		mods+=("$out/mod-$name-$d"/*.ko)
	done
	nofail_mini_initramfs "$out/$name.cpio" "$NOFAIL_TOP/benchmarks/init" \
		"sh mount mkdir insmod rmmod echo sed tr reboot" "${mods[@]}"
	progress "bench: boot $name with $* under QEMU -icount"
	NOFAIL_QEMU_ICOUNT=1 NOFAIL_QEMU_MEM=1024 nofail_qemu "$obj/arch/x86/boot/bzImage" \
		"$out/$name.cpio" "${NOFAIL_BENCH_ARGS:-}" "$out/$name.log" 900 \
		>/dev/null || true
	for d in "${mods[@]}"; do
		d=$(basename "$d" .ko)
		grep -q "$d: done" "$out/$name.log" || die "bench: $name: no result from $d, see $out/$name.log"
	done
}

# nofail_wake_one_cpu TREE KBUILD OUT: benchmarks/wait-wake with one CPU,
# in the base kernel of the page allocator's pair (built by
# page-alloc-cost.sh in build/page-alloc-cost when missing) and in the
# series kernel KBUILD, 20 rounds, 1 and 8 waiters: OUT/wake-base-1cpu.log
# and OUT/wake-series-1cpu.log.  One CPU, because under -icount with two
# the base kernel's spinning requests stall the idle vCPU's timers (RCU
# stall warnings); 8 waiters, because 64 spinning on one emulated CPU did
# not finish a round in 10 minutes.
nofail_wake_one_cpu() {
	local tree=$1 kbuild=$2 out=$3 pac=$NOFAIL_BUILD/page-alloc-cost
	local args="wait_wake.rounds=20 wait_wake.wait_ms=50 wait_wake.hold_ms=2000 wait_wake.waiters=1,8"

	[ -f "$pac/kunit/arch/x86/boot/bzImage" ] ||
		"$NOFAIL_TOP/scripts/run/page-alloc-cost.sh" "$tree" "$kbuild" "$pac" >/dev/null
	NOFAIL_BENCH_ARGS="$args" nofail_bench_boot wake-base-1cpu "$pac/linux" "$pac/kunit" "$out" wait-wake
	NOFAIL_BENCH_ARGS="$args" nofail_bench_boot wake-series-1cpu "$tree" "$kbuild" "$out" wait-wake
}

# nofail_base_kernel TREE KBUILD: the kernel without the series
# (nofail-base) and with KBUILD's .config (the bench's fragment names the
# series' debug option, which the base does not have), built once in
# NOFAIL_BUILD/base for each step that sets it beside the series: make
# pressure and make survey.  Worktree base/linux, objects base/kunit, log
# base/build.log; kernel.sh rebuilds only what changed.
NOFAIL_BASE_KERNEL=$NOFAIL_BUILD/base/kunit
nofail_base_kernel() {
	local dir=$NOFAIL_BUILD/base

	nofail_outdir "$dir"
	nofail_worktree "$1" nofail-base "$dir/linux"
	progress "base kernel: nofail-base with $2/.config in $dir/kunit (cold: 7 to 19 min measured)"
	"$NOFAIL_TOP/scripts/build/kernel.sh" "$dir/linux" "$dir/kunit" --config "$2/.config" \
		>"$dir/build.log" 2>&1 ||
		die "building the base kernel failed, see $dir/build.log"
}

# nofail_worktree TREE COMMIT DIR: DIR, a worktree of TREE at COMMIT,
# with the graft; made again only when it is at another commit.  DIR
# must not be TREE, and is removed only when the bench made it.
nofail_worktree() {
	local tree=$1 commit=$2 dir=$3

	[ "$(realpath -m "$dir")" != "$(realpath -m "$tree")" ] ||
		die "the worktree for $commit would be $tree itself; choose another OUT"
	if [ "$(git -C "$dir" rev-parse HEAD 2>/dev/null)" != "$(git -C "$tree" rev-parse "$commit")" ]; then
		progress "worktree $dir at $(git -C "$tree" log -1 --format='%h %s' "$commit")"
		git -C "$tree" worktree remove --force "$dir" 2>/dev/null || nofail_rm "$dir"
		git -C "$tree" worktree prune
		git -C "$tree" worktree add -q --detach "$dir" "$commit"
	fi
	ln -sfn "$NOFAIL_TOP" "$dir/nofail"
}

# nofail_commit TREE SUBJECT: the commit of the series with SUBJECT.
nofail_commit() {
	local c

	c=$(git -C "$1" log --format=%H --fixed-strings --grep="$2" nofail-base..HEAD)
	[ -n "$c" ] || die "no commit '$2' in $1 (is the series applied?)"
	echo "$c"
}

# nofail_series_hash DIR: the hash of the series in DIR (its series file
# and the patches it names), kept in a tree's .git/nofail-applied stamp
# with the commit it was applied as.
nofail_series_hash() {
	(cd "$1" && grep -v '^#' series | xargs cat series) | sha1sum | cut -d' ' -f1
}

# nofail_key ARG...: a short hash of what a result depends on: each
# ARG "file:PATH" (its contents, wherever it is), "dir:PATH" (its files'
# names and contents) or a string (itself); and always the Debian packages
# installed (dpkg's status file: every tool's version), which tools PATH
# finds, and the variables that change what make, Sphinx, Coccinelle and
# checkpatch do (MAKEFLAGS without make's jobserver, the kbuild ones).
nofail_key() {
	local a

	{
		sha1sum </var/lib/dpkg/status
		command -v gcc as ld make perl python3 spatch sphinx-build git ccache
		env | LC_ALL=C sort | grep -E '^(KCFLAGS|KCPPFLAGS|KAFLAGS|KBUILD_[A-Z_]*|W|C|LLVM|CC|SPHINXOPTS|SPHINXDIRS|COCCI|CASES|CHECKPATCH[A-Z_]*)='
		printf 'MAKEFLAGS=%s\n' "$(sed -E 's/--jobserver-(auth|fds)=[^ ]*//g' <<<"${MAKEFLAGS:-}")"
		for a in "$@"; do
			case $a in
			file:*)	# its contents, not its path (a mktemp copy)
				{ sha1sum <"${a#file:}"; } 2>/dev/null || echo missing
				;;
			dir:*)
				(cd "${a#dir:}" && find . -type f ! -name '*.pyc' -print0 |
					LC_ALL=C sort -z | xargs -0 -r sha1sum) || echo missing
				;;
			*)
				printf '%s\n' "$a"
				;;
			esac
		done
	} | sha1sum | cut -c1-16
}

# nofail_cached NAME KEY [--results PREFIX] COMMAND...: run COMMAND,
# output and status; or, when COMMAND passed before with the same KEY
# (nofail_key of everything its result depends on), give that output
# again under a first line "# cached: ...".  Only a pass is kept, in
# build/cache/NAME.KEY: status 0, and with --results, "PREFIX 0|1 NAME"
# lines that meet their "PREFIX 1..N" plans with no 1 among them (a
# step that prints its failures and exits 0).  A check that boots a
# guest is never cached.  NOFAIL_CACHE=0 runs COMMAND.
nofail_cached() {
	local name=${1//\//_} key=$2 dir=$NOFAIL_BUILD/cache prefix='' f tmp rc
	shift 2

	if [ "${1:-}" = --results ]; then
		prefix=$2
		shift 2
	fi
	f=$dir/$name.$key
	if [ "${NOFAIL_CACHE:-1}" != 0 ] && [ -f "$f" ]; then
		echo "# cached: passed on $(date -r "$f" '+%F %T') with the same inputs (key $key; NOFAIL_CACHE=0 runs it again)"
		cat "$f"
		return 0
	fi
	nofail_outdir "$dir"
	rm -f "$dir/.$name".*	# left by an interrupted run
	tmp=$(mktemp "$dir/.$name.XXXXXX")
	"$@" >"$tmp" 2>&1
	rc=$?
	cat "$tmp"
	if [ "$rc" = 0 ] && { [ -z "$prefix" ] || nofail_results_pass "$prefix" "$tmp"; }; then
		rm -f "$dir/$name".*	# one kept result per NAME
		mv -f "$tmp" "$f"
	else
		rm -f "$tmp"
	fi
	return "$rc"
}

# nofail_results_pass PREFIX FILE: FILE's "PREFIX 0|1 NAME" results all
# passed and meet the sum of its "PREFIX 1..N" plans (as results.sh's
# collect judges them).
nofail_results_pass() {
	awk -v p="$1" '
		$1 == p && $2 ~ /^1\.\.[0-9]+$/ { sub(/^1\.\./, "", $2); plan += $2; next }
		$1 == p && $2 == "0" { n++; next }
		$1 == p && $2 == "1" { bad = 1 }
		END { exit !(plan > 0 && n == plan && !bad) }' "$2"
}
