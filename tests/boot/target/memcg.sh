# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target memcg: 64 x 2 KiB accounted objects held in a 64 KiB memcg.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# memcg_alloc TORTURE_TYPE: load the module for its alloc file only, and
# in a memory cgroup limited to 64 KiB hold 64 accounted 2 KiB objects at
# once: 128 KiB.  The group's one task is protected from the OOM killer
# and only runs shell builtins there, so the charges beyond the limit fail
# for real, without fault injection; each makes the memcg OOM killer say
# it has no task to kill.  Prints the alloc file's result line, then the
# group's "max" and "oom" events.
memcg_alloc() {
	insmod $MODULE nthreads=0 inject=0 torture_type="$1"
	G=/sys/fs/cgroup/nofail-$1
	mkdir "$G"
	echo 65536 >"$G/memory.max"
	(
		echo -1000 >/proc/self/oom_score_adj
		# "0": the writing process itself
		echo 0 >"$G/cgroup.procs"
		echo "kmalloc_nofail 2048 GFP_KERNEL_ACCOUNT hold=64" \
			>/sys/kernel/debug/nofail_torture/alloc || true
	)
	cat /sys/kernel/debug/nofail_torture/alloc
	echo "$(sed -n 's/^max //p' "$G/memory.events") $(sed -n 's/^oom //p' "$G/memory.events")"
	rmmod nofail_torture
	rmdir "$G"
}

failslab_reset
grep -q ' /sys/fs/cgroup cgroup2 ' /proc/mounts ||
	mount -t cgroup2 cgroup2 /sys/fs/cgroup
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
# the OOM reports without their task lists
echo 0 >/proc/sys/vm/oom_dump_tasks
memcg_alloc nofail >/tmp/memcg.nofail
memcg_alloc busted >/tmp/memcg.busted
read -r line </tmp/memcg.nofail
say "memcg: helpers: $line; max/oom events $(tail -n 1 /tmp/memcg.nofail)"
read -r line2 </tmp/memcg.busted
say "memcg: kmalloc: $line2; max/oom events $(tail -n 1 /tmp/memcg.busted)"
esc=$(echo "$line" | sed -n 's/.* \([0-9]*\) escalated$/\1/p')
nulls=$(echo "$line2" | sed -n 's/.* \([0-9]*\) null, .*/\1/p')
read -r max oom <<EOF2
$(tail -n 1 /tmp/memcg.nofail)
EOF2
say "figures memcg escalated=$esc plain_null=$nulls max_events=$max oom_events=$oom"
case $line in *": ok, "*", 0 failures injected, 64 held, 0 null, "*) ;;
*) echo "the helper did not give every object"; exit 1 ;; esac
[ "$esc" -gt 0 ] || { echo "no request was passed on with __GFP_NOFAIL: the limit did not bite"; exit 1; }
[ "$nulls" -gt 0 ] || { echo "kmalloc() never failed: the limit did not bite"; exit 1; }
# A first attempt (__GFP_NORETRY) fails the charge without the memcg OOM
# killer; only the __GFP_NOFAIL retry invokes it, once or more per
# request (a retry may charge twice: 17 and 18 for 17 requests here).
# v3's plain first attempt invoked it too, and found no victim, so every
# request passed on counted one invocation before its retry's: at least
# twice as many as requests, 36 for 18.
[ "$oom" -lt $((2 * esc)) ] ||
	{ echo "$oom memcg OOM invocations for $esc requests passed on: the first attempts invoked the memcg OOM killer"; exit 1; }
echo 1 >/proc/sys/vm/oom_dump_tasks
[ "$max" -gt 0 ]
