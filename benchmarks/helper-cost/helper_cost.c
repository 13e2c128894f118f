// SPDX-License-Identifier: GPL-2.0
/*
 * The success path of each _nofail helper against the allocator call it
 * wraps: allocate-and-free pairs, timed with ktime_get_ns().  Run under
 * QEMU with "-icount shift=0,sleep=off", guest time advances by one
 * nanosecond per instruction, so the figures are instructions per pair,
 * the same from run to run whatever the host does, but for the timer
 * interrupts that land in a run.  Each pair is measured HC_RUNS times,
 * plain and helper interleaved; the smallest of the runs has no
 * interrupt in it.
 *
 * Sizes and flags: constant (what most callers pass), and hidden from the
 * compiler (a caller's variables), for a kmalloc size, an array, and a
 * cache; the largest size the helpers take (KMALLOC_MAX_CACHE_SIZE).
 * Larger kmalloc sizes, served by the page allocator directly, are
 * refused by the helpers, so they have no pair.
 *
 * It measures when loaded; the guest unloads it.
 */
#include <linux/compiler.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>

#define HC_RUNS	5

static unsigned int pairs = 20000;
module_param(pairs, uint, 0444);
MODULE_PARM_DESC(pairs, "allocate/free pairs per measurement");

static struct kmem_cache *hc_kcache;
static unsigned long hc_null;

/*
 * One function per allocator call, each timing @pairs pairs: noinline,
 * so that each is one call site of its helper and the loops compare.
 */
#define HC_PAIR(name, alloc, free_fn)					\
static noinline u64 hc_##name(size_t n, size_t size, gfp_t gfp)	\
{									\
	unsigned int i;							\
	u64 start;							\
	void *p;							\
									\
	OPTIMIZER_HIDE_VAR(n);						\
	OPTIMIZER_HIDE_VAR(size);					\
	OPTIMIZER_HIDE_VAR(gfp);					\
	start = ktime_get_ns();						\
	for (i = 0; i < pairs; i++) {					\
		p = alloc;						\
		if (unlikely(!p)) {					\
			hc_null++;					\
			continue;					\
		}							\
		free_fn;						\
	}								\
	return ktime_get_ns() - start;					\
}

/* constant size and flags */
HC_PAIR(kmalloc, kmalloc(64, GFP_KERNEL), kfree(p))
HC_PAIR(kmalloc_nofail, kmalloc_nofail(64, GFP_KERNEL), kfree(p))
HC_PAIR(kzalloc, kzalloc(64, GFP_NOFS), kfree(p))
HC_PAIR(kzalloc_nofail, kzalloc_nofail(64, GFP_NOFS), kfree(p))
HC_PAIR(kcalloc, kcalloc(7, 24, GFP_NOFS), kfree(p))
HC_PAIR(kcalloc_nofail, kcalloc_nofail(7, 24, GFP_NOFS), kfree(p))
HC_PAIR(cache, kmem_cache_alloc(hc_kcache, GFP_NOIO), kmem_cache_free(hc_kcache, p))
HC_PAIR(cache_nofail, kmem_cache_alloc_nofail(hc_kcache, GFP_NOIO), kmem_cache_free(hc_kcache, p))
HC_PAIR(cache_z, kmem_cache_zalloc(hc_kcache, GFP_KERNEL), kmem_cache_free(hc_kcache, p))
HC_PAIR(cache_z_nofail, kmem_cache_zalloc_nofail(hc_kcache, GFP_KERNEL),
	kmem_cache_free(hc_kcache, p))
HC_PAIR(kmalloc_max, kmalloc(KMALLOC_MAX_CACHE_SIZE, GFP_KERNEL), kfree(p))
HC_PAIR(kmalloc_max_nofail, kmalloc_nofail(KMALLOC_MAX_CACHE_SIZE, GFP_KERNEL), kfree(p))
/* size, then size and flags, as variables */
HC_PAIR(kmalloc_var, kmalloc(size, GFP_NOFS), kfree(p))
HC_PAIR(kmalloc_var_nofail, kmalloc_nofail(size, GFP_NOFS), kfree(p))
HC_PAIR(kmalloc_var_gfp, kmalloc(size, gfp), kfree(p))
HC_PAIR(kmalloc_var_gfp_nofail, kmalloc_nofail(size, gfp), kfree(p))
HC_PAIR(kcalloc_var, kcalloc(n, size, GFP_NOFS), kfree(p))
HC_PAIR(kcalloc_var_nofail, kcalloc_nofail(n, size, GFP_NOFS), kfree(p))

typedef u64 (*hc_fn)(size_t n, size_t size, gfp_t gfp);

static const struct {
	const char *name;
	hc_fn plain, nofail;
} hc_pairs[] = {
	{ "kmalloc(64, GFP_KERNEL)", hc_kmalloc, hc_kmalloc_nofail },
	{ "kzalloc(64, GFP_NOFS)", hc_kzalloc, hc_kzalloc_nofail },
	{ "kcalloc(7, 24, GFP_NOFS)", hc_kcalloc, hc_kcalloc_nofail },
	{ "kmem_cache_alloc(192, GFP_NOIO)", hc_cache, hc_cache_nofail },
	{ "kmem_cache_zalloc(192, GFP_KERNEL)", hc_cache_z, hc_cache_z_nofail },
	{ "kmalloc(8192, GFP_KERNEL)", hc_kmalloc_max, hc_kmalloc_max_nofail },
	{ "kmalloc(size, GFP_NOFS)", hc_kmalloc_var, hc_kmalloc_var_nofail },
	{ "kmalloc(size, gfp)", hc_kmalloc_var_gfp, hc_kmalloc_var_gfp_nofail },
	{ "kcalloc(n, size, GFP_NOFS)", hc_kcalloc_var, hc_kcalloc_var_nofail },
};

static int __init helper_cost_init(void)
{
	u64 plain, nofail;
	int i, run;

	hc_kcache = kmem_cache_create("helper_cost", 192, 0, 0, NULL);
	if (!hc_kcache)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(hc_pairs); i++) {
		/* warm the per-cpu slabs */
		hc_pairs[i].plain(7, 64, GFP_KERNEL);
		hc_pairs[i].nofail(7, 64, GFP_KERNEL);
		for (run = 1; run <= HC_RUNS; run++) {
			plain = hc_pairs[i].plain(7, 64, GFP_KERNEL);
			nofail = hc_pairs[i].nofail(7, 64, GFP_KERNEL);
			pr_info("helper_cost: %s: run %d: %u pairs plain %llu ns nofail %llu ns\n",
				hc_pairs[i].name, run, pairs, plain, nofail);
		}
	}
	kmem_cache_destroy(hc_kcache);
	pr_info("helper_cost: done, %lu NULL\n", hc_null);
	return 0;
}
module_init(helper_cost_init);

static void __exit helper_cost_exit(void)
{
}
module_exit(helper_cost_exit);
MODULE_DESCRIPTION("_nofail helpers against the allocators, success path");
MODULE_LICENSE("GPL");
