# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Pressure mode (nofail.pressure=hog|memcg; sourced by /init).

# vmstat_of NAME...: those /proc/vmstat counters, "name=value" each (0
# when the kernel has no such counter: the base has no nofail_*).
vmstat_of() {
	for v in "$@"; do
		echo "$v=$(sed -n "s/^$v //p" /proc/vmstat | grep . || echo 0)"
	done
}

PRESSURE_VM="oom_kill allocstall_dma32 allocstall_normal compact_stall pgscan_direct nofail_no_watermarks nofail_min_reserve nofail_retry"

# memory_now: where the memory is, in MiB, and the hogs' sizes: every
# tenth round says it, to show what the hog and reclaim did.
memory_now() {
	awk '/^(MemFree|MemAvailable|Cached|Shmem|AnonPages):/ { printf "%s=%d ", $1, $2 / 1024 }' /proc/meminfo |
		tr -d :
	hogs=
	for p in $(pidof nofail-hog); do
		kb=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\).*/\1/p' /proc/"$p"/status 2>/dev/null)
		hogs="$hogs$((${kb:-0} / 1024)),"
	done
	echo "oom_kill=$(sed -n 's/^oom_kill //p' /proc/vmstat) hogs_mb=${hogs%,}"
}

# hog_loop ARGS...: nofail-hog ARGS, started again each time the OOM
# killer kills it, until hog_stop, by a loop that the OOM killer leaves
# alone.
hog_loop() {
	(
		echo -1000 >/proc/self/oom_score_adj
		while [ ! -e /tmp/hog.stop ]; do
			# killed, as it should be: without "|| true" the
			# target's "set -e" would end the loop with it
			nofail-hog "$@" >/dev/null 2>&1 || true
		done
	) &
	hog_loops="$hog_loops $!"
}

# hog_start / hog_stop: one nofail-hog holds the free memory but
# HOG_SLACK_MB (oom_score_adj -900: the last to go), another grows until
# the OOM killer kills it (1000: the first), each started again after a
# kill, so that the OOM killer acts again and again while the workload
# runs.
hog_start() {
	rm -f /tmp/hog.stop
	avail=$(($(sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo) / 1024))
	hog_loops=
	# in the kernel's log, as its OOM kills are: the time to the first
	# (scripts/judge/pressure_results.py, "first kill ms")
	echo "nofail-pressure: hogs started" >/dev/kmsg
	hog_loop hold $((avail - HOG_SLACK_MB))
	hog_loop grow
	# until the first kill: the run proves nothing without one
	for _ in $(seq 1 120); do
		[ "$(sed -n 's/^oom_kill //p' /proc/vmstat)" -gt "${oom_kill0:-0}" ] && return 0
		sleep 1
	done
	echo "the hog never made the OOM killer act"
}

hog_stop() {
	: >/tmp/hog.stop
	killall nofail-hog 2>/dev/null || true
	# shellcheck disable=SC2086 # one pid per word
	wait $hog_loops 2>/dev/null || true
	killall nofail-hog 2>/dev/null || true
}

# memcg_enter / memcg_leave: the workload in a memory cgroup whose limit
# (nofail.memcg_max, default 4 MiB) is below what it writes.
memcg_enter() {
	grep -q ' /sys/fs/cgroup cgroup2 ' /proc/mounts ||
		mount -t cgroup2 cgroup2 /sys/fs/cgroup
	echo +memory >/sys/fs/cgroup/cgroup.subtree_control
	GROUP=/sys/fs/cgroup/nofail-pressure
	mkdir -p "$GROUP"
	echo "$MEMCG_MAX" >"$GROUP/memory.max"
	# the OOM reports without their task lists
	echo 0 >/proc/sys/vm/oom_dump_tasks
}

# memcg_populated: whether a task is still in $GROUP.
memcg_populated() {
	grep -q '^populated 1' "$GROUP/cgroup.events"
}

# memcg_wait SECONDS: until $GROUP is empty, SECONDS at most.
memcg_wait() {
	i=0
	while memcg_populated && [ "$i" -lt "$1" ]; do
		sleep 1
		i=$((i + 1))
	done
}

# memcg_tasks: " PID(COMM)" for each task in $GROUP.
memcg_tasks() {
	while read -r pid; do
		printf ' %s(%s)' "$pid" "$(cat "/proc/$pid/comm" 2>/dev/null)"
	done <"$GROUP/cgroup.procs"
}

# memcg_leave: the group's events, then the group removed.  A task the
# memcg OOM killer chose may still be exiting; wait 10 s for it, then
# kill what is left and say so: while a task is in it, rmdir fails with
# EBUSY and stops the target before its PRESSURE line.
memcg_leave() {
	memcg_events="memcg_max=$(sed -n 's/^max //p' "$GROUP/memory.events") memcg_oom=$(sed -n 's/^oom //p' "$GROUP/memory.events") memcg_oom_kill=$(sed -n 's/^oom_kill //p' "$GROUP/memory.events")"
	memcg_wait 10
	if memcg_populated; then
		say "memcg: still in the group after 10 s, killed:$(memcg_tasks)"
		echo 1 >"$GROUP/cgroup.kill"
		# one that does not die in 30 s fails the rmdir, and the target
		memcg_wait 30
	fi
	rmdir "$GROUP"
	GROUP=
	echo 1 >/proc/sys/vm/oom_dump_tasks
}

# cpu_children: CPU_CS, the user and system time of the children this
# shell has waited for, in centiseconds (USER_HZ).  Called, not run in
# $(...): a subshell's children are its own.
cpu_children() {
	read -r stat </proc/self/stat
	# shellcheck disable=SC2086 # the fields after "PID (COMM) "
	set -- ${stat##*") "}
	CPU_CS=$((${14} + ${15}))
}

# pressure NAME DEV TYPE FSCK...: workload rounds for PRESSURE_SECONDS
# (nofail.seconds) with the memory short ($PRESSURE: hog or memcg), then fsck and the read-back
# of every fsynced file.  Prints what happened as a PRESSURE line and
# the fsync times as a PRESSURE_FSYNC line; scripts/run/pressure.sh judges
# and tabulates them.  Fails the target only when the workload did not
# finish, fsck complained or a file did not read back.
pressure() {
	name=$1 dev=$2 type=$3 mnt=/mnt/$1
	shift 3
	# Only the hog's victims may die.  Not in a memory cgroup, where the
	# workload is alone: protected, it made every charge that cannot
	# succeed invoke the memcg OOM killer again and again, finding
	# nothing to kill (seen on gfs2 at 4 MiB, base and series alike).
	[ "$PRESSURE" != hog ] || echo -1000 >/proc/self/oom_score_adj
	before=$(vmstat_of $PRESSURE_VM)
	oom_kill0=$(sed -n 's/^oom_kill //p' /proc/vmstat)
	memcg_events=
	case $PRESSURE in
	hog) hog_start ;;
	memcg) memcg_enter ;;
	esac
	t0=$(centiseconds)
	cpu_children
	cpu0=$CPU_CS
	ops_all=0 failed_all=0 enomem_all=0 unfinished=0
	: >/tmp/fsync.all
	round=0
	while [ $(($(centiseconds) - t0)) -lt $((PRESSURE_SECONDS * 100)) ]; do
		round=$((round + 1))
		[ $((round % 10)) != 1 ] || say "$name: round $round: $(memory_now)"
		workload "$mnt" "$dev" "$type" "$round" || unfinished=$((unfinished + 1))
		# a workload that was killed printed no counts
		case $ops$failed$enomem in *[!0-9]*) ops=0 failed=0 enomem=0 ;; esac
		ops_all=$((ops_all + ${ops:-0}))
		failed_all=$((failed_all + ${failed:-0}))
		enomem_all=$((enomem_all + ${enomem:-0}))
		cat /tmp/fsync.us >>/tmp/fsync.all
		# Keep one round's files: the file system must not fill up in
		# 30 s of rounds, or the failures would be ENOSPC.  The last
		# round's are read back after fsck.
		if [ "$round" -gt 1 ]; then
			# a withdrawn or read-only file system refuses: fsck says why
			rm -rf "$mnt/w$((round - 1))" "$mnt/c$((round - 1))" 2>/dev/null || true
			grep -v "^w$((round - 1))/" "$list" >/tmp/list.keep || true
			cat /tmp/list.keep >"$list"
		fi
	done
	cs=$(($(centiseconds) - t0))
	# the workload's own CPU, reclaim in its context included, before
	# hog_stop reaps the hogs
	cpu_children
	cpu=$((CPU_CS - cpu0))
	case $PRESSURE in
	hog) hog_stop ;;
	memcg) memcg_leave ;;
	esac
	after=$(vmstat_of $PRESSURE_VM)
	# shellcheck disable=SC2086 # one counter per word, on one line
	delta=$(echo $before $after | awk '{
		for (i = 1; i <= NF / 2; i++) {
			split($i, b, "="); split($(i + NF / 2), a, "=")
			printf "%s=%d ", b[1], a[2] - b[2]
		}
	}')
	ro=0
	dmesg | grep -qiE 'forced readonly|read-only|withdraw' && ro=1
	unmount "$mnt"
	fsck=0
	timeout 300 "$@" >/tmp/fsck.log 2>&1 || fsck=1
	[ "$fsck" = 0 ] || cat /tmp/fsck.log
	mismatch=unmountable
	if timeout 120 mount -t "$type" "$dev" "$mnt" 2>/dev/null; then
		mismatch=$(nofail-workload verify "$mnt" "$list" | sed -n 's/^verified .* mismatches //p')
		unmount "$mnt"
	fi
	say "figures $name ops=$ops_all failed=$failed_all enomem=$enomem_all unfinished=$unfinished"
	# fsync times: how many, median, 99th percentile and longest, in us
	fsyncs=$(tr ' ' '\n' </tmp/fsync.all | grep . | sort -n | awk '
		{ v[NR] = $1 }
		END {
			if (!NR) { print "fsyncs=0"; exit }
			p50 = v[int((NR - 1) * 0.50 + 1.5) > NR ? NR : int((NR - 1) * 0.50 + 1.5)]
			p99 = v[int((NR - 1) * 0.99 + 1.5) > NR ? NR : int((NR - 1) * 0.99 + 1.5)]
			printf "fsyncs=%d fsync_p50_us=%d fsync_p99_us=%d fsync_max_us=%d", NR, p50, p99, v[NR]
		}')
	echo "PRESSURE $name mode=$PRESSURE rounds=$round ops=$ops_all failed=$failed_all enomem=$enomem_all unfinished=$unfinished files=$(wc -l <"$list") mismatches=$mismatch fsck_failed=$fsck readonly=$ro seconds=$((cs / 100)).$((cs / 10 % 10)) cpu_cs=$cpu $fsyncs $delta$memcg_events"
	grep -v '^$' "$errlog" | sort | uniq -c | sort -rn | head -n 5 | sed "s/^/# $name: failed: /"
	[ "$unfinished" = 0 ] && [ "$fsck" = 0 ] && [ "$mismatch" = 0 ]
}
