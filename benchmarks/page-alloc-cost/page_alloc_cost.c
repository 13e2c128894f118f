// SPDX-License-Identifier: GPL-2.0
/*
 * Time alloc_pages()/__free_pages() pairs on the page allocator's fast
 * path; frees alone, of pages allocated before (order 0 and 3 through
 * the per-cpu lists, in batches that overflow them, order 4 straight to
 * the free lists); and pairs that enter its slow path once each: ZONE_DMA with its
 * low and high watermarks raised above its free pages, so that the fast
 * path's watermark check fails and the slow path's first attempt, at the
 * min watermark, succeeds (the requests do not wake kswapd, which would
 * try to balance the zone).  Run under QEMU with
 * "-icount shift=0,sleep=off", guest time advances by one nanosecond per
 * instruction, so the nanoseconds it prints are instructions:
 * repeatable, whatever the host is doing.
 *
 * It measures when loaded; the guest unloads it.
 */
#include <linux/gfp.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>

static unsigned int pairs = 20000;
module_param(pairs, uint, 0444);
MODULE_PARM_DESC(pairs, "alloc/free pairs per measurement");

static u64 measure(gfp_t gfp, unsigned int order)
{
	unsigned int i;
	struct page *page;
	u64 start;

	start = ktime_get_ns();
	for (i = 0; i < pairs; i++) {
		page = alloc_pages(gfp, order);
		if (!page)
			return 0;
		__free_pages(page, order);
	}
	return ktime_get_ns() - start;
}

static void bench(const char *name, gfp_t gfp, unsigned int order)
{
	u64 ns;

	measure(gfp, order);	/* warm the per-cpu lists */
	ns = measure(gfp, order);
	pr_info("page_alloc_cost: %s order %u: %u pairs %llu ns %llu ns/pair\n",
		name, order, pairs, ns, div_u64(ns, pairs));
}

/*
 * Frees only: FREE_BATCH pages allocated, untimed, then freed, timed.
 * Order-0 batches are larger than a per-cpu list's high mark, so that
 * the frees also flush it to the free lists, as a free-heavy task does.
 */
#define FREE_BATCH	1024
static struct page *free_batch[FREE_BATCH];

static u64 measure_free(gfp_t gfp, unsigned int order)
{
	unsigned int i, n = order ? FREE_BATCH / 8 : FREE_BATCH, done;
	u64 ns = 0, start;

	for (done = 0; done < pairs; done += n) {
		for (i = 0; i < n; i++) {
			free_batch[i] = alloc_pages(gfp, order);
			if (!free_batch[i]) {
				while (i--)
					__free_pages(free_batch[i], order);
				return 0;
			}
		}
		start = ktime_get_ns();
		for (i = 0; i < n; i++)
			__free_pages(free_batch[i], order);
		ns += ktime_get_ns() - start;
	}
	return ns;
}

static void bench_free(gfp_t gfp, unsigned int order)
{
	unsigned int n = order ? FREE_BATCH / 8 : FREE_BATCH;
	unsigned int frees = DIV_ROUND_UP(pairs, n) * n;
	u64 ns;

	measure_free(gfp, order);
	ns = measure_free(gfp, order);
	pr_info("page_alloc_cost: free:GFP_KERNEL order %u: %u pairs %llu ns %llu ns/pair\n",
		order, frees, ns, div_u64(ns, frees));
}

/* ZONE_DMA, as the page allocator gives it to a GFP_DMA request. */
static struct zone *dma_zone(void)
{
	struct page *page = alloc_page(GFP_KERNEL | GFP_DMA);
	struct zone *zone;

	if (!page)
		return NULL;
	zone = page_zone(page);
	__free_page(page);
	return zone_idx(zone) == ZONE_DMA ? zone : NULL;
}

/* Order-0 pairs from ZONE_DMA, each through the slow path once. */
static void bench_slow(const char *name, gfp_t gfp)
{
	struct zone *zone = dma_zone();
	unsigned long flags, low, high, w;

	if (!zone) {
		pr_err("page_alloc_cost: no ZONE_DMA, no slow path measured\n");
		return;
	}
	spin_lock_irqsave(&zone->lock, flags);
	low = zone->_watermark[WMARK_LOW];
	high = zone->_watermark[WMARK_HIGH];
	w = 2 * zone_page_state(zone, NR_FREE_PAGES) + 1024;
	WRITE_ONCE(zone->_watermark[WMARK_LOW], w);
	WRITE_ONCE(zone->_watermark[WMARK_HIGH], w);
	spin_unlock_irqrestore(&zone->lock, flags);
	bench(name, (gfp | GFP_DMA) & ~__GFP_KSWAPD_RECLAIM, 0);
	spin_lock_irqsave(&zone->lock, flags);
	WRITE_ONCE(zone->_watermark[WMARK_LOW], low);
	WRITE_ONCE(zone->_watermark[WMARK_HIGH], high);
	spin_unlock_irqrestore(&zone->lock, flags);
}

static int __init page_alloc_cost_init(void)
{
	bench("GFP_KERNEL", GFP_KERNEL, 0);
	bench("GFP_KERNEL", GFP_KERNEL, 1);
	bench("GFP_KERNEL", GFP_KERNEL, 3);
	bench("GFP_KERNEL|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL, 0);
	bench("GFP_KERNEL|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL, 1);
	/* on the fast path: the slow path warns for order > 1 */
	bench("GFP_KERNEL|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL, 3);
	bench_free(GFP_KERNEL, 0);
	bench_free(GFP_KERNEL, 3);
	bench_free(GFP_KERNEL, 4);
	bench_slow("slow-path:GFP_KERNEL|GFP_DMA", GFP_KERNEL);
	bench_slow("slow-path:GFP_KERNEL|GFP_DMA|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL);
	pr_info("page_alloc_cost: done\n");
	return 0;
}
module_init(page_alloc_cost_init);

static void __exit page_alloc_cost_exit(void)
{
}
module_exit(page_alloc_cost_exit);

MODULE_DESCRIPTION("alloc_pages()/__free_pages() benchmark, fast path and one slow-path entry");
MODULE_LICENSE("GPL");
