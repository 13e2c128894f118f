// SPDX-License-Identifier: GPL-2.0
/*
 * Pairs of functions, each an allocator and its _nofail helper on the same
 * arguments, for scripts/run/fastpath.sh to compare in the disassembly: on
 * success a helper may cost a test and a predicted branch, nothing more.
 * The result goes to a global, as a caller uses it, so that neither call
 * is a tail call.
 */
#include <linux/slab.h>

static void * volatile sink;

#define PAIR(name, plain, nofail, ...)					\
	static noinline __used void fp_##name(__VA_ARGS__) { sink = plain; } \
	static noinline __used void fp_##name##_nofail(__VA_ARGS__) { sink = nofail; }

PAIR(kmalloc, kmalloc(64, GFP_KERNEL), kmalloc_nofail(64, GFP_KERNEL), void)
PAIR(kzalloc, kzalloc(sizeof(struct list_head), GFP_NOFS),
     kzalloc_nofail(sizeof(struct list_head), GFP_NOFS), void)
PAIR(kmalloc_size, kmalloc(n, GFP_NOFS), kmalloc_nofail(n, GFP_NOFS), size_t n)
PAIR(kcalloc, kcalloc(n, 24, GFP_NOFS), kcalloc_nofail(n, 24, GFP_NOFS), size_t n)
PAIR(cache, kmem_cache_alloc(s, GFP_NOFS), kmem_cache_alloc_nofail(s, GFP_NOFS),
     struct kmem_cache *s)
PAIR(cache_z, kmem_cache_zalloc(s, GFP_NOIO), kmem_cache_zalloc_nofail(s, GFP_NOIO),
     struct kmem_cache *s)
PAIR(kmalloc_gfp, kmalloc(n, gfp), kmalloc_nofail(n, gfp), size_t n, gfp_t gfp)
