// SPDX-License-Identifier: GPL-2.0
/*
 * expect: larger than KMALLOC_MAX_CACHE_SIZE (order > 1)
 *
 * Above KMALLOC_MAX_CACHE_SIZE kmalloc() goes to the page allocator at order 2
 * or more, where __GFP_NOFAIL is not supported (gfp_types.h).
 */
#include <linux/slab.h>

static __used void *misuse(void)
{
	return kmalloc_nofail(KMALLOC_MAX_CACHE_SIZE + 1, GFP_KERNEL);
}
