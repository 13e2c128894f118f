// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the _nofail slab helpers in <linux/slab.h>.
 *
 * Failures come from the kernel's own failslab, armed for the test's task
 * only; its "times" counts down once per injected failure, which is how a
 * test knows the failures really happened.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fault.h"

#define TEST_SIZE	200
#define TEST_N		7

static struct kmem_cache *test_cache;

enum helper {
	H_KMALLOC,
	H_KZALLOC,
	H_KMALLOC_ARRAY,
	H_KCALLOC,
	H_CACHE,
	H_CACHE_Z,
	NR_HELPERS,
};

static const char * const helper_name[NR_HELPERS] = {
	[H_KMALLOC]		= "kmalloc_nofail",
	[H_KZALLOC]		= "kzalloc_nofail",
	[H_KMALLOC_ARRAY]	= "kmalloc_array_nofail",
	[H_KCALLOC]		= "kcalloc_nofail",
	[H_CACHE]		= "kmem_cache_alloc_nofail",
	[H_CACHE_Z]		= "kmem_cache_zalloc_nofail",
};

static bool helper_zeroes(enum helper h)
{
	return h == H_KZALLOC || h == H_KCALLOC || h == H_CACHE_Z;
}

static size_t helper_size(enum helper h)
{
	return h == H_KMALLOC_ARRAY || h == H_KCALLOC ? TEST_N * TEST_SIZE : TEST_SIZE;
}

/* One call site per helper. */
static noinline void *call_helper(enum helper h)
{
	switch (h) {
	case H_KMALLOC:
		return kmalloc_nofail(TEST_SIZE, GFP_KERNEL);
	case H_KZALLOC:
		return kzalloc_nofail(TEST_SIZE, GFP_KERNEL);
	case H_KMALLOC_ARRAY:
		return kmalloc_array_nofail(TEST_N, TEST_SIZE, GFP_KERNEL);
	case H_KCALLOC:
		return kcalloc_nofail(TEST_N, TEST_SIZE, GFP_NOFS);
	case H_CACHE:
		return kmem_cache_alloc_nofail(test_cache, GFP_NOIO);
	case H_CACHE_Z:
		return kmem_cache_zalloc_nofail(test_cache, GFP_KERNEL);
	default:
		return NULL;
	}
}

static void free_helper(enum helper h, void *p)
{
	if (h == H_CACHE || h == H_CACHE_Z)
		kmem_cache_free(test_cache, p);
	else
		kfree(p);
}

/* The object is there, of the size asked for, zeroed where promised. */
static void expect_usable(struct kunit *test, enum helper h, void *p)
{
	size_t size = helper_size(h);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	if (h == H_CACHE || h == H_CACHE_Z)
		KUNIT_EXPECT_GE(test, kmem_cache_size(test_cache), size);
	else
		KUNIT_EXPECT_GE(test, ksize(p), size);
	if (helper_zeroes(h))
		KUNIT_EXPECT_PTR_EQ(test, memchr_inv(p, 0, size), NULL);
	memset(p, 0x5a, size);
}

struct injected_param {
	enum helper helper;
	int failures;
};

static const struct injected_param injected_params[] = {
#define P(h) { h, 1 }, { h, 10 }, { h, 1000 }
	P(H_KMALLOC), P(H_KZALLOC), P(H_KMALLOC_ARRAY),
	P(H_KCALLOC), P(H_CACHE), P(H_CACHE_Z),
#undef P
};

static void injected_desc(const struct injected_param *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, %d failures",
		 helper_name[p->helper], p->failures);
}

KUNIT_ARRAY_PARAM(injected, injected_params, injected_desc);

/* N consecutive injected failures, then a usable object. */
static void test_injected_failures(struct kunit *test)
{
	const struct injected_param *param = test->param_value;
	struct nofail_fault *f = nofail_fault_get(test, "failslab");
	void *p;

	nofail_fault_arm(f, param->failures);
	p = call_helper(param->helper);
	KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), param->failures);
	expect_usable(test, param->helper, p);
	free_helper(param->helper, p);
}

/*
 * More failures than the helper retries without __GFP_NOFAIL: the last
 * attempt carries the flag, which failslab never fails, so exactly the
 * first attempt and NOFAIL_FALLIBLE_RETRIES retries are consumed.
 */
static void test_escalates_to_gfp_nofail(struct kunit *test)
{
	struct nofail_fault *f = nofail_fault_get(test, "failslab");
	void *p;

	nofail_fault_arm(f, NOFAIL_FALLIBLE_RETRIES + 10);
	p = call_helper(H_KMALLOC);
	KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), NOFAIL_FALLIBLE_RETRIES + 1);
	expect_usable(test, H_KMALLOC, p);
	kfree(p);
}

static noinline void *report_site(void)
{
	return kmalloc_nofail(64, GFP_KERNEL);
}

static noinline void *quiet_site(void)
{
	return kmalloc_nofail(64, GFP_KERNEL);
}

/* The first failure at a site is reported, with a call trace; later ones are not. */
static void test_report_once_per_site(struct kunit *test)
{
	struct nofail_fault *f = nofail_fault_get(test, "failslab");
	int i;

	for (i = 0; i < 3; i++) {
		nofail_fault_arm(f, 2);
		kfree(report_site());
		KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), 2);
		KUNIT_EXPECT_EQ(test, nofail_kmsg_count("nofail: report_site()",
							"first allocation failure"), 1);
	}
	/* the call trace; report_site() tail-calls, its caller is in the trace */
	KUNIT_EXPECT_GE(test, nofail_kmsg_count(" test_report_once_per_site+0x", NULL), 1);
}

/* Without a failure, nothing is reported. */
static void test_no_report_without_failure(struct kunit *test)
{
	int i;

	for (i = 0; i < 100; i++)
		kfree(quiet_site());
	KUNIT_EXPECT_EQ(test, nofail_kmsg_count("quiet_site()", NULL), 0);
}

/*
 * Requests that cannot be retried get one warning per site and NULL at
 * once: the compiler cannot see the flags or sizes here, so the run-time
 * checks are the ones that act.
 */
static noinline void *atomic_site(gfp_t gfp)
{
	return kmalloc_nofail(64, gfp);
}

static void test_misuse_cannot_block(struct kunit *test)
{
	struct nofail_fault *f = nofail_fault_get(test, "failslab");
	gfp_t gfp = GFP_ATOMIC;
	int i;

	OPTIMIZER_HIDE_VAR(gfp);
	for (i = 0; i < 2; i++) {
		nofail_fault_arm(f, 5);
		KUNIT_EXPECT_NULL(test, atomic_site(gfp));
		/* one attempt, no retry loop */
		KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), 1);
	}
	KUNIT_EXPECT_EQ(test, nofail_kmsg_count("nofail: atomic_site()", "cannot block"), 1);
}

static noinline void *overflow_site(size_t n)
{
	return kcalloc_nofail(n, 8, GFP_KERNEL);
}

static noinline void *huge_site(size_t size)
{
	return kmalloc_nofail(size, GFP_KERNEL | __GFP_NOWARN);
}

static void test_misuse_size(struct kunit *test)
{
	size_t n = SIZE_MAX / 4, huge = KMALLOC_MAX_SIZE + 1;

	OPTIMIZER_HIDE_VAR(n);
	OPTIMIZER_HIDE_VAR(huge);
	KUNIT_EXPECT_NULL(test, overflow_site(n));
	KUNIT_EXPECT_NULL(test, overflow_site(n));
	KUNIT_EXPECT_EQ(test, nofail_kmsg_count("nofail: overflow_site()", "overflows"), 1);
	KUNIT_EXPECT_NULL(test, huge_site(huge));
	KUNIT_EXPECT_EQ(test, nofail_kmsg_count("nofail: huge_site()", "exceeds KMALLOC_MAX_SIZE"), 1);
}

#define THREAD_ALLOCS	100
#define THREAD_FAILURES	60

struct alloc_thread {
	struct kunit *test;
	struct completion done;
	enum helper helper;
	unsigned int bad;	/* objects that were NULL or not zeroed */
};

static int alloc_thread_fn(void *data)
{
	struct alloc_thread *t = data;
	size_t size = helper_size(t->helper);
	void *objs[THREAD_ALLOCS];
	int i;

	current->make_it_fail = 1;
	for (i = 0; i < THREAD_ALLOCS; i++) {
		objs[i] = call_helper(t->helper);
		if (!objs[i] || memchr_inv(objs[i], 0, size))
			t->bad++;
		else
			memset(objs[i], 0xa5, size);
	}
	current->make_it_fail = 0;
	for (i = 0; i < THREAD_ALLOCS; i++)
		if (objs[i])
			free_helper(t->helper, objs[i]);
	complete(&t->done);
	return 0;
}

/* Two threads share one budget of injected failures; both get their objects. */
static void test_two_threads(struct kunit *test)
{
	struct nofail_fault *f = nofail_fault_get(test, "failslab");
	struct alloc_thread t[2] = {
		{ .test = test, .helper = H_KZALLOC },
		{ .test = test, .helper = H_CACHE_Z },
	};
	struct task_struct *task;
	int i;

	nofail_fault_arm(f, THREAD_FAILURES);
	current->make_it_fail = 0;
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		init_completion(&t[i].done);
		task = kthread_run(alloc_thread_fn, &t[i], "nofail_test/%d", i);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, task);
	}
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		KUNIT_ASSERT_NE(test, 0UL, wait_for_completion_timeout(&t[i].done, 60 * HZ));
		KUNIT_EXPECT_EQ(test, t[i].bad, 0);
	}
	KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), THREAD_FAILURES);
}

static int nofail_slab_suite_init(struct kunit_suite *suite)
{
	test_cache = kmem_cache_create("nofail_test", TEST_SIZE, 0, SLAB_NO_MERGE, NULL);
	return test_cache ? 0 : -ENOMEM;
}

static void nofail_slab_suite_exit(struct kunit_suite *suite)
{
	kmem_cache_destroy(test_cache);
}

static struct kunit_case nofail_slab_cases[] = {
	KUNIT_CASE_PARAM_ATTR(test_injected_failures, injected_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	KUNIT_CASE_SLOW(test_escalates_to_gfp_nofail),
	KUNIT_CASE(test_report_once_per_site),
	KUNIT_CASE(test_no_report_without_failure),
	KUNIT_CASE(test_misuse_cannot_block),
	KUNIT_CASE(test_misuse_size),
	KUNIT_CASE(test_two_threads),
	{}
};

static struct kunit_suite nofail_slab_suite = {
	.name = "nofail_slab",
	.suite_init = nofail_slab_suite_init,
	.suite_exit = nofail_slab_suite_exit,
	.test_cases = nofail_slab_cases,
};
kunit_test_suite(nofail_slab_suite);

MODULE_DESCRIPTION("KUnit tests for the _nofail slab helpers");
MODULE_LICENSE("GPL");
