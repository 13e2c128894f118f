// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the page allocator's __GFP_NOFAIL policy, with the
 * kernel's own fail_page_alloc armed for the test's task (ignore-gfp-wait
 * off, min-order 0).  Its "times" counts down once per injected failure.
 */
#include <kunit/test.h>
#include <linux/gfp.h>
#include <linux/mm.h>

#include "fault.h"

struct page_param {
	unsigned int order;
	int failures;
};

static const struct page_param page_params[] = {
	{ 0, 1 }, { 0, 100 }, { 1, 1 }, { 1, 100 },
};

static void page_param_desc(const struct page_param *p, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "order %u, %d failures", p->order, p->failures);
}

KUNIT_ARRAY_PARAM(page, page_params, page_param_desc);

/* A page is written over its whole size, so a short or bogus one shows. */
static void expect_page(struct kunit *test, struct page *page, unsigned int order)
{
	KUNIT_ASSERT_NOT_NULL(test, page);
	memset(page_address(page), 0x5a, PAGE_SIZE << order);
	__free_pages(page, order);
}

/* N injected failures delay a __GFP_NOFAIL request; it still gets its page. */
static void test_nofail_survives_injection(struct kunit *test)
{
	const struct page_param *param = test->param_value;
	struct nofail_fault *f = nofail_fault_get(test, "fail_page_alloc");
	struct page *page;

	nofail_fault_arm(f, param->failures);
	page = alloc_pages(GFP_KERNEL | __GFP_NOFAIL, param->order);
	KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), param->failures);
	expect_page(test, page, param->order);
}

/* The same injection fails a request without the flag: the suite can fail. */
static void test_plain_request_fails(struct kunit *test)
{
	const struct page_param *param = test->param_value;
	struct nofail_fault *f = nofail_fault_get(test, "fail_page_alloc");
	struct page *page;

	nofail_fault_arm(f, param->failures);
	page = alloc_pages(GFP_KERNEL | __GFP_NOWARN, param->order);
	KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), 1);
	KUNIT_EXPECT_NULL(test, page);
	if (page)
		__free_pages(page, param->order);
}

/*
 * A __GFP_NOFAIL request that cannot reclaim would return NULL if it were
 * failed, so fail_page_alloc leaves it alone, as in 6.12.
 */
static void test_nonblocking_nofail_not_injected(struct kunit *test)
{
	struct nofail_fault *f = nofail_fault_get(test, "fail_page_alloc");
	struct page *page;

	nofail_fault_arm(f, 10);
	page = alloc_pages(GFP_NOWAIT | __GFP_NOFAIL, 0);
	KUNIT_EXPECT_EQ(test, nofail_fault_disarm(f), 0);
	expect_page(test, page, 0);
}

static struct kunit_case nofail_page_alloc_cases[] = {
	KUNIT_CASE_PARAM(test_nofail_survives_injection, page_gen_params),
	KUNIT_CASE_PARAM(test_plain_request_fails, page_gen_params),
	KUNIT_CASE(test_nonblocking_nofail_not_injected),
	{}
};

static struct kunit_suite nofail_page_alloc_suite = {
	.name = "nofail_page_alloc",
	.test_cases = nofail_page_alloc_cases,
};
kunit_test_suite(nofail_page_alloc_suite);
