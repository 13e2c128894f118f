// SPDX-License-Identifier: GPL-2.0
/*
 * expect: allocation larger than KMALLOC_MAX_SIZE
 *
 * No kmalloc() can satisfy more than KMALLOC_MAX_SIZE: retrying would never end.
 */
#include <linux/slab.h>

static __used void *misuse(void)
{
	return kmalloc_nofail(KMALLOC_MAX_SIZE + 1, GFP_KERNEL);
}
