/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Drive the kernel's own fault injection (failslab, fail_page_alloc) from
 * a KUnit test.  The attributes are global and static in mm/, so they are
 * found through their debugfs files, whose inodes carry pointers to the
 * fields.  Every setting is restored when the test ends, pass or fail.
 */
#ifndef _NOFAIL_KUNIT_FAULT_H
#define _NOFAIL_KUNIT_FAULT_H

#include <linux/fault-inject.h>
#include <linux/types.h>

struct kunit;

struct nofail_fault {
	struct fault_attr *attr;
	bool *ignore_gfp_wait;
	u32 *min_order;		/* fail_page_alloc only */
	bool *cache_filter;	/* failslab only */

	/* saved at nofail_fault_get(), written back at the end of the test */
	struct fault_attr saved;
	bool saved_ignore_gfp_wait;
	u32 saved_min_order;
	bool saved_cache_filter;
	unsigned int saved_make_it_fail;

	int armed;		/* the times given to the last nofail_fault_arm() */
};

struct nofail_fault *nofail_fault_get(struct kunit *test, const char *name);
void nofail_fault_arm(struct nofail_fault *f, int times);
int nofail_fault_disarm(struct nofail_fault *f);
unsigned int nofail_kmsg_count(const char *a, const char *b);

#endif /* _NOFAIL_KUNIT_FAULT_H */
