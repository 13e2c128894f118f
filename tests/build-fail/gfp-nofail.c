// SPDX-License-Identifier: GPL-2.0
/*
 * expect: with __GFP_NOFAIL, __GFP_NORETRY or __GFP_RETRY_MAYFAIL
 *
 * __GFP_NOFAIL would make the first attempt one that fault injection cannot fail.
 */
#include <linux/slab.h>

static __used void *misuse(void)
{
	return kzalloc_nofail(64, GFP_KERNEL | __GFP_NOFAIL);
}
