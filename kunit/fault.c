// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection helpers for the nofail KUnit suites; see fault.h.
 */
#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/kmsg_dump.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "fault.h"

/* The data pointer that debugfs_create_*() stored in the file's inode. */
static void *fault_field(struct kunit *test, struct dentry *dir, const char *file)
{
	struct dentry *d = debugfs_lookup(file, dir);
	void *field;

	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, d, "no debugfs file %s", file);
	field = d_inode(d)->i_private;
	dput(d);
	return field;
}

static void nofail_fault_restore(void *data)
{
	struct nofail_fault *f = data;

	current->make_it_fail = f->saved_make_it_fail;
	f->attr->probability = f->saved.probability;
	f->attr->interval = f->saved.interval;
	atomic_set(&f->attr->times, atomic_read(&f->saved.times));
	atomic_set(&f->attr->space, atomic_read(&f->saved.space));
	f->attr->verbose = f->saved.verbose;
	f->attr->task_filter = f->saved.task_filter;
	*f->ignore_gfp_wait = f->saved_ignore_gfp_wait;
	if (f->min_order)
		*f->min_order = f->saved_min_order;
	if (f->cache_filter)
		*f->cache_filter = f->saved_cache_filter;
}

/**
 * nofail_fault_get - find a fault attribute and save its settings
 * @test: the test; the settings are restored when it ends.
 * @name: "failslab" or "fail_page_alloc".
 *
 * Return: the attribute, disarmed.  Fails the test if it does not exist.
 */
struct nofail_fault *nofail_fault_get(struct kunit *test, const char *name)
{
	struct nofail_fault *f;
	struct dentry *dir;

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);

	dir = debugfs_lookup(name, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, dir, "no debugfs directory %s", name);
	f->attr = container_of((unsigned long *)fault_field(test, dir, "probability"),
			       struct fault_attr, probability);
	f->ignore_gfp_wait = fault_field(test, dir, "ignore-gfp-wait");
	if (!strcmp(name, "fail_page_alloc"))
		f->min_order = fault_field(test, dir, "min-order");
	else
		f->cache_filter = fault_field(test, dir, "cache-filter");
	dput(dir);

	f->saved.probability = f->attr->probability;
	f->saved.interval = f->attr->interval;
	atomic_set(&f->saved.times, atomic_read(&f->attr->times));
	atomic_set(&f->saved.space, atomic_read(&f->attr->space));
	f->saved.verbose = f->attr->verbose;
	f->saved.task_filter = f->attr->task_filter;
	f->saved_ignore_gfp_wait = *f->ignore_gfp_wait;
	f->saved_min_order = f->min_order ? *f->min_order : 0;
	f->saved_cache_filter = f->cache_filter ? *f->cache_filter : false;
	f->saved_make_it_fail = current->make_it_fail;
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, nofail_fault_restore, f));

	/* Only tasks with make_it_fail set, all sleeping requests, all orders. */
	f->attr->task_filter = true;
	f->attr->verbose = 0;
	f->attr->interval = 1;
	atomic_set(&f->attr->space, 0);
	atomic_set(&f->attr->times, 0);
	f->attr->probability = 100;
	*f->ignore_gfp_wait = false;
	if (f->min_order)
		*f->min_order = 0;
	if (f->cache_filter)
		*f->cache_filter = false;
	return f;
}

/**
 * nofail_fault_arm - fail the next @times matching requests of this task
 * @f: the attribute.
 * @times: how many requests to fail; tasks other than current take part
 *	when they set their own make_it_fail.
 */
void nofail_fault_arm(struct nofail_fault *f, int times)
{
	f->armed = times;
	atomic_set(&f->attr->times, times);
	current->make_it_fail = 1;
}

/**
 * nofail_fault_disarm - stop failing requests
 * @f: the attribute.
 *
 * Return: how many failures were injected since nofail_fault_arm(), as
 * counted down by the attribute's own times.
 */
int nofail_fault_disarm(struct nofail_fault *f)
{
	current->make_it_fail = 0;
	return f->armed - atomic_xchg(&f->attr->times, 0);
}

/**
 * nofail_kmsg_count - count kernel log lines that contain two strings
 * @a: the first string.
 * @b: the second string, or %NULL.
 *
 * Return: how many lines of the log buffer contain @a and @b.
 */
unsigned int nofail_kmsg_count(const char *a, const char *b)
{
	static char line[1024];
	struct kmsg_dump_iter iter;
	unsigned int count = 0;
	size_t len;

	kmsg_dump_rewind(&iter);
	while (kmsg_dump_get_line(&iter, false, line, sizeof(line) - 1, &len)) {
		line[len] = '\0';
		if (strstr(line, a) && (!b || strstr(line, b)))
			count++;
	}
	return count;
}
