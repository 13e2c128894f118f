// SPDX-License-Identifier: GPL-2.0
/*
 * expect: success
 *
 * The control: valid calls of every helper build, so the other files fail
 * for their own reason and not for a broken harness.
 */
#include <linux/slab.h>

static struct kmem_cache *cache;

static __used void *ok(size_t n, gfp_t gfp)
{
	void *p[7];

	p[0] = kmalloc_nofail(64, GFP_KERNEL);
	p[1] = kzalloc_nofail(KMALLOC_MAX_CACHE_SIZE, GFP_NOFS);
	p[2] = kmalloc_array_nofail(n, 16, GFP_NOIO);
	p[3] = kcalloc_nofail(4, 16, GFP_KERNEL | __GFP_ACCOUNT);
	p[4] = kmem_cache_alloc_nofail(cache, GFP_NOFS);
	p[5] = kmem_cache_zalloc_nofail(cache, GFP_KERNEL);
	p[6] = kmalloc_nofail(n, gfp);
	return p[n % 7];
}
