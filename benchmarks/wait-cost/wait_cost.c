// SPDX-License-Identifier: GPL-2.0
/*
 * The cost of waiting: what a must-succeed allocation burns while memory
 * stays short for @hold_ms, for four ways of asking:
 *
 *   helper  kmem_cache_alloc_nofail(): one plain attempt, then the
 *           request again with __GFP_NOFAIL (patch 2);
 *   loop    the 2010 helpers: the plain call again and again until it
 *           returns an object;
 *   sleep   the same with a jiffy's sleep after each failure, as this
 *           series' v1 helpers slept: what sleeping saves and costs;
 *   flag    kmem_cache_alloc() with __GFP_NOFAIL.
 *
 * The shortage is real to the page allocator: each request goes to a
 * fresh cache of its own in ZONE_DMA (SLAB_CACHE_DMA, so the first
 * object needs a new slab page), and the zone's watermarks are raised to
 * four times its free pages, so that no attempt, not even one allowed
 * into the min reserve (down to half the min watermark), gets a page,
 * and the OOM killer, which does not act for lowmem, kills nobody.  A
 * timer writes the watermarks back after @hold_ms; the request then gets
 * its page the ordinary way.  The flags leave kswapd out
 * (no __GFP_KSWAPD_RECLAIM): it would try to balance a zone that cannot
 * be balanced and burn the CPU that is measured here.
 *
 * Per request: the wall time it took, the CPU time its task ran
 * (sum_exec_runtime) as a share of that, the time from the end of the
 * shortage to its return, and the page allocator's work meanwhile
 * (direct reclaim stalls, plain attempts of the loop, passes of the
 * allocator's __GFP_NOFAIL loop).  Each way is measured WC_RUNS times;
 * the helper reports its site's first failure once, in the first run.
 * Run under QEMU with "-icount shift=0,sleep=off" on one CPU, guest time
 * is instructions, and the figures repeat.
 *
 * It measures when loaded; the guest unloads it.
 */
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/vmstat.h>

#define WC_RUNS	2
/* the tests' flags: a blocking request that does not wake kswapd */
#define WC_GFP	(GFP_KERNEL & ~__GFP_KSWAPD_RECLAIM)

static unsigned int hold_ms = 2000;
module_param(hold_ms, uint, 0444);
MODULE_PARM_DESC(hold_ms, "how long memory stays short, in ms");

/* The zone held short, its watermarks before, and when they came back. */
static struct {
	struct zone *zone;
	unsigned long wmark[NR_WMARK];
	unsigned long raised;
	u64 restored_ns;
} wc_short;

static struct timer_list wc_timer;

static void wc_restore(void)
{
	struct zone *zone = wc_short.zone;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&zone->lock, flags);
	for (i = 0; i < NR_WMARK; i++)
		if (zone->_watermark[i] == wc_short.raised)
			WRITE_ONCE(zone->_watermark[i], wc_short.wmark[i]);
	spin_unlock_irqrestore(&zone->lock, flags);
}

static void wc_timer_fn(struct timer_list *t)
{
	wc_restore();
	WRITE_ONCE(wc_short.restored_ns, ktime_get_ns());
}

/* Raise every watermark of the zone out of reach, until the timer. */
static void wc_hold(void)
{
	struct zone *zone = wc_short.zone;
	unsigned long flags;
	int i;

	wc_short.restored_ns = 0;
	spin_lock_irqsave(&zone->lock, flags);
	wc_short.raised = 4 * zone_page_state(zone, NR_FREE_PAGES) + 1024;
	for (i = 0; i < NR_WMARK; i++) {
		wc_short.wmark[i] = zone->_watermark[i];
		WRITE_ONCE(zone->_watermark[i], wc_short.raised);
	}
	spin_unlock_irqrestore(&zone->lock, flags);
	mod_timer(&wc_timer, jiffies + msecs_to_jiffies(hold_ms));
}

/* ZONE_DMA, as the page allocator gives it to a GFP_DMA request. */
static struct zone *wc_dma_zone(void)
{
	struct page *page = alloc_page(GFP_KERNEL | GFP_DMA);
	struct zone *zone;

	if (!page)
		return NULL;
	zone = page_zone(page);
	__free_page(page);
	return zone_idx(zone) == ZONE_DMA ? zone : NULL;
}

static unsigned long wc_loops;

static void *wc_helper(struct kmem_cache *s)
{
	return kmem_cache_alloc_nofail(s, WC_GFP);
}

static void *wc_loop(struct kmem_cache *s)
{
	void *p;

	while (!(p = kmem_cache_alloc(s, WC_GFP | __GFP_NOWARN)))
		wc_loops++;
	return p;
}

static void *wc_sleep(struct kmem_cache *s)
{
	void *p;

	while (!(p = kmem_cache_alloc(s, WC_GFP | __GFP_NOWARN))) {
		wc_loops++;
		schedule_timeout_uninterruptible(1);
	}
	return p;
}

static void *wc_flag(struct kmem_cache *s)
{
	return kmem_cache_alloc(s, WC_GFP | __GFP_NOFAIL);
}

static const struct {
	const char *name;
	void *(*alloc)(struct kmem_cache *s);
} wc_ways[] = {
	{ "helper", wc_helper },
	{ "loop", wc_loop },
	{ "sleep", wc_sleep },
	{ "flag", wc_flag },
};

/* The vm events that show the allocator's work, summed over the CPUs. */
static unsigned long wc_ev[NR_VM_EVENT_ITEMS];

static void wc_events(unsigned long *stall, unsigned long *retry)
{
	all_vm_events(wc_ev);
	*stall = wc_ev[ALLOCSTALL_DMA];
	/* the passes of the __GFP_NOFAIL loop: a vm event of patch 4 */
	*retry = wc_ev[NOFAIL_RETRY];
}

static int wc_measure(int way, int run)
{
	unsigned long stall0, retry0, stall, retry;
	u64 start, end, cpu0, cpu;
	struct kmem_cache *s;
	void *p;

	s = kmem_cache_create("wait_cost", 256, 0, SLAB_CACHE_DMA | SLAB_NO_MERGE, NULL);
	if (!s)
		return -ENOMEM;
	wc_loops = 0;
	wc_events(&stall0, &retry0);
	cpu0 = current->se.sum_exec_runtime;
	start = ktime_get_ns();
	wc_hold();
	p = wc_ways[way].alloc(s);
	end = ktime_get_ns();
	cpu = current->se.sum_exec_runtime - cpu0;
	wc_events(&stall, &retry);
	/* the timer came first, or the request got past the shortage */
	if (timer_delete_sync(&wc_timer))
		wc_restore();
	pr_info("wait_cost: %s: run %d: hold %u ms waited %llu ns cpu %llu ns after %lld ns allocstall %lu loops %lu nofail_retry %lu%s\n",
		wc_ways[way].name, run, hold_ms, end - start, cpu,
		wc_short.restored_ns ? (s64)(end - wc_short.restored_ns) : -1LL,
		stall - stall0, wc_loops, retry - retry0, p ? "" : " NULL");
	if (p)
		kmem_cache_free(s, p);
	kmem_cache_destroy(s);
	return 0;
}

static int __init wait_cost_init(void)
{
	int way, run, ret;

	wc_short.zone = wc_dma_zone();
	if (!wc_short.zone) {
		pr_err("wait_cost: no ZONE_DMA to hold short, nothing measured\n");
		return 0;
	}
	timer_setup(&wc_timer, wc_timer_fn, 0);
	for (run = 1; run <= WC_RUNS; run++)
		for (way = 0; way < ARRAY_SIZE(wc_ways); way++) {
			ret = wc_measure(way, run);
			if (ret)
				return ret;
		}
	pr_info("wait_cost: done\n");
	return 0;
}
module_init(wait_cost_init);

static void __exit wait_cost_exit(void)
{
}
module_exit(wait_cost_exit);
MODULE_DESCRIPTION("_nofail helpers against __GFP_NOFAIL and a retry loop, while memory is short");
MODULE_LICENSE("GPL");
