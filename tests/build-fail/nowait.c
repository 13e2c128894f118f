// SPDX-License-Identifier: GPL-2.0
/*
 * expect: cannot block (GFP_ATOMIC, GFP_NOWAIT)
 *
 * GFP_NOWAIT cannot wait for memory: a _nofail helper would spin.
 */
#include <linux/slab.h>

static struct kmem_cache *cache;

static __used void *misuse(void)
{
	return kmem_cache_alloc_nofail(cache, GFP_NOWAIT);
}
