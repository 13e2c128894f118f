// SPDX-License-Identifier: GPL-2.0
/*
 * expect: cannot block (GFP_ATOMIC, GFP_NOWAIT)
 *
 * GFP_ATOMIC cannot wait for memory: a _nofail helper would spin.
 */
#include <linux/slab.h>

static __used void *misuse(void)
{
	return kmalloc_nofail(64, GFP_ATOMIC);
}
