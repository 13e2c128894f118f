# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# failslab, the kernel's slab fault injection (debugfs), set from the
# guest: reset, arm, count what was injected, aim at the converted sites.
# Sourced by /init.

FS=/sys/kernel/debug/failslab

# failslab_reset: nothing injected, every filter off.
failslab_reset() {
	echo 0 >$FS/probability
	echo 0 >$FS/times
	echo N >$FS/cache-filter
	echo N >$FS/task-filter
	echo 0 >$FS/require-start
	echo 0xffffffffffffffff >$FS/require-end
	for c in /sys/kernel/slab/*/failslab; do
		[ "$(cat "$c")" = 0 ] || echo 0 >"$c"
	done
}

# failslab_arm PERCENT TASKS: fail PERCENT of the sleeping requests; of
# the tasks with make-it-fail only, unless TASKS is "all".  "times" starts
# high and counts down once per injected failure.
failslab_arm() {
	echo 0 >$FS/verbose
	echo 1 >$FS/interval
	echo 0 >$FS/space
	echo N >$FS/ignore-gfp-wait
	echo 32 >$FS/stacktrace-depth
	if [ "$2" = all ]; then echo N >$FS/task-filter; else echo Y >$FS/task-filter; fi
	echo 1000000 >$FS/times
	echo "$1" >$FS/probability
}

# failslab_injected: failures injected since failslab_arm; disarms.
failslab_injected() {
	echo 0 >$FS/probability
	echo $((1000000 - $(cat $FS/times)))
}

# aim KIND ARGS...: restrict failslab to the converted call sites.
#   cache NAME...        the slab caches only these sites allocate from
#                        (booted with slab_nomerge, so they stay apart)
#   stack SYM START END  requests with SYM's code on the stack
aim() {
	kind=$1
	shift
	case $kind in
	cache)
		echo Y >$FS/cache-filter
		for c in "$@"; do
			[ -e "/sys/kernel/slab/$c/failslab" ] || { echo "no slab cache $c"; return 1; }
			echo 1 >"/sys/kernel/slab/$c/failslab"
		done
		;;
	stack)
		# The address System.map gave must be the running kernel's.
		grep -qi "^${2#0x} [tT] ${1%..*}\$" /proc/kallsyms ||
			{ echo "$1 is not at $2 in /proc/kallsyms"; return 1; }
		echo "$2" >$FS/require-start
		echo "$3" >$FS/require-end
		;;
	*)
		echo "unknown aim $kind"
		return 1
		;;
	esac
}
