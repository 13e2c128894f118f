// SPDX-License-Identifier: GPL-2.0
/*
 * Known cases for nofail.cocci.  Markers, on the line of the allocation
 * call, or alone on the line before it:
 *   FIND: direct|variable|parameter|loop   must be reported, as that kind
 *   NOT                                    must not be reported
 *   REPORT: <text>  a report of this line must hold <text> ("patch mode
 *                   rewrites it", "report only": what patch mode does)
 *   PATCH: <text>   patch mode must change this line to contain <text>
 *   GONE            patch mode must delete the next line (a NULL check)
 * Lines without a marker must not be reported, nor changed by patch mode.
 * Not a kernel file: it only has to parse with spatch --no-includes.
 */
typedef unsigned int gfp_t;
typedef unsigned long size_t;
struct kmem_cache;
struct page;
struct list_head { struct list_head *next, *prev; };
struct foo { int n; struct list_head list; void *buf; };
struct mempool;
extern struct kmem_cache *foo_cache;
extern const char *foo_names[4];
extern struct mempool *foo_pool;
int must, done;
void cond_resched(void);
void msleep(unsigned int);

/* ---- (a) direct ---- */

int direct_kmalloc(struct foo *f)
{
	struct foo *p1;

	p1 = kmalloc(sizeof(*p1), GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: p1 = kmalloc_nofail(sizeof(*p1), GFP_KERNEL); */
	/* GONE */
	if (!p1)
		return -ENOMEM;
	f->buf = p1;
	return 0;
}

int direct_kzalloc_decl(struct foo *f)
{
	struct foo *p2 = kzalloc(sizeof(*p2), GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: struct foo *p2 = kzalloc_nofail(sizeof(*p2), GFP_NOFS); */

	/* GONE */
	if (p2 == NULL) return -ENOMEM;
	f->buf = p2;
	return 0;
}

int direct_kcalloc(struct foo *f)
{
	f->buf = kcalloc(FOO_N, sizeof(int), GFP_KERNEL | __GFP_ZERO | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: f->buf = kcalloc_nofail(FOO_N, sizeof(int), GFP_KERNEL | __GFP_ZERO); */
	/* a check with a goto stays */
	if (!f->buf)
		goto out;
	f->n = FOO_N;
out:
	return 0;
}

void *direct_kmalloc_array(void)
{
	return kmalloc_array(4, sizeof(long), __GFP_NOFAIL | GFP_NOIO); /* FIND: direct */ /* PATCH: return kmalloc_array_nofail(4, sizeof(long), GFP_NOIO); */
}

struct foo *direct_cache(void)
{
	struct foo *p3;

	p3 = kmem_cache_alloc(foo_cache, GFP_KERNEL_ACCOUNT | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: p3 = kmem_cache_alloc_nofail(foo_cache, GFP_KERNEL_ACCOUNT); */
	/* the check is not right after the call: it stays */
	p3->n = 0;
	if (!p3)
		return NULL;
	return p3;
}

struct foo *direct_cache_zalloc(void)
{
	return kmem_cache_zalloc(foo_cache, (GFP_NOFS | __GFP_NOFAIL) | __GFP_ACCOUNT); /* FIND: direct */ /* PATCH: return kmem_cache_zalloc_nofail(foo_cache, GFP_NOFS | __GFP_ACCOUNT); */
}

void *direct_multiline(void)
{
	void *p4;

	/* FIND: direct */ /* PATCH: p4 = kmalloc_nofail(sizeof(struct foo) * 4, */
	p4 = kmalloc(sizeof(struct foo) * 4,
		     GFP_KERNEL | __GFP_NOFAIL);
	/* GONE */
	if (unlikely(!p4)) return ERR_PTR(-ENOMEM);
	return p4;
}

/*
 * Run-time sizes: reported, not rewritten.  The helper would serve one
 * above KMALLOC_MAX_CACHE_SIZE only with a warning; a reviewer who knows
 * the bound converts it by hand.
 */
void *runtime_kmalloc(size_t size)
{
	void *p;

	p = kmalloc(size, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */
	if (!p)
		return NULL;
	return p;
}

void *runtime_kcalloc(struct foo *f)
{
	return kcalloc(f->n, sizeof(int), GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */
}

void *runtime_kmalloc_array(int n, size_t s)
{
	return kmalloc_array(n, s, __GFP_NOFAIL | GFP_NOIO); /* FIND: direct */
}

void *runtime_kzalloc_sizeof_times(struct foo *f)
{
	return kzalloc(sizeof(*f) * f->n, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */
}

/* a parameter spelled like a constant is a run-time size all the same */
void *runtime_upper_case_param(int N)
{
	return kmalloc_array(N, sizeof(long), GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */
}

/* constant shapes: ARRAY_SIZE(), a cast, a sizeof with nested parentheses */
void *const_array_size(void)
{
	return kcalloc(ARRAY_SIZE(foo_names), sizeof(long), GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: return kcalloc_nofail(ARRAY_SIZE(foo_names), sizeof(long), GFP_KERNEL); */
}

void *const_cast_nested_sizeof(void)
{
	return kmalloc((size_t)FOO_N * sizeof(((struct foo *)0)->n), GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: return kmalloc_nofail((size_t)FOO_N * sizeof(((struct foo *)0)->n), GFP_NOFS); */
}

int same_variable_two_calls(size_t big)
{
	void *p;

	p = kmalloc(16, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: p = kmalloc_nofail(16, GFP_KERNEL); */
	kfree(p);
	/* an earlier call to p was rewritten; this check is another's and stays */
	p = kmalloc_nofail(big, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	kfree(p);
	return 0;
}

/*
 * The NULL check patch mode drops is the one right after the call it
 * rewrote, found by that call's position; not a check after another call
 * in the function that assigns the same variable with the same size.
 */
int check_after_unrewritten_call(gfp_t gfp)
{
	void *p;

	p = kmalloc(64, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: p = kmalloc_nofail(64, GFP_KERNEL); */
	kfree(p);
	/* run-time flags: not rewritten, and its check stays */
	p = kmalloc(64, gfp);
	if (!p)
		return -ENOMEM;
	kfree(p);
	/* a helper call that was there before: not rewritten, its check stays */
	p = kmalloc_nofail(64, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	kfree(p);
	p = kmalloc(64, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: p = kmalloc_nofail(64, GFP_KERNEL); */
	/* GONE */
	if (!p)
		return -ENOMEM;
	kfree(p);
	return 0;
}

int check_after_unrewritten_decl(gfp_t gfp)
{
	{
		struct foo *q = kzalloc(sizeof(*q), GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */ /* PATCH: struct foo *q = kzalloc_nofail(sizeof(*q), GFP_NOFS); */

		kfree(q);
	}
	{
		struct foo *q = kzalloc_nofail(sizeof(*q), GFP_NOFS);

		if (q == NULL)
			return -ENOMEM;
		kfree(q);
	}
	return 0;
}

/*
 * Flags in parentheses and chains of more than two flags: report mode
 * promises the rewrite, and patch mode makes it, keeping the order of the
 * other flags.
 */
void flags_shapes(void **v)
{
	v[0] = kmalloc(64, (GFP_NOFS | __GFP_NOFAIL)); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[0] = kmalloc_nofail(64, GFP_NOFS); */
	v[1] = kzalloc(32, (GFP_NOFS | __GFP_ZERO | __GFP_NOFAIL)); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[1] = kzalloc_nofail(32, GFP_NOFS | __GFP_ZERO); */
	v[2] = kmalloc(64, ((GFP_NOIO | __GFP_NOFAIL)) | __GFP_ZERO); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[2] = kmalloc_nofail(64, GFP_NOIO | __GFP_ZERO); */
	v[3] = kmalloc(64, __GFP_NOFAIL | GFP_NOFS | __GFP_ZERO | __GFP_NOWARN); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[3] = kmalloc_nofail(64, GFP_NOFS | __GFP_ZERO | __GFP_NOWARN); */
	v[4] = kmalloc(64, GFP_NOFS | __GFP_ZERO | __GFP_NOFAIL | __GFP_NOWARN); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[4] = kmalloc_nofail(64, GFP_NOFS | __GFP_ZERO | __GFP_NOWARN); */
	v[5] = kcalloc(4, 8, GFP_KERNEL | (__GFP_ZERO | __GFP_NOFAIL)); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[5] = kcalloc_nofail(4, 8, GFP_KERNEL | __GFP_ZERO); */
	v[6] = kmem_cache_alloc(foo_cache, (__GFP_NOFAIL | GFP_NOFS) | (__GFP_ACCOUNT | __GFP_NOWARN)); /* FIND: direct */ /* REPORT: patch mode rewrites it */ /* PATCH: v[6] = kmem_cache_alloc_nofail(foo_cache, GFP_NOFS | __GFP_ACCOUNT | __GFP_NOWARN); */
	v[7] = kmalloc(64, (GFP_ATOMIC | __GFP_NOFAIL)); /* FIND: direct */ /* REPORT: report only */
}

/*
 * Constant sizes above KMALLOC_MAX_CACHE_SIZE (8192 on x86-64) fail the
 * build in the helpers: patch mode leaves them, and report mode says so.
 */
void const_sizes(void **v)
{
	v[0] = kmalloc(16384, GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes, is above KMALLOC_MAX_CACHE_SIZE */
	v[1] = kmalloc(64, GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: patch mode rewrites it) */ /* PATCH: v[1] = kmalloc_nofail(64, GFP_NOFS); */
	v[2] = kzalloc(8192, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: patch mode rewrites it) */ /* PATCH: v[2] = kzalloc_nofail(8192, GFP_KERNEL); */
	v[3] = kzalloc(0x4000UL, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes */
	v[4] = kmalloc(1 << 14, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes */
	v[5] = kmalloc_array(4, PAGE_SIZE, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes */
	v[6] = kmalloc(2 * PAGE_SIZE, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: patch mode rewrites it) */ /* PATCH: v[6] = kmalloc_nofail(2 * PAGE_SIZE, GFP_KERNEL); */
	v[7] = kcalloc(1024, sizeof(u64) * 2, GFP_NOIO | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes */
	v[8] = kcalloc(512, sizeof(u64) * 2, GFP_NOIO | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: patch mode rewrites it) */ /* PATCH: v[8] = kcalloc_nofail(512, sizeof(u64) * 2, GFP_NOIO); */
	v[9] = kmalloc(sizeof(struct foo) * 10000, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, at least 10000 bytes */
	v[10] = kmalloc(SZ_16K, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes */
	/* an upper-case constant of unknown value: rewritten, with a warning */
	v[11] = kmalloc_array(FOO_BIG, sizeof(long), GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: patch mode rewrites it, but the value of FOO_BIG is not known here */ /* PATCH: v[11] = kmalloc_array_nofail(FOO_BIG, sizeof(long), GFP_KERNEL); */
	/* division, which an SmPL script must not read as a comment */
	v[12] = kmalloc(16 * PAGE_SIZE / 8, GFP_KERNEL | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: patch mode rewrites it) */ /* PATCH: v[12] = kmalloc_nofail(16 * PAGE_SIZE / 8, GFP_KERNEL); */
	v[13] = kmalloc(SZ_32K - SZ_32K / 2, GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */ /* REPORT: report only: the constant size, 16384 bytes */
}

void *masked_in_group(size_t size, gfp_t gfp)
{
	return kmalloc(size, gfp & ~(__GFP_NORETRY | __GFP_NOFAIL)); /* NOT */
}

void *masked_group_variable(size_t size, gfp_t mask)
{
	gfp_t gfp = mask & ~(__GFP_DIRECT_RECLAIM | __GFP_NOFAIL);

	return kmalloc(size, gfp); /* NOT */
}

void *direct_report_only(size_t size, void *old, gfp_t gfp, int node)
{
	void *a, *b, *c, *d, *e;

	a = kmalloc_node(size, GFP_KERNEL | __GFP_NOFAIL, node); /* FIND: direct */
	b = krealloc(old, size, GFP_NOFS | __GFP_NOFAIL); /* FIND: direct */
	c = kmalloc(size, GFP_ATOMIC | __GFP_NOFAIL); /* FIND: direct */
	d = kmalloc(size, gfp | __GFP_NOFAIL); /* FIND: direct */
	e = kzalloc(size, GFP_KERNEL | __GFP_NORETRY | __GFP_NOFAIL); /* FIND: direct */
	if (!e)
		return NULL;
	return kmem_cache_alloc_node(foo_cache, GFP_NOIO | __GFP_NOFAIL, node); /* FIND: direct */
}

/* ---- (b) variable ---- */

void *var_init(size_t size)
{
	gfp_t gfp = GFP_NOFS | __GFP_NOFAIL;

	return kmalloc(size, gfp); /* FIND: variable */
}

void *var_or_conditional(size_t size)
{
	gfp_t gfp = GFP_KERNEL;

	if (must)
		gfp |= __GFP_NOFAIL;
	return kzalloc(size, gfp); /* FIND: variable */
}

void *var_assign(int n, size_t size)
{
	gfp_t flags;

	flags = GFP_NOIO;
	flags = flags | __GFP_NOFAIL;
	return kcalloc(n, size, flags | __GFP_ZERO); /* FIND: variable */
}

void *var_cache(void)
{
	gfp_t gfp = must ? GFP_NOFS | __GFP_NOFAIL : GFP_NOFS;

	return kmem_cache_alloc(foo_cache, gfp); /* FIND: variable */
}

void *var_removed(size_t size)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOFAIL;

	gfp &= ~__GFP_NOFAIL;
	return kmalloc(size, gfp); /* NOT */
}

void *var_masked_in_call(size_t size)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOFAIL;

	return kmalloc(size, gfp & ~__GFP_NOFAIL); /* NOT */
}

void *var_reassigned(size_t size)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOFAIL;

	gfp = GFP_KERNEL;
	return kmalloc(size, gfp); /* NOT */
}

struct page *var_used_before(size_t size, void **out)
{
	gfp_t gfp = GFP_KERNEL;

	*out = kmalloc(size, gfp); /* NOT */
	gfp |= __GFP_NOFAIL;
	return alloc_pages(gfp, 0); /* NOT */
}

/* ---- look-alikes ---- */

void *lookalikes(size_t size)
{
	void *a, *b;

	a = kmalloc(size, GFP_KERNEL); /* __GFP_NOFAIL would be wrong here: NOT */
	/* kmalloc(size, GFP_KERNEL | __GFP_NOFAIL) in a comment: NOT */
	pr_warn("do not use __GFP_NOFAIL\n"); /* NOT */
	b = kmalloc_nofail(size, GFP_KERNEL); /* NOT */
	kfree(b);
	b = kzalloc_nofail(size, GFP_KERNEL | __GFP_ZERO); /* NOT */
	kfree(b);
	return alloc_pages(GFP_KERNEL | __GFP_NOFAIL, 2); /* NOT: not slab */
}

/* ---- (c) parameter ---- */

static struct foo *foo_alloc(struct foo *parent, gfp_t gfp)
{
	struct foo *f = kmalloc(sizeof(*f), gfp); /* FIND: parameter */

	if (f)
		f->buf = parent;
	return f;
}

static void *bar_alloc(int n, gfp_t flags)
{
	return kcalloc(n, sizeof(long), flags); /* FIND: parameter */
}

static void *baz_alloc(size_t size, gfp_t gfp)
{
	return kzalloc(size, gfp); /* NOT: no caller passes __GFP_NOFAIL */
}

static void *qux_alloc(gfp_t a, gfp_t b)
{
	void *p = kmalloc(16, a); /* NOT: __GFP_NOFAIL goes to b */

	kfree(p);
	return kmalloc(32, b); /* FIND: parameter */
}

void callers(struct foo *f)
{
	gfp_t g = GFP_KERNEL | __GFP_NOFAIL;

	foo_alloc(f, GFP_NOFS | __GFP_NOFAIL);
	bar_alloc(3, g);
	baz_alloc(8, GFP_KERNEL);
	qux_alloc(GFP_KERNEL, GFP_NOIO | __GFP_NOFAIL);
}

/* ---- open-coded retry loops ---- */

void *loop_do_while(size_t size)
{
	void *p;

	do {
		p = kmalloc(size, GFP_KERNEL); /* FIND: loop */
	} while (!p);
	return p;
}

struct page *loop_while_cond(void)
{
	struct page *page;

	while (!(page = alloc_page(GFP_NOFS))) /* FIND: loop */
		cond_resched();
	return page;
}

void *loop_while_null(void)
{
	void *p;

	while ((p = mempool_alloc(foo_pool, GFP_NOIO)) == NULL) { /* FIND: loop */
		congestion_wait(BLK_RW_ASYNC, HZ / 50);
	}
	return p;
}

void *loop_for_ever(size_t size)
{
	void *p;

	for (;;) {
		p = vmalloc(size); /* FIND: loop */
		if (p)
			break;
		msleep(10);
	}
	return p;
}

unsigned long loop_while_one(int order)
{
	unsigned long addr;

	while (1) {
		addr = __get_free_pages(GFP_KERNEL, order); /* FIND: loop */
		if (addr)
			return addr;
		schedule_timeout_uninterruptible(1);
	}
}

struct foo *loop_goto(void)
{
	struct foo *p;

retry:
	p = kmem_cache_alloc(foo_cache, GFP_NOFS); /* FIND: loop */
	if (!p) {
		cond_resched();
		goto retry;
	}
	return p;
}

void *loop_for_continue(size_t size)
{
	void *p;

	for (;;) {
		p = kzalloc(size, GFP_KERNEL); /* FIND: loop */
		if (!p) {
			msleep(1);
			continue;
		}
		return p;
	}
}

void *loop_bounded_for(size_t size)
{
	void *p;
	int i;

	for (i = 0; i < 3; i++) {
		p = kmalloc(size, GFP_KERNEL); /* NOT: bounded retry */
		if (p)
			break;
		msleep(10);
	}
	return p;
}

void *loop_bounded_do(size_t size)
{
	void *p;
	int tries = 3;

	do {
		p = kmalloc(size, GFP_KERNEL); /* NOT: bounded retry */
	} while (!p && --tries);
	return p;
}

void *loop_bounded_goto(size_t size)
{
	void *p;
	int tries = 0;

again:
	p = kmalloc(size, GFP_KERNEL); /* NOT: bounded retry */
	if (!p && tries++ < 3)
		goto again;
	return p;
}

int loop_array(void **a, int n, size_t size)
{
	int i;

	for (i = 0; i < n; i++) {
		a[i] = kmalloc(size, GFP_KERNEL); /* NOT: array elements */
		if (!a[i])
			goto fail;
	}
	return 0;
fail:
	while (i--)
		kfree(a[i]);
	return -ENOMEM;
}

int loop_list(struct list_head *head)
{
	struct foo *p;

	for (;;) {
		p = kmalloc(sizeof(*p), GFP_KERNEL); /* NOT: fails out */
		if (!p)
			return -ENOMEM;
		list_add(&p->list, head);
		if (done)
			break;
	}
	while (!list_empty(head)) {
		p = kzalloc(sizeof(*p), GFP_KERNEL); /* NOT: fails out */
		if (!p)
			break;
		list_del(head->next);
	}
	return 0;
}
