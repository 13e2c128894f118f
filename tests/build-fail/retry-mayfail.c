// SPDX-License-Identifier: GPL-2.0
/*
 * expect: with __GFP_NOFAIL, __GFP_NORETRY or __GFP_RETRY_MAYFAIL
 *
 * __GFP_RETRY_MAYFAIL asks for a failure the helper would never return.
 */
#include <linux/slab.h>

static __used void *misuse(void)
{
	return kmalloc_array_nofail(2, 64, GFP_KERNEL | __GFP_RETRY_MAYFAIL);
}
