// SPDX-License-Identifier: GPL-2.0
/*
 * nofail_torture: stress the _nofail slab helpers under failslab.
 *
 * Shaped like kernel/locking/locktorture.c.  nthreads kthreads call the
 * _nofail helpers chosen by "helpers" in a loop, for "duration" seconds,
 * with the kernel's own failslab armed for their tasks only (the task
 * filter, current->make_it_fail).  Every object is checked: not NULL, as
 * large as asked for, zeroed where the helper promises it, and writable to
 * its last byte.  Statistics are printed every stat_interval seconds, and
 * at the end one line, in the torture tests' form that their console
 * parsers read:
 *
 *	nofail-torture:--- End of test: SUCCESS: calls N injected N null 0 ...
 *	nofail-torture:--- End of test: FAILURE: ...
 *
 * "injected" is how far failslab's own "times" counted down: the failures
 * the kernel really injected, or a few fewer, since should_fail_ex() tests
 * "times" before it counts it down, and threads that find it at 1
 * together are all failed and counted once.  "escalated" counts the
 * threads' requests that reached the allocator with __GFP_NOFAIL, seen
 * through the kmem tracepoints: a helper adds the flag when it makes its
 * request again after a failed first attempt, and failslab never fails
 * that one, so every injected failure of a helper's first attempt is one
 * escalation.  A run with injection must see both.
 *
 * torture_type=busted calls the plain allocators with the same flags
 * instead of the helpers, as locktorture's lock_busted does: fault
 * injection makes them return NULL, and the run must end in FAILURE.
 * That shows the verdict can fail.  nthreads=0 starts no thread and
 * prints no verdict: only the debugfs files, until rmmod.
 *
 * debugfs, root only, in nofail_torture/:
 *   stats	the counters, one "name value" per line
 *   alloc	write "HELPER SIZE [FLAGS] [fail=N]" to make one allocation:
 *		HELPER is a helper's name (kmalloc_nofail, ...), SIZE a
 *		byte count, or COUNTxSIZE for the array helpers, FLAGS one
 *		of GFP_KERNEL (default), GFP_NOFS, GFP_NOIO,
 *		GFP_KERNEL_ACCOUNT; fail=N arms failslab for N failures
 *		(N <= 100): the first attempt takes one, the __GFP_NOFAIL
 *		one none; hold=N makes N such allocations and holds them
 *		all before freeing them (N <= 4096), to reach a memory
 *		cgroup's limit.  Reading it gives the result of the last
 *		write, with the requests this task passed on with
 *		__GFP_NOFAIL ("escalated").  Anything else is -EINVAL; no
 *		size above KMALLOC_MAX_CACHE_SIZE is allocated.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fault-inject.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/torture.h>
#include <trace/events/kmem.h>

/* the helper table and failslab from kernel code, shared with the KUnit suites */
#include "nofail_test.h"

MODULE_DESCRIPTION("Torture test of the _nofail slab helpers under failslab");
MODULE_LICENSE("GPL");

/* The parameters, declared with torture_param() as the torture tests do. */
torture_param(int, nthreads, 2, "Number of allocating kthreads (0..16; 0: debugfs only)");
torture_param(int, duration, 10, "Seconds to run (1..3600)");
torture_param(int, stat_interval, 5, "Seconds between statistics lines (1..)");
torture_param(uint, min_size, 1, "Smallest request in bytes (1..max_size)");
torture_param(uint, max_size, 4096, "Largest request in bytes (up to KMALLOC_MAX_CACHE_SIZE)");
torture_param(uint, helpers, ~0U, "Bit mask of the helpers to call, in the order of the stats");
torture_param(bool, inject, true, "Arm failslab for the kthreads");
torture_param(uint, probability, 30, "Percent of the kthreads' allocations failslab fails (1..99)");

static char *torture_type = "nofail";
module_param(torture_type, charp, 0444);
MODULE_PARM_DESC(torture_type, "nofail (the helpers), or busted (plain allocations, must FAIL)");

/* The object size of the module's own cache, for the two cache helpers. */
#define NT_CACHE_SIZE	192
/* Element size of the array helpers' requests. */
#define NT_ELEM_SIZE	16

static const struct {
	const char *name;
	gfp_t gfp;
} nt_gfps[] = {
	{ "GFP_KERNEL", GFP_KERNEL },
	{ "GFP_NOFS", GFP_NOFS },
	{ "GFP_NOIO", GFP_NOIO },
	{ "GFP_KERNEL_ACCOUNT", GFP_KERNEL_ACCOUNT },
};

struct nt_request;

/*
 * A torture type, as locktorture's lock_torture_ops: how the threads
 * allocate.  nofail calls the helpers; busted calls the plain allocators
 * with the same flags, as a conversion that dropped the guarantee would,
 * and must end in FAILURE.
 */
struct nt_ops {
	void *(*alloc)(const struct nt_request *r, gfp_t gfp);
	const char *name;
};

/* One request: what a thread or a debugfs write asks for. */
struct nt_request {
	const struct nofail_helper_desc *helper;
	size_t n;		/* elements; 1 but for the array helpers */
	size_t size;		/* bytes per element */
	unsigned int gfp;	/* index into nt_gfps[] */
};

struct nt_stats {
	atomic_long_t calls[NOFAIL_NR_HELPERS];
	atomic_long_t null;	/* NULL from an allocation that must not fail */
	atomic_long_t shortobj;	/* smaller than asked for */
	atomic_long_t dirty;	/* not zeroed although promised */
	atomic_long_t corrupt;	/* did not keep what was written */
	atomic_long_t escalated; /* requests with __GFP_NOFAIL */
};

static struct nt_stats stats;
static struct kmem_cache *nt_cache;
static const struct nt_ops *cur_ops;
/* inject, unless no thread runs: the parameter itself is read-only */
static bool nt_inject;

/* failslab (mm/nofail_test.h), found at load, taken while a run is armed */
static struct nofail_fault nt_failslab;

static DEFINE_MUTEX(nt_lock);		/* failslab settings, the alloc file */
static struct task_struct *controller;
static bool running;			/* failslab is armed for the threads */
static struct task_struct **threads;
static char last_result[160] = "no allocation yet\n";
/* The task writing to the alloc file, and its escalations (under nt_lock) */
static struct task_struct *nt_writer;
static atomic_long_t nt_writer_escalated;
static struct dentry *nt_dir;

/*
 * Fail @percent of the sleeping slab requests of the tasks that set
 * make_it_fail, and no one else's, up to @times of them.  The caller
 * holds nt_lock.
 */
static void failslab_arm(unsigned int percent, int times)
{
	nofail_fault_save(&nt_failslab);
	nofail_fault_take(&nt_failslab);
	nofail_fault_arm(&nt_failslab, percent, times);
}

/* Restore failslab; return how many failures it injected since armed. */
static long failslab_disarm(void)
{
	long injected = nofail_fault_disarm(&nt_failslab);

	nofail_fault_restore(&nt_failslab);
	return injected;
}

/* One call site per helper, so each helper reports its first failure. */
static noinline void *nt_call_nofail(const struct nt_request *r, gfp_t gfp)
{
	switch (r->helper - nofail_helpers) {
	case NOFAIL_KMALLOC:
		return kmalloc_nofail(r->size, gfp);
	case NOFAIL_KZALLOC:
		return kzalloc_nofail(r->size, gfp);
	case NOFAIL_KMALLOC_ARRAY:
		return kmalloc_array_nofail(r->n, r->size, gfp);
	case NOFAIL_KCALLOC:
		return kcalloc_nofail(r->n, r->size, gfp);
	case NOFAIL_CACHE:
		return kmem_cache_alloc_nofail(nt_cache, gfp);
	case NOFAIL_CACHE_Z:
		return kmem_cache_zalloc_nofail(nt_cache, gfp);
	default:
		return NULL;
	}
}

/* The broken variant: what a conversion that dropped the guarantee does. */
static noinline void *nt_call_busted(const struct nt_request *r, gfp_t gfp)
{
	switch (r->helper - nofail_helpers) {
	case NOFAIL_KMALLOC:
		return kmalloc(r->size, gfp);
	case NOFAIL_KZALLOC:
		return kzalloc(r->size, gfp);
	case NOFAIL_KMALLOC_ARRAY:
		return kmalloc_array(r->n, r->size, gfp);
	case NOFAIL_KCALLOC:
		return kcalloc(r->n, r->size, gfp);
	case NOFAIL_CACHE:
		return kmem_cache_alloc(nt_cache, gfp);
	case NOFAIL_CACHE_Z:
		return kmem_cache_zalloc(nt_cache, gfp);
	default:
		return NULL;
	}
}

static const struct nt_ops nt_ops_nofail = { .alloc = nt_call_nofail, .name = "nofail" };
static const struct nt_ops nt_ops_busted = { .alloc = nt_call_busted, .name = "busted" };
static const struct nt_ops *nt_all_ops[] = { &nt_ops_nofail, &nt_ops_busted };

/* Bytes the caller may use: what was asked for. */
static size_t nt_bytes(const struct nt_request *r)
{
	return r->helper->cache ? NT_CACHE_SIZE : r->n * r->size;
}

/*
 * One allocation, checked: not NULL, as large as asked for, zeroed where
 * promised, and keeping what is written to its last byte.  The object, or
 * NULL, is left in *@pp for nt_put().  Returns what was wrong, or NULL.
 */
static const char *nt_get(const struct nt_request *r, struct nt_stats *st, u8 **pp)
{
	gfp_t gfp = nt_gfps[r->gfp].gfp;
	size_t bytes = nt_bytes(r);
	u8 *p;

	atomic_long_inc(&st->calls[r->helper - nofail_helpers]);
	*pp = p = cur_ops->alloc(r, gfp);
	if (!p) {
		atomic_long_inc(&st->null);
		return "NULL";
	}
	if ((r->helper->cache ? kmem_cache_size(nt_cache) : ksize(p)) < bytes) {
		atomic_long_inc(&st->shortobj);
		return "short";
	}
	if (r->helper->zeroes && memchr_inv(p, 0, bytes)) {
		atomic_long_inc(&st->dirty);
		return "not zeroed";
	}
	memset(p, 0xa5, bytes);
	if (memchr_inv(p, 0xa5, bytes)) {
		atomic_long_inc(&st->corrupt);
		return "corrupt";
	}
	return NULL;
}

/* kmem_cache_free(), unlike kfree(), does not take NULL */
static void nt_put(const struct nt_request *r, void *p)
{
	if (!p)
		return;
	if (r->helper->cache)
		kmem_cache_free(nt_cache, p);
	else
		kfree(p);
}

static const char *nt_one(const struct nt_request *r, struct nt_stats *st)
{
	const char *bad;
	u8 *p;

	bad = nt_get(r, st, &p);
	nt_put(r, p);
	return bad;
}

/* A random request among the enabled helpers, min_size..max_size bytes. */
static void nt_random_request(struct nt_request *r)
{
	unsigned int h;
	size_t bytes;

	do {
		h = get_random_u32_below(NOFAIL_NR_HELPERS);
	} while (!(helpers & BIT(h)));
	r->helper = &nofail_helpers[h];
	r->gfp = get_random_u32_below(ARRAY_SIZE(nt_gfps));
	bytes = min_size + get_random_u32_below(max_size - min_size + 1);
	r->n = 1;
	r->size = bytes;
	if (r->helper->array) {
		r->n = DIV_ROUND_UP(bytes, NT_ELEM_SIZE);
		r->size = NT_ELEM_SIZE;
	}
}

static int nt_thread(void *unused)
{
	struct nt_request r;

	/* The task filter: failslab fails only tasks that ask for it. */
	current->make_it_fail = nt_inject;
	while (!kthread_should_stop()) {
		nt_random_request(&r);
		nt_one(&r, &stats);
		cond_resched();
	}
	current->make_it_fail = 0;
	return 0;
}

static long nt_calls(void)
{
	long sum = 0;
	int h;

	for (h = 0; h < NOFAIL_NR_HELPERS; h++)
		sum += atomic_long_read(&stats.calls[h]);
	return sum;
}

static long nt_bad(void)
{
	return atomic_long_read(&stats.null) + atomic_long_read(&stats.shortobj) +
	       atomic_long_read(&stats.dirty) + atomic_long_read(&stats.corrupt);
}

/* "tag: calls N ... (kmalloc_nofail N, ...)", one line. */
static void nt_print_stats(const char *tag, long injected)
{
	char per_helper[256];
	int h, len = 0;

	for (h = 0; h < NOFAIL_NR_HELPERS; h++)
		len += scnprintf(per_helper + len, sizeof(per_helper) - len, "%s%s %ld",
				 h ? ", " : "", nofail_helpers[h].name,
				 atomic_long_read(&stats.calls[h]));
	pr_alert("%s: calls %ld injected %ld escalated %ld null %ld short %ld dirty %ld corrupt %ld (%s)\n",
		 tag, nt_calls(), injected, atomic_long_read(&stats.escalated),
		 atomic_long_read(&stats.null), atomic_long_read(&stats.shortobj),
		 atomic_long_read(&stats.dirty), atomic_long_read(&stats.corrupt),
		 per_helper);
}

/*
 * Escalations, seen where the allocator is asked: the kmem tracepoints
 * fire for every attempt, failed or not.
 */
static void nt_note_gfp(gfp_t gfp)
{
	int i;

	if (!(gfp & __GFP_NOFAIL))
		return;
	if (READ_ONCE(nt_writer) == current) {
		atomic_long_inc(&nt_writer_escalated);
		return;
	}
	if (!threads)
		return;
	for (i = 0; i < nthreads; i++) {
		if (READ_ONCE(threads[i]) == current) {
			atomic_long_inc(&stats.escalated);
			return;
		}
	}
}

static void nt_probe_kmalloc(void *data, unsigned long call_site, const void *ptr,
			     size_t bytes_req, size_t bytes_alloc, gfp_t gfp, int node)
{
	nt_note_gfp(gfp);
}

static void nt_probe_cache(void *data, unsigned long call_site, const void *ptr,
			   struct kmem_cache *s, gfp_t gfp, int node)
{
	nt_note_gfp(gfp);
}

static int nt_watch(void)
{
	int ret = register_trace_kmalloc(nt_probe_kmalloc, NULL);

	if (ret)
		return ret;
	ret = register_trace_kmem_cache_alloc(nt_probe_cache, NULL);
	if (ret)
		unregister_trace_kmalloc(nt_probe_kmalloc, NULL);
	return ret;
}

static void nt_unwatch(void)
{
	unregister_trace_kmem_cache_alloc(nt_probe_cache, NULL);
	unregister_trace_kmalloc(nt_probe_kmalloc, NULL);
	tracepoint_synchronize_unregister();
}

static void nt_stop_threads(void)
{
	int i;

	for (i = 0; i < nthreads; i++) {
		if (threads[i])
			kthread_stop(threads[i]);
		threads[i] = NULL;
	}
}

/*
 * The verdict.  A run with injection that saw none, or saw no helper pass
 * a request on with __GFP_NOFAIL, proves nothing, so it fails too.
 */
static void nt_verdict(long injected)
{
	bool ok = nt_calls() > 0 && !nt_bad() &&
		  (!nt_inject || (injected > 0 && atomic_long_read(&stats.escalated) > 0));

	nt_print_stats(ok ? "--- End of test: SUCCESS" : "--- End of test: FAILURE", injected);
}

/*
 * Runs the test: statistics every stat_interval seconds, then the threads
 * are stopped, failslab is restored and the verdict printed.  Stopped
 * early by rmmod, it does the same.
 */
static int nt_controller(void *unused)
{
	unsigned long end = jiffies + duration * HZ;
	unsigned long next = jiffies + stat_interval * HZ;
	long injected;

	/* No threads: only the debugfs files, until rmmod. */
	while (!nthreads && !kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	while (!kthread_should_stop() && time_before(jiffies, end)) {
		schedule_timeout_interruptible(HZ / 10);
		if (time_after_eq(jiffies, next)) {
			nt_print_stats("running",
				       nt_inject ? nofail_fault_injected(&nt_failslab) : 0);
			next += stat_interval * HZ;
		}
	}
	if (!nthreads)
		return 0;
	nt_stop_threads();
	mutex_lock(&nt_lock);
	injected = nt_inject ? failslab_disarm() : 0;
	running = false;
	mutex_unlock(&nt_lock);
	nt_verdict(injected);

	/* kthread_stop() from the module exit wants a live task. */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

static int stats_show(struct seq_file *m, void *unused)
{
	int h;

	seq_printf(m, "calls %ld\n", nt_calls());
	for (h = 0; h < NOFAIL_NR_HELPERS; h++)
		seq_printf(m, "calls_%s %ld\n", nofail_helpers[h].name,
			   atomic_long_read(&stats.calls[h]));
	seq_printf(m, "escalated %ld\nnull %ld\nshort %ld\ndirty %ld\ncorrupt %ld\n",
		   atomic_long_read(&stats.escalated),
		   atomic_long_read(&stats.null), atomic_long_read(&stats.shortobj),
		   atomic_long_read(&stats.dirty), atomic_long_read(&stats.corrupt));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

/* "SIZE" or, for the array helpers, "COUNTxSIZE". */
static int nt_parse_size(char *arg, struct nt_request *r)
{
	char *x = strchr(arg, 'x');
	unsigned int n = 1, size;
	size_t bytes;

	if (x) {
		if (!r->helper->array)
			return -EINVAL;
		*x++ = '\0';
		if (kstrtouint(arg, 10, &n))
			return -EINVAL;
		arg = x;
	}
	if (kstrtouint(arg, 10, &size))
		return -EINVAL;
	/* Nothing larger than the slab serves: no unbounded allocation. */
	if (check_mul_overflow((size_t)n, (size_t)size, &bytes) || !bytes ||
	    bytes > (r->helper->cache ? NT_CACHE_SIZE : KMALLOC_MAX_CACHE_SIZE))
		return -EINVAL;
	r->n = n;
	r->size = size;
	return 0;
}

#define NT_MAX_HOLD	4096

/* "HELPER SIZE [FLAGS] [fail=N] [hold=N]"; see the comment at the top. */
static int nt_parse(char *buf, struct nt_request *r, unsigned int *fail,
		    unsigned int *hold)
{
	char *arg, *helper, *size;
	int i;

	helper = strsep(&buf, " ");
	size = strsep(&buf, " ");
	if (!helper || !size)
		return -EINVAL;
	for (i = 0; i < NOFAIL_NR_HELPERS; i++)
		if (!strcmp(helper, nofail_helpers[i].name))
			break;
	if (i == NOFAIL_NR_HELPERS)
		return -EINVAL;
	r->helper = &nofail_helpers[i];
	if (nt_parse_size(size, r))
		return -EINVAL;
	r->gfp = 0;
	*fail = 0;
	*hold = 1;
	while ((arg = strsep(&buf, " "))) {
		if (!strncmp(arg, "fail=", 5)) {
			if (kstrtouint(arg + 5, 10, fail) || *fail > 100)
				return -EINVAL;
			continue;
		}
		if (!strncmp(arg, "hold=", 5)) {
			if (kstrtouint(arg + 5, 10, hold) || !*hold || *hold > NT_MAX_HOLD)
				return -EINVAL;
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(nt_gfps); i++)
			if (!strcmp(arg, nt_gfps[i].name))
				break;
		if (i == ARRAY_SIZE(nt_gfps))
			return -EINVAL;
		r->gfp = i;
	}
	return 0;
}

static ssize_t alloc_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	struct nt_stats one = {};
	struct nt_request r;
	unsigned int fail, hold, i;
	const char *bad = NULL, *b;
	long injected = 0;
	u8 **objs;
	char buf[64];
	int ret;

	if (!count || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	ret = nt_parse(strim(buf), &r, &fail, &hold);
	if (ret)
		return ret;
	objs = kvcalloc(hold, sizeof(*objs), GFP_KERNEL);
	if (!objs)
		return -ENOMEM;

	mutex_lock(&nt_lock);
	/* The running threads have failslab armed for themselves. */
	if (fail && running) {
		mutex_unlock(&nt_lock);
		kvfree(objs);
		return -EBUSY;
	}
	if (fail) {
		failslab_arm(100, fail);
		current->make_it_fail = 1;
	}
	atomic_long_set(&nt_writer_escalated, 0);
	WRITE_ONCE(nt_writer, current);
	/* All held at once: at a memcg limit the later ones fail for real. */
	for (i = 0; i < hold; i++) {
		b = nt_get(&r, &one, &objs[i]);
		bad = bad ?: b;
	}
	WRITE_ONCE(nt_writer, NULL);
	if (fail) {
		current->make_it_fail = 0;
		injected = failslab_disarm();
	}
	for (i = 0; i < hold; i++)
		nt_put(&r, objs[i]);
	scnprintf(last_result, sizeof(last_result),
		  "%s %zux%zu %s: %s, %zu bytes, %ld failures injected, %u held, %ld null, %ld escalated\n",
		  r.helper->name, r.n, r.size, nt_gfps[r.gfp].name,
		  bad ?: "ok", nt_bytes(&r), injected, hold,
		  atomic_long_read(&one.null), atomic_long_read(&nt_writer_escalated));
	mutex_unlock(&nt_lock);
	kvfree(objs);
	return bad ? -EIO : count;
}

static ssize_t alloc_read(struct file *file, char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	char buf[sizeof(last_result)];

	mutex_lock(&nt_lock);
	strscpy(buf, last_result, sizeof(buf));
	mutex_unlock(&nt_lock);
	return simple_read_from_buffer(ubuf, count, ppos, buf, strlen(buf));
}

static const struct file_operations alloc_fops = {
	.owner = THIS_MODULE,
	.read = alloc_read,
	.write = alloc_write,
	.llseek = default_llseek,
};

/* The torture type named by torture_type, or NULL (and the valid ones said). */
static const struct nt_ops * __init nt_find_ops(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(nt_all_ops); i++)
		if (!strcmp(torture_type, nt_all_ops[i]->name))
			return nt_all_ops[i];
	BUILD_BUG_ON(ARRAY_SIZE(nt_all_ops) != 2);	/* both named below */
	pr_alert("invalid torture_type '%s'; valid types are: %s %s\n", torture_type,
		 nt_all_ops[0]->name, nt_all_ops[1]->name);
	return NULL;
}

/* Each parameter out of its range, named; -EINVAL if there was one. */
static int __init nt_check_params(void)
{
	int ret = 0;

#define NT_CHECK(cond, name)						\
	do {								\
		if (!(cond)) {						\
			pr_err("invalid %s: needs %s\n", name, #cond);	\
			ret = -EINVAL;					\
		}							\
	} while (0)
	NT_CHECK(nthreads >= 0 && nthreads <= 16, "nthreads");
	NT_CHECK(duration >= 1 && duration <= 3600, "duration");
	NT_CHECK(stat_interval >= 1, "stat_interval");
	NT_CHECK(min_size >= 1 && min_size <= max_size, "min_size");
	NT_CHECK(max_size <= KMALLOC_MAX_CACHE_SIZE, "max_size");
	NT_CHECK(helpers & GENMASK(NOFAIL_NR_HELPERS - 1, 0), "helpers");
	NT_CHECK(!inject || (probability >= 1 && probability <= 99), "probability");
#undef NT_CHECK
	cur_ops = nt_find_ops();
	return cur_ops ? ret : -EINVAL;
}

static int __init nt_start(void)
{
	struct task_struct *t;
	int i, ret;

	threads = kcalloc(nthreads, sizeof(*threads), GFP_KERNEL);
	if (!threads)
		return -ENOMEM;
	nt_inject = inject && nthreads;
	if (nt_inject)
		failslab_arm(probability, INT_MAX);
	for (i = 0; i < nthreads; i++) {
		t = kthread_run(nt_thread, NULL, "nofail_torture/%d", i);
		if (IS_ERR(t)) {
			ret = PTR_ERR(t);
			goto fail;
		}
		threads[i] = t;
	}
	t = kthread_run(nt_controller, NULL, "nofail_torture_ctl");
	if (IS_ERR(t)) {
		ret = PTR_ERR(t);
		goto fail;
	}
	controller = t;
	running = nt_inject;
	return 0;
fail:
	nt_stop_threads();
	if (nt_inject)
		failslab_disarm();
	kfree(threads);
	return ret;
}

static int __init nofail_torture_init(void)
{
	int ret = nt_check_params();

	if (ret)
		return ret;
	ret = nofail_fault_find(&nt_failslab, "failslab");
	if (ret) {
		pr_err("no failslab in debugfs (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)\n");
		return ret;
	}
	/*
	 * SLAB_POISON leaves freed objects dirty, and keeps init_on_alloc=1
	 * from zeroing them: a z-helper that forgot __GFP_ZERO shows.
	 */
	nt_cache = kmem_cache_create("nofail_torture", NT_CACHE_SIZE, 0, SLAB_POISON, NULL);
	if (!nt_cache)
		return -ENOMEM;

	/* Root only: the files are 0400 and 0600 (and debugfs itself 0700). */
	nt_dir = debugfs_create_dir("nofail_torture", NULL);
	debugfs_create_file("stats", 0400, nt_dir, NULL, &stats_fops);
	debugfs_create_file("alloc", 0600, nt_dir, NULL, &alloc_fops);

	pr_info("start: torture_type=%s nthreads=%d duration=%d sizes=%u..%u helpers=%#x inject=%d probability=%u\n",
		torture_type, nthreads, duration, min_size, max_size, helpers,
		inject, probability);
	ret = nt_watch();
	if (ret) {
		pr_err("cannot attach to the kmem tracepoints\n");
		goto out;
	}
	mutex_lock(&nt_lock);
	ret = nt_start();
	mutex_unlock(&nt_lock);
	if (ret)
		nt_unwatch();
out:
	if (ret) {
		debugfs_remove(nt_dir);
		kmem_cache_destroy(nt_cache);
	}
	return ret;
}

static void __exit nofail_torture_exit(void)
{
	/* The controller stops the threads and prints the verdict... */
	kthread_stop(controller);
	/* ...unless it was stopped before it ever ran. */
	nt_stop_threads();
	mutex_lock(&nt_lock);
	if (running)
		failslab_disarm();
	running = false;
	mutex_unlock(&nt_lock);
	nt_unwatch();
	debugfs_remove(nt_dir);
	kfree(threads);
	kmem_cache_destroy(nt_cache);
}

module_init(nofail_torture_init);
module_exit(nofail_torture_exit);
