// SPDX-License-Identifier: GPL-2.0
/*
 * Time alloc_pages()/__free_pages() pairs on the page allocator's fast
 * path.  Run under QEMU with "-icount shift=0,sleep=off", guest time
 * advances by one nanosecond per instruction, so the nanoseconds it
 * prints are instructions: repeatable, whatever the host is doing.
 *
 * It measures when loaded; the guest unloads it.
 */
#include <linux/gfp.h>
#include <linux/ktime.h>
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

static int __init page_alloc_cost_init(void)
{
	bench("GFP_KERNEL", GFP_KERNEL, 0);
	bench("GFP_KERNEL", GFP_KERNEL, 1);
	bench("GFP_KERNEL", GFP_KERNEL, 3);
	bench("GFP_KERNEL|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL, 0);
	bench("GFP_KERNEL|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL, 1);
	/* on the fast path: the slow path warns for order > 1 */
	bench("GFP_KERNEL|__GFP_NOFAIL", GFP_KERNEL | __GFP_NOFAIL, 3);
	pr_info("page_alloc_cost: done\n");
	return 0;
}
module_init(page_alloc_cost_init);

static void __exit page_alloc_cost_exit(void)
{
}
module_exit(page_alloc_cost_exit);

MODULE_DESCRIPTION("alloc_pages()/__free_pages() fast-path benchmark");
MODULE_LICENSE("GPL");
