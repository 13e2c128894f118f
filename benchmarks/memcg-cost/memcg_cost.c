// SPDX-License-Identifier: GPL-2.0
/*
 * A memory cgroup at its limit: one accounted request that must succeed,
 * through kmalloc_nofail() and through kmalloc() with __GFP_NOFAIL, side
 * by side.  The guest's init (benchmarks/init, with nofail.memcg=BYTES on
 * the command line) puts itself in a cgroup with that memory.max and
 * oom_score_adj -1000 before it loads this module, so the allocations
 * below are charged to that group and the memcg OOM killer finds no
 * victim.
 *
 * Per way, the group is first filled up to its limit with accounted
 * objects that may fail (__GFP_RETRY_MAYFAIL: reclaim, then give up
 * without the OOM killer); then one more object is asked for, the way
 * measured.  The charge fails and reclaim runs in the group; the helper's
 * first attempt, with __GFP_NORETRY, fails after the group's reclaim,
 * without the memcg OOM killer, and its retry with __GFP_NOFAIL then does
 * what the flag's request does: reclaim, the OOM killer, which finds no
 * victim, and the force charge over the limit.  (Series v3's first
 * attempt, without __GFP_NORETRY, went through reclaim and the OOM killer
 * before its retry did both again: 1.989 times the flag's instructions
 * in make bench of 2026-12-04.)  Printed: the time to success
 * (instructions under QEMU -icount), and the group's "max" and "oom" events (memory.events) while
 * it was made.  MC_RUNS runs of each way: in some the group is not full
 * after all (something was uncharged after the fill gave up), one round
 * of reclaim serves the request and no OOM event is counted;
 * scripts/judge/bench_table.py takes the median of the others.
 *
 * It measures when loaded; the guest unloads it.
 */
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/memcontrol.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>

#define MC_RUNS		5
#define MC_SIZE		4096
#define MC_GFP		GFP_KERNEL_ACCOUNT

struct mc_obj {
	struct list_head list;
};

static LIST_HEAD(mc_objs);

/* Fill the group to its limit; returns how many objects it took. */
static unsigned long mc_fill(void)
{
	unsigned long n = 0;
	struct mc_obj *o;

	while ((o = kmalloc(MC_SIZE, MC_GFP | __GFP_RETRY_MAYFAIL | __GFP_NOWARN))) {
		list_add(&o->list, &mc_objs);
		n++;
	}
	return n;
}

static void mc_empty(void)
{
	struct mc_obj *o, *next;

	list_for_each_entry_safe(o, next, &mc_objs, list)
		kfree(o);
	INIT_LIST_HEAD(&mc_objs);
}

static void *mc_helper(void)
{
	return kmalloc_nofail(MC_SIZE, MC_GFP);
}

static void *mc_flag(void)
{
	return kmalloc(MC_SIZE, MC_GFP | __GFP_NOFAIL);
}

static const struct {
	const char *name;
	void *(*alloc)(void);
} mc_ways[] = {
	{ "helper", mc_helper },
	{ "flag", mc_flag },
};

static void mc_measure(struct mem_cgroup *memcg, int way, int run)
{
	long max0, oom0;
	unsigned long filled;
	u64 start, end;
	void *p;

	filled = mc_fill();
	max0 = atomic_long_read(&memcg->memory_events[MEMCG_MAX]);
	oom0 = atomic_long_read(&memcg->memory_events[MEMCG_OOM]);
	start = ktime_get_ns();
	p = mc_ways[way].alloc();
	end = ktime_get_ns();
	pr_info("memcg_cost: %s: run %d: filled %lu took %llu ns max %ld oom %ld%s\n",
		mc_ways[way].name, run, filled, end - start,
		atomic_long_read(&memcg->memory_events[MEMCG_MAX]) - max0,
		atomic_long_read(&memcg->memory_events[MEMCG_OOM]) - oom0,
		p ? "" : " NULL");
	kfree(p);
	mc_empty();
}

static int __init memcg_cost_init(void)
{
	struct mem_cgroup *memcg = get_mem_cgroup_from_mm(current->mm);
	int way, run;

	if (!memcg || READ_ONCE(memcg->memory.max) == PAGE_COUNTER_MAX) {
		pr_err("memcg_cost: not loaded in a memory cgroup with a memory.max, nothing measured\n");
		mem_cgroup_put(memcg);
		return 0;
	}
	for (run = 1; run <= MC_RUNS; run++)
		for (way = 0; way < ARRAY_SIZE(mc_ways); way++)
			mc_measure(memcg, way, run);
	mem_cgroup_put(memcg);
	pr_info("memcg_cost: done\n");
	return 0;
}
module_init(memcg_cost_init);

static void __exit memcg_cost_exit(void)
{
}
module_exit(memcg_cost_exit);
MODULE_DESCRIPTION("_nofail helpers against __GFP_NOFAIL in a memory cgroup at its limit");
MODULE_LICENSE("GPL");
