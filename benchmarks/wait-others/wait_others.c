// SPDX-License-Identifier: GPL-2.0
/*
 * What one waiting __GFP_NOFAIL request costs everybody else.  Node 1
 * (numa=fake=2) is held: every free page taken, also from this CPU's
 * per-cpu lists, but for a few blocks kept aside, too few pages together
 * for half its min watermark, so that a min-reserve attempt there fails
 * and a __GFP_MEMALLOC request does not.  One kthread then asks for a
 * page of node 1 with GFP_KERNEL | __GFP_THISNODE | __GFP_NOFAIL (no
 * __GFP_KSWAPD_RECLAIM: kswapd would try to balance a node that cannot be
 * balanced): the OOM killer does not act for __GFP_THISNODE, so the
 * request waits.  Alloc and free pairs are timed with no waiter and while
 * it waits, each phase after the node was held again and fresh blocks
 * were given back:
 *
 *   other       order 0 and 1 on node 0, which the waiter cannot use;
 *   own         order 0 and 1 on node 1, its own zone (__GFP_MEMALLOC,
 *               through this CPU's per-cpu lists), from an order-5 block
 *               given back for each;
 *   free-other  order 4, which skips the per-cpu lists: each free
 *   free-own    reaches the free lists, on node 0 (a zone without
 *               waiters) and on node 1 (a zone with one: the series'
 *               free-side check), there a block kept aside, freed and
 *               taken back.
 *
 * One CPU.  The waiter's own CPU time, which benchmarks/wait-wake
 * measures, stays out of the pairs' figures: a kernel without forced
 * preemption (the bench's, PREEMPT_NONE) runs it between the runs, not
 * during them, and with preemption it runs at nice 19.  What is left is
 * what its presence costs the others' paths.  Each figure is
 * the median of @reps runs of @pairs pairs.  Then the hold ends, and the
 * waiter must be served.  Lines:
 *
 *   wait_others: PHASE WHAT order N: ns/pair MEDIAN min MIN
 *   wait_others: waiter cpu_ns C served_ns S early E
 *
 * Run under QEMU with "-icount shift=0,sleep=off": nanoseconds are
 * instructions.  It measures when loaded; the guest unloads it.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/gfp.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sort.h>

#define WO_NODE_OTHER	0
#define WO_NODE_WAITER	1
#define WO_FREE_ORDER	4
#define WO_OWN_ORDER	5
#define WO_MAX_REPS	15
#define WO_HOLD_ROUNDS	1000
#define WO_SETTLE_ROUNDS 40
#define WO_GFP		(GFP_KERNEL & ~__GFP_KSWAPD_RECLAIM)
#define WO_HOLD_GFP	(WO_GFP | __GFP_THISNODE | __GFP_MEMALLOC | __GFP_NORETRY | __GFP_NOWARN)
/* how long the waiter has to start waiting before the pairs are timed */
#define WO_SETTLE_MS	200
/* a waiter not served this long after the hold ends is stuck */
#define WO_STUCK_MS	10000

static unsigned int pairs = 20000;
module_param(pairs, uint, 0444);
MODULE_PARM_DESC(pairs, "alloc/free pairs per run");
static unsigned int reps = 5;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "runs per figure, at most 15: the median is printed");

enum { WO_NONE, WO_WAITING, WO_PHASES };
static const char * const wo_phase[WO_PHASES] = { "none", "waiting" };

/* the pages held, by order: those of the per-cpu orders' lists too */
static struct list_head wo_held[PAGE_ALLOC_COSTLY_ORDER + 1];
/* node 1's order-4 block, kept aside for the frees */
static struct page *wo_block;
/* node 1's blocks for each phase's order-0 and order-1 pairs */
static struct page *wo_own[WO_PHASES][2];

static void wo_release(void)
{
	struct page *page, *next;
	unsigned int order;
	int p, i;

	if (wo_block)
		__free_pages(wo_block, WO_FREE_ORDER);
	wo_block = NULL;
	for (p = 0; p < WO_PHASES; p++) {
		for (i = 0; i < 2; i++) {
			if (wo_own[p][i])
				__free_pages(wo_own[p][i], WO_OWN_ORDER);
			wo_own[p][i] = NULL;
		}
	}
	for (order = 0; order <= PAGE_ALLOC_COSTLY_ORDER; order++) {
		list_for_each_entry_safe(page, next, &wo_held[order], lru) {
			list_del(&page->lru);
			__free_pages(page, order);
		}
	}
}

/*
 * Take every free page of the waiter's node, those on this CPU's per-cpu
 * lists of each order and migratetype first, which no watermark counts
 * but which the waiter's drain, or the lists' decay, would give it (one
 * CPU: its lists are the only ones); and what reclaim frees there, as the
 * waiter's would:
 * each failed attempt runs a round of it (__GFP_NORETRY), which frees at
 * most SWAP_CLUSTER_MAX pages.  Until a round frees none.
 */
static const gfp_t wo_hold_types[] = { 0, __GFP_MOVABLE, __GFP_RECLAIMABLE };

static unsigned long wo_hold_pages(void)
{
	unsigned long held = 0, before;
	struct page *page;
	int round, order, t;

	for (round = 0; round < WO_HOLD_ROUNDS; round++) {
		before = held;
		for (t = 0; t < ARRAY_SIZE(wo_hold_types); t++) {
			for (order = PAGE_ALLOC_COSTLY_ORDER; order >= 0; order--) {
				while ((page = alloc_pages_node(WO_NODE_WAITER,
								WO_HOLD_GFP | wo_hold_types[t],
								order))) {
					list_add(&page->lru, &wo_held[order]);
					held += 1 << order;
				}
			}
		}
		if (round && held == before)
			break;
	}
	return held;
}

/*
 * Hold node 1 again, also what kswapd reclaimed there meanwhile: taking
 * the node's last pages steals blocks of other migratetypes, which boosts
 * the watermarks and wakes it whatever the flags, and while it reclaims
 * the per-cpu lists are kept short.  Until it has nothing left to give.
 */
static unsigned long wo_hold_settle(void)
{
	unsigned long held = wo_hold_pages();
	int again;

	for (again = 0; again < WO_SETTLE_ROUNDS; again++) {
		msleep(WO_SETTLE_MS / 4);
		if (!wo_hold_pages())
			break;
	}
	return held;
}

static int wo_hold(void)
{
	unsigned long held;
	struct zone *zone;
	int p, i;

	wo_block = alloc_pages_node(WO_NODE_WAITER, WO_HOLD_GFP, WO_FREE_ORDER);
	for (p = 0; p < WO_PHASES; p++)
		for (i = 0; i < 2; i++)
			wo_own[p][i] = alloc_pages_node(WO_NODE_WAITER, WO_HOLD_GFP, WO_OWN_ORDER);
	if (!wo_block || !wo_own[WO_NONE][0] || !wo_own[WO_NONE][1] ||
	    !wo_own[WO_WAITING][0] || !wo_own[WO_WAITING][1]) {
		wo_release();
		return -ENOMEM;
	}
	held = wo_hold_settle();
	zone = page_zone(wo_block);
	pr_info("wait_others: held %lu pages of node %d, zone %s: %lu free, min watermark %lu\n",
		held, WO_NODE_WAITER, zone->name,
		zone_page_state_snapshot(zone, NR_FREE_PAGES), min_wmark_pages(zone));
	return 0;
}

/* node 1's order-4 block freed and taken back: its free reaches the free lists */
static u64 wo_run_block(gfp_t gfp)
{
	unsigned int i;
	u64 start;

	start = ktime_get_ns();
	for (i = 0; i < pairs; i++) {
		__free_pages(wo_block, WO_FREE_ORDER);
		wo_block = alloc_pages_node(WO_NODE_WAITER, gfp, WO_FREE_ORDER);
		if (!wo_block)
			return 0;
	}
	return ktime_get_ns() - start;
}

static u64 wo_run(int nid, gfp_t gfp, unsigned int order)
{
	struct page *page;
	unsigned int i;
	u64 start;

	if (nid == WO_NODE_WAITER && order == WO_FREE_ORDER)
		return wo_run_block(gfp);
	start = ktime_get_ns();
	for (i = 0; i < pairs; i++) {
		page = alloc_pages_node(nid, gfp, order);
		if (!page)
			return 0;
		__free_pages(page, order);
	}
	return ktime_get_ns() - start;
}

static int wo_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static void wo_measure(int phase, const char *what, int nid, gfp_t gfp, unsigned int order)
{
	u64 ns[WO_MAX_REPS];
	unsigned int i, n = clamp(reps, 1U, WO_MAX_REPS);

	gfp |= __GFP_THISNODE;
	wo_run(nid, gfp, order);	/* warm the per-cpu lists */
	for (i = 0; i < n; i++)
		ns[i] = wo_run(nid, gfp, order);
	sort(ns, n, sizeof(ns[0]), wo_cmp, NULL);
	if (!ns[0]) {
		pr_err("wait_others: %s %s order %u: an allocation failed\n",
		       wo_phase[phase], what, order);
		return;
	}
	pr_info("wait_others: %s %s order %u: ns/pair %llu min %llu\n", wo_phase[phase], what,
		order, div_u64(ns[n / 2], pairs), div_u64(ns[0], pairs));
}

/* give back @phase's block for the pairs of @order there, and time them */
static void wo_measure_own(int phase, unsigned int order)
{
	__free_pages(wo_own[phase][order], WO_OWN_ORDER);
	wo_own[phase][order] = NULL;
	wo_measure(phase, "own", WO_NODE_WAITER, WO_GFP | __GFP_MEMALLOC, order);
}

static void wo_measure_all(int phase)
{
	wo_measure(phase, "other", WO_NODE_OTHER, WO_GFP, 0);
	wo_measure(phase, "other", WO_NODE_OTHER, WO_GFP, 1);
	wo_measure_own(phase, 0);
	wo_measure_own(phase, 1);
	wo_measure(phase, "free-other", WO_NODE_OTHER, WO_GFP, WO_FREE_ORDER);
	wo_measure(phase, "free-own", WO_NODE_WAITER, WO_GFP | __GFP_MEMALLOC, WO_FREE_ORDER);
}

static struct {
	struct completion done;
	struct page *page;
	u64 returned_ns;
} wo_waiter;

static int wo_waiter_fn(void *data)
{
	wo_waiter.page = alloc_pages_node(WO_NODE_WAITER,
					  WO_GFP | __GFP_THISNODE | __GFP_NOFAIL, 0);
	wo_waiter.returned_ns = ktime_get_ns();
	complete(&wo_waiter.done);
	return 0;
}

static int __init wait_others_init(void)
{
	struct task_struct *task;
	u64 run0, freed_ns;
	bool early;
	int err, order;

	for (order = 0; order <= PAGE_ALLOC_COSTLY_ORDER; order++)
		INIT_LIST_HEAD(&wo_held[order]);
	if (num_online_nodes() < 2 || num_online_cpus() != 1) {
		pr_err("wait_others: needs two nodes (numa=fake=2) and one CPU\n");
		return -ENODEV;
	}
	err = wo_hold();
	if (err) {
		pr_err("wait_others: could not hold node %d\n", WO_NODE_WAITER);
		return err;
	}
	wo_measure_all(WO_NONE);

	wo_hold_settle();
	init_completion(&wo_waiter.done);
	task = kthread_create(wo_waiter_fn, NULL, "wait_others");
	if (IS_ERR(task)) {
		wo_release();
		return PTR_ERR(task);
	}
	get_task_struct(task);
	sched_set_normal(task, MAX_NICE);
	wake_up_process(task);
	msleep(WO_SETTLE_MS);
	run0 = READ_ONCE(task->se.sum_exec_runtime);
	early = completion_done(&wo_waiter.done);
	wo_measure_all(WO_WAITING);
	pr_info("wait_others: waiter cpu_ns %llu\n",
		READ_ONCE(task->se.sum_exec_runtime) - run0);

	freed_ns = ktime_get_ns();
	wo_release();
	if (!wait_for_completion_timeout(&wo_waiter.done, msecs_to_jiffies(WO_STUCK_MS))) {
		/* a __GFP_NOFAIL request cannot be called off: leave it */
		pr_err("wait_others: the waiter not served %d ms after the hold ended\n",
		       WO_STUCK_MS);
		put_task_struct(task);
		return -ETIMEDOUT;
	}
	pr_info("wait_others: waiter served_ns %lld early %d\n",
		(s64)(wo_waiter.returned_ns - freed_ns), early);
	__free_pages(wo_waiter.page, 0);
	put_task_struct(task);
	pr_info("wait_others: done\n");
	return 0;
}
module_init(wait_others_init);

static void __exit wait_others_exit(void)
{
}
module_exit(wait_others_exit);

MODULE_DESCRIPTION("the cost to others of a waiting __GFP_NOFAIL request");
MODULE_LICENSE("GPL");
