// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting for pages: what N concurrent __GFP_NOFAIL requests burn while
 * ZONE_DMA has no free page, and how soon they are served once pages come
 * back.  Series patch 6 lets such a request sleep until a free; before
 * it, the request goes round the slow path again and again.  Booted in
 * the kernel before the series and in the series, in one run.
 *
 * The shortage is held by a task that took every free page of ZONE_DMA,
 * reserves included: a block of order WW_BLOCK_ORDER and single pages.
 * Nothing there can be reclaimed, and the OOM killer does not act for
 * lowmem.  N kthreads then ask for one GFP_DMA page each with
 * __GFP_NOFAIL (no __GFP_KSWAPD_RECLAIM: kswapd would try to balance a
 * zone that cannot be balanced, and burn the CPU measured here).  Pages
 * come back three ways:
 *
 *   pcp      single pages, as many as the waiters need (ww_pcp_pages()),
 *            freed one by one from the other CPU, where they go through
 *            that CPU's per-cpu lists;
 *   block    the block, one free of high order;
 *   trickle  single pages, one every WW_TRICKLE_US.
 *
 * Per (N, way): @rounds rounds of a short wait (@wait_ms), each
 * request's wake latency (from the free that let it succeed, in the
 * allocator's own count of free pages, see ww_enabling_free(), to its
 * return) and how often it went back to sleep once pages came back
 * (voluntary context switches: 0 for a request served by its first
 * wake-up); and one round of @hold_ms, the CPU the waiting tasks ran
 * meanwhile (sum_exec_runtime) as a share of one CPU.  One line per
 * (N, way):
 *
 *   wait_wake: N waiters WAY: cpu_pct X lat_ns P50 P99 MAX resleeps R served S
 *              early E stuck T ...
 *
 * "early" counts requests served before any page came back: none, when
 * the zone was really held; "stuck" those the pages given back did not
 * serve within WW_STUCK_MS.
 *
 * Run under QEMU with "-icount shift=0,sleep=off", where guest time counts
 * instructions; it measures when loaded, and the guest unloads it.
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
#include <linux/slab.h>
#include <linux/sort.h>

#define WW_GFP		((GFP_KERNEL & ~__GFP_KSWAPD_RECLAIM) | GFP_DMA | __GFP_NOFAIL)
#define WW_BLOCK_ORDER	7	/* 128 pages: every waiter, above the min reserve */
#define WW_MAX_WAITERS	64
#define WW_TRICKLE_US	1000
/*
 * Requests not served this long after the pages came back are stuck:
 * in a kernel without the series, pages freed to a per-cpu list are not
 * counted free, and a zone that reclaim cannot help is never drained.
 * The round then frees everything, and counts them.
 */
#define WW_STUCK_MS	1000

static unsigned int rounds = 100;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "rounds per number of waiters and way, for the latencies");
static unsigned int wait_ms = 50;
module_param(wait_ms, uint, 0444);
MODULE_PARM_DESC(wait_ms, "how long the waiters wait in a latency round, in ms");
static unsigned int hold_ms = 2000;
module_param(hold_ms, uint, 0444);
MODULE_PARM_DESC(hold_ms, "how long the waiters wait in the CPU round, in ms");
static unsigned int waiters[3] = { 1, 8, 64 };
static unsigned int nr_waiters = 3;
module_param_array(waiters, uint, &nr_waiters, 0444);
MODULE_PARM_DESC(waiters, "the numbers of concurrent waiters, at most 64 each");

enum ww_way { WW_PCP, WW_BLOCK, WW_TRICKLE, WW_WAYS };
static const char * const ww_way_name[WW_WAYS] = { "pcp", "block", "trickle" };

struct ww_waiter {
	struct task_struct *task;
	struct completion done;
	struct page *page;
	u64 returned_ns;
	unsigned long nvcsw;	/* at return */
};

/* What the holder holds, and when it gave pages back. */
static struct {
	struct zone *zone;
	struct page *block;
	struct list_head pages;
	u64 *freed_ns;		/* each free of a round, in order */
	long *freed_count;	/* NR_FREE_PAGES after it, as the allocator reads it */
	unsigned int nr_freed;
	unsigned int nr_given;	/* of them, by the round's way */
	unsigned int max_freed;
} ww;

static struct ww_waiter ww_waiters[WW_MAX_WAITERS];
static u64 *ww_lat;		/* every latency of one (N, way) */
static unsigned int ww_nr_lat;
static unsigned long ww_resleeps;
static unsigned int ww_early;	/* served before any free: not a shortage */
static unsigned int ww_stuck;	/* not served by the pages given back */

static int ww_waiter_fn(void *data)
{
	struct ww_waiter *w = data;

	w->page = alloc_pages(WW_GFP, 0);
	w->returned_ns = ktime_get_ns();
	w->nvcsw = current->nvcsw;
	complete(&w->done);
	return 0;
}

/* Free @page, and note when, and what the allocator then counts free. */
static void ww_free(struct page *page, unsigned int order)
{
	u64 now = ktime_get_ns();

	__free_pages(page, order);
	if (ww.nr_freed < ww.max_freed) {
		ww.freed_ns[ww.nr_freed] = now;
		ww.freed_count[ww.nr_freed++] = zone_page_state(ww.zone, NR_FREE_PAGES);
	}
}

static void ww_free_pages(unsigned int max)
{
	struct page *page;

	while (max-- && !list_empty(&ww.pages)) {
		page = list_first_entry(&ww.pages, struct page, lru);
		list_del(&page->lru);
		ww_free(page, 0);
	}
}

static void ww_free_block(void)
{
	if (!ww.block)
		return;
	ww_free(ww.block, WW_BLOCK_ORDER);
	ww.block = NULL;
}

/*
 * Free pages the min-reserve attempt of a request for one page needs:
 * it succeeds with more than min - min / 2 free (__zone_watermark_ok()
 * with ALLOC_MIN_RESERVE, no lowmem reserve in ZONE_DMA for GFP_DMA).
 */
static long ww_need(void)
{
	unsigned long min = min_wmark_pages(ww.zone);

	return min - min / 2 + 1;
}

static void ww_release(void)
{
	ww_free_block();
	ww_free_pages(UINT_MAX);
}

#define WW_HOLD_GFP	(GFP_DMA | __GFP_MEMALLOC | __GFP_NOWARN)

/* Take the free single pages of ZONE_DMA that this CPU can get. */
static int ww_hold_fn(void *data)
{
	struct page *page;

	while ((page = alloc_pages(WW_HOLD_GFP, 0))) {
		if (page_zone(page) != ww.zone) {
			__free_pages(page, 0);
			break;
		}
		list_add(&page->lru, &ww.pages);
	}
	complete(data);
	return 0;
}

/*
 * Take every free page of ZONE_DMA, reserves included: the block, then
 * single pages from each CPU in turn, which also empties its per-cpu
 * list (drain_all_pages() is not exported).
 */
static int ww_hold(void)
{
	DECLARE_COMPLETION_ONSTACK(held);
	struct task_struct *task;
	int cpu;

	ww.block = alloc_pages(WW_HOLD_GFP, WW_BLOCK_ORDER);
	if (!ww.block)
		return -ENOMEM;
	for_each_online_cpu(cpu) {
		task = kthread_create(ww_hold_fn, &held, "wait_wake_hold");
		if (IS_ERR(task)) {
			ww_release();
			return PTR_ERR(task);
		}
		kthread_bind(task, cpu);
		wake_up_process(task);
		wait_for_completion(&held);
		reinit_completion(&held);
	}
	return 0;
}

/*
 * The pcp way frees what @n waiters need, and what the per-cpu counters
 * of the free pages may hold back from the allocator's count (up to each
 * CPU's threshold); the rest once all are served.  Freeing all of
 * ZONE_DMA there, about 3,800 pages, would hold the freeing vCPU for
 * 2.7 ms, and QEMU, which runs its vCPUs in turn under -icount, would
 * deliver the wake-up to the other one only after that.
 */
static unsigned int ww_pcp_pages(unsigned int n)
{
	unsigned int slack = 0;
	int cpu;

	for_each_online_cpu(cpu)
		slack += per_cpu_ptr(ww.zone->per_cpu_zonestats, cpu)->stat_threshold + 1;
	return ww_need() + n + slack;
}

struct ww_pcp_free {
	struct completion done;
	unsigned int pages;
};

static int ww_pcp_fn(void *data)
{
	struct ww_pcp_free *f = data;

	ww_free_pages(f->pages);
	complete(&f->done);
	return 0;
}

/* Give pages back the round's way; the rest once every waiter is served. */
static void ww_give_back(enum ww_way way, unsigned int n)
{
	struct ww_pcp_free f = { .pages = ww_pcp_pages(n) };
	struct task_struct *task;
	unsigned int i, served;

	ww.nr_freed = 0;
	switch (way) {
	case WW_PCP:
		init_completion(&f.done);
		task = kthread_create(ww_pcp_fn, &f, "wait_wake_free");
		if (IS_ERR(task)) {
			ww_free_pages(f.pages);
			break;
		}
		kthread_bind(task, (raw_smp_processor_id() + 1) % num_online_cpus());
		wake_up_process(task);
		wait_for_completion(&f.done);
		break;
	case WW_BLOCK:
		ww_free_block();
		break;
	case WW_TRICKLE:
		do {
			ww_free_pages(1);
			usleep_range(WW_TRICKLE_US, WW_TRICKLE_US + 100);
			for (i = 0, served = 0; i < n; i++)
				served += completion_done(&ww_waiters[i].done);
		} while (served < n && !list_empty(&ww.pages));
		break;
	default:
		break;
	}
}

/*
 * The free that let the @rank-th request served (from 0) succeed.  The
 * zone was held empty, so the first ww_need() pages freed let the first
 * request be served at the min reserve, and each page after that one
 * more; one free of the block serves them all.  And not before the
 * allocator counts them: NR_FREE_PAGES lags behind the frees by what
 * the per-cpu counters hold, up to a few pages, which the watermark
 * check reads as not there yet.  The earliest of these that explains a
 * request counts, so a latency is never made shorter than it was.  A
 * request served before any such free (a page that came back otherwise)
 * is measured from the last free before its return.
 */
static u64 ww_enabling_free(unsigned int rank, u64 returned)
{
	unsigned int i = min_t(unsigned int, ww_need() - 1 + rank, ww.nr_given - 1);

	while (i + 1 < ww.nr_given && ww.freed_count[i] < ww_need() &&
	       ww.freed_ns[i + 1] <= returned)
		i++;
	while (i && ww.freed_ns[i] > returned)
		i--;
	return ww.freed_ns[i];
}

static int ww_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 ww_runtime(unsigned int n)
{
	u64 sum = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		sum += READ_ONCE(ww_waiters[i].task->se.sum_exec_runtime);
	return sum;
}

/* Wait for @n waiters; free everything for those stuck after WW_STUCK_MS. */
static void ww_wait_served(unsigned int n)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(WW_STUCK_MS);
	unsigned int i, stuck = 0;

	for (i = 0; i < n; i++)
		if (!wait_for_completion_timeout(&ww_waiters[i].done,
						 max_t(long, deadline - jiffies, 1)))
			break;
	if (i == n)
		return;
	for (i = 0; i < n; i++)
		stuck += !completion_done(&ww_waiters[i].done);
	ww_stuck += stuck;
	ww_release();
	for (i = 0; i < n; i++)
		wait_for_completion(&ww_waiters[i].done);
}

/*
 * One round: hold, start @n waiters, wait @ms, give pages back.  Adds the
 * latencies and wake-ups; returns the waiters' run time while they
 * waited, or a negative errno.
 */
static s64 ww_round(unsigned int n, enum ww_way way, unsigned int ms, bool keep)
{
	unsigned long nvcsw[WW_MAX_WAITERS];
	u64 returned[WW_MAX_WAITERS];
	unsigned int i, started;
	u64 run0, run1;
	int ret;

	ret = ww_hold();
	if (ret)
		return ret;
	for (started = 0; started < n; started++) {
		struct ww_waiter *w = &ww_waiters[started];
		struct task_struct *task;

		init_completion(&w->done);
		w->page = NULL;
		task = kthread_create(ww_waiter_fn, w, "wait_wake/%u", started);
		if (IS_ERR(task))
			break;
		get_task_struct(task);
		w->task = task;
		wake_up_process(task);
	}
	/* the first passes of the slow path are not the wait */
	msleep(min(ms / 5, 20U));
	run0 = ww_runtime(started);
	msleep(ms);
	run1 = ww_runtime(started);
	for (i = 0; i < started; i++)
		nvcsw[i] = READ_ONCE(ww_waiters[i].task->nvcsw);
	ww_give_back(way, started);
	ww.nr_given = ww.nr_freed;
	ww_wait_served(started);
	for (i = 0; i < started; i++) {
		struct ww_waiter *w = &ww_waiters[i];

		returned[i] = w->returned_ns;
		if (!ww.nr_freed || w->returned_ns < ww.freed_ns[0])
			ww_early++;
		else if (keep)
			ww_resleeps += w->nvcsw - nvcsw[i];
		if (w->page)
			__free_pages(w->page, 0);
		put_task_struct(w->task);
	}
	sort(returned, started, sizeof(*returned), ww_cmp, NULL);
	for (i = 0; keep && i < started; i++)
		if (ww.nr_given && returned[i] >= ww.freed_ns[0])
			ww_lat[ww_nr_lat++] = returned[i] - ww_enabling_free(i, returned[i]);
	ww_release();
	return started == n ? (s64)(run1 - run0) : -ENOMEM;
}

static u64 ww_pct(unsigned int p)
{
	return ww_lat[min(ww_nr_lat - 1, (ww_nr_lat * p + 99) / 100 - 1)];
}

static int ww_measure(unsigned int n, enum ww_way way)
{
	unsigned int r;
	s64 cpu;

	ww_nr_lat = 0;
	ww_resleeps = 0;
	ww_early = 0;
	ww_stuck = 0;
	for (r = 0; r < rounds; r++) {
		cpu = ww_round(n, way, wait_ms, true);
		if (cpu < 0)
			return cpu;
	}
	cpu = ww_round(n, way, hold_ms, false);
	if (cpu < 0 || !ww_nr_lat)
		return cpu < 0 ? cpu : -EINVAL;
	sort(ww_lat, ww_nr_lat, sizeof(*ww_lat), ww_cmp, NULL);
	pr_info("wait_wake: %u waiters %s: cpu_pct %llu.%02llu lat_ns %llu %llu %llu resleeps %lu.%02lu served %u early %u stuck %u rounds %u hold_ms %u\n",
		n, ww_way_name[way], div64_u64(cpu * 100, hold_ms * NSEC_PER_MSEC),
		div64_u64(cpu * 10000, hold_ms * NSEC_PER_MSEC) % 100,
		ww_pct(50), ww_pct(99), ww_lat[ww_nr_lat - 1],
		ww_resleeps / ww_nr_lat, ww_resleeps * 100 / ww_nr_lat % 100, ww_nr_lat,
		ww_early, ww_stuck, rounds, hold_ms);
	return 0;
}

/* ZONE_DMA, as the page allocator gives it to a GFP_DMA request. */
static struct zone *ww_dma_zone(void)
{
	struct page *page = alloc_page(GFP_KERNEL | GFP_DMA);
	struct zone *zone;

	if (!page)
		return NULL;
	zone = page_zone(page);
	__free_page(page);
	return zone_idx(zone) == ZONE_DMA ? zone : NULL;
}

static int __init wait_wake_init(void)
{
	unsigned int i;
	int way, ret = 0;

	INIT_LIST_HEAD(&ww.pages);
	ww.zone = ww_dma_zone();
	if (!ww.zone) {
		pr_err("wait_wake: no ZONE_DMA to hold, nothing measured\n");
		return 0;
	}
	ww.max_freed = zone_managed_pages(ww.zone) + 1;
	ww.freed_ns = kvcalloc(ww.max_freed, sizeof(u64), GFP_KERNEL);
	ww.freed_count = kvcalloc(ww.max_freed, sizeof(long), GFP_KERNEL);
	ww_lat = kvcalloc(rounds * WW_MAX_WAITERS + 1, sizeof(u64), GFP_KERNEL);
	if (!ww.freed_ns || !ww.freed_count || !ww_lat) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < nr_waiters && !ret; i++)
		for (way = 0; way < WW_WAYS && !ret; way++)
			ret = ww_measure(clamp(waiters[i], 1U, (unsigned int)WW_MAX_WAITERS), way);
	if (ret)
		pr_err("wait_wake: failed: %d\n", ret);
	else
		pr_info("wait_wake: done\n");
out:
	kvfree(ww.freed_ns);
	kvfree(ww.freed_count);
	kvfree(ww_lat);
	return 0;
}
module_init(wait_wake_init);

static void __exit wait_wake_exit(void)
{
}
module_exit(wait_wake_exit);
MODULE_DESCRIPTION("__GFP_NOFAIL requests waiting for pages: CPU burned and wake latency");
MODULE_LICENSE("GPL");
