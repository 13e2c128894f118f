// SPDX-License-Identifier: GPL-2.0
/*
 * expect: detected write beyond size of
 * cases: kmalloc kmalloc_nofail kzalloc_nofail kmalloc_array_nofail kcalloc_nofail
 *
 * The object size reaches FORTIFY_SOURCE through every kmalloc-type helper
 * as it does through kmalloc(): the same one-byte overflow fails the build
 * after each.  Built once per case, with -DCASE_<case>; the kmalloc case
 * shows that the check is on in this config.
 */
#include <linux/slab.h>
#include <linux/string.h>

static __used void *overflow(void)
{
	char *p;

#if defined(CASE_kmalloc)
	p = kmalloc(16, GFP_KERNEL);
#elif defined(CASE_kmalloc_nofail)
	p = kmalloc_nofail(16, GFP_KERNEL);
#elif defined(CASE_kzalloc_nofail)
	p = kzalloc_nofail(16, GFP_KERNEL);
#elif defined(CASE_kmalloc_array_nofail)
	p = kmalloc_array_nofail(2, 8, GFP_KERNEL);
#elif defined(CASE_kcalloc_nofail)
	p = kcalloc_nofail(2, 8, GFP_KERNEL);
#endif
	memset(p, 0, 17);
	return p;
}
