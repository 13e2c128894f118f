// SPDX-License-Identifier: GPL-2.0
/*
 * expect: allocation size overflows
 *
 * n * size overflows size_t: kmalloc_array() returns NULL for it, always.
 */
#include <linux/slab.h>

static __used void *misuse(void)
{
	return kcalloc_nofail(SIZE_MAX / 2, 4, GFP_KERNEL);
}
