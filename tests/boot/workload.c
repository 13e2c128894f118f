// SPDX-License-Identifier: GPL-2.0
/*
 * nofail-workload: the boot test's file workload, one process.
 *
 *   nofail-workload run MNT ROUND DEV TYPE LIST
 *   nofail-workload verify MNT LIST
 *
 * "run" writes /proc/self/make-it-fail first, so failslab's task filter
 * fails this process's allocations and no one else's, and none of the
 * fork and exec that a shell loop would make under injection.  Then, in
 * MNT/wROUND: 24 files written and fsynced under a temporary name and
 * renamed over their names, every third unlinked, a 4 MB file, a
 * directory of 200 entries created and removed, a sync, and the file
 * system unmounted and mounted again (DEV, TYPE).  Meanwhile a child,
 * forked before injection starts and failed likewise, creates, writes
 * and unlinks small files in MNT/cROUND.  Both go on past a failed
 * operation, and count it.  The files it kept, fsync and rename
 * done, are appended to LIST.  Last, with injection off again (a printk
 * of /dev/kmsg allocates too), it prints
 *
 *	ops N failed N enomem N
 *
 * then "fsync_us" and the time of each of the main process's fsync() calls
 * in microseconds (the first 64), then the failed operations with their
 * errors, a churn child that did not exit 0 among them (exit 3 then).
 * "verify" reads every file in LIST and compares it with the bytes "run"
 * wrote, which follow from the name: "verified N mismatches N", exit 1
 * on a mismatch.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FILES		24
#define DIR_ENTRIES	200
#define BLOCK		4096
#define BIG_BLOCKS	1024		/* 4 MB */
#define CHURN_MAX	1000		/* files the churn child writes */
#define FSYNC_SAMPLES	64		/* fsync() times kept */

/* What one process did; the churn child's is in shared memory. */
struct counts {
	unsigned int ops, failed, enomem;
	size_t log_len;
	char log[8192];
};

static struct counts *self;

/* Remember a failed operation; printed once injection is off. */
static void failure(const char *op, const char *path)
{
	int err = errno;

	self->failed++;
	if (err == ENOMEM)
		self->enomem++;
	if (self->log_len < sizeof(self->log))
		self->log_len += snprintf(self->log + self->log_len,
					  sizeof(self->log) - self->log_len,
					  "%s %s: %s\n", op, path, strerror(err));
}

/* Count an operation; on failure, record it.  Returns ok. */
static int op(int ret, const char *name, const char *path)
{
	self->ops++;
	if (ret < 0) {
		failure(name, path);
		return 0;
	}
	return 1;
}

/* The bytes of block @blk of the file called @name: xorshift from both. */
static void fill(unsigned char *buf, const char *name, unsigned long blk)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL ^ blk;
	size_t i;

	for (i = 0; name[i]; i++)
		x = (x ^ (unsigned char)name[i]) * 0x100000001b3ULL;
	for (i = 0; i < BLOCK; i += 8) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(buf + i, &x, 8);
	}
}

static struct counts main_counts;
static unsigned long fsync_us[FSYNC_SAMPLES];
static unsigned int nfsync;

static unsigned long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000UL + ts.tv_nsec / 1000;
}

/* fsync(), timed when the main process calls it (the latency figures). */
static int timed_fsync(int fd)
{
	unsigned long t0 = now_us();
	int ret = fsync(fd);

	if (self == &main_counts && nfsync < FSYNC_SAMPLES)
		fsync_us[nfsync++] = now_us() - t0;
	return ret;
}

/* Write @blocks blocks named after @name into @path, fsync it. */
static int write_file(const char *path, const char *name, unsigned long blocks)
{
	static unsigned char buf[BLOCK];
	unsigned long b;
	int fd, ok = 1;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (!op(fd, "create", path))
		return 0;
	for (b = 0; b < blocks && ok; b++) {
		fill(buf, name, b);
		ok = op(write(fd, buf, BLOCK) == BLOCK ? 0 : -1, "write", path);
	}
	if (ok)
		ok = op(timed_fsync(fd), "fsync", path);
	op(close(fd), "close", path);
	return ok;
}

static void fsync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	if (op(fd, "open", path)) {
		op(timed_fsync(fd), "fsync", path);
		close(fd);
	}
}

/*
 * Opened before injection starts: an open under injection can fail, and
 * the write that turns it off must not.
 */
static int make_it_fail_fd = -1;

static void set_make_it_fail(int on)
{
	if (make_it_fail_fd < 0)
		make_it_fail_fd = open("/proc/self/make-it-fail", O_WRONLY);
	if (make_it_fail_fd < 0 || write(make_it_fail_fd, on ? "1" : "0", 1) != 1) {
		perror("/proc/self/make-it-fail");
		exit(2);
	}
}

/* mkdir(), retried: without its directory a round would test nothing. */
static int make_dir(const char *path)
{
	int tries;

	for (tries = 0; tries < 100; tries++)
		if (op(mkdir(path, 0755), "mkdir", path))
			return 1;
	return 0;
}

/*
 * The churn child: create, write and unlink small files next to the main
 * round until told to stop, CHURN_MAX at most.  It changes the directory, bitmap and inode
 * blocks that the main round's fsyncs are committing, which is what makes
 * jbd2 take frozen copies of them (jbd2_alloc_nofail()).
 */
static void churn(const char *mnt, const char *round, volatile int *stop)
{
	static unsigned char buf[BLOCK];
	char dir[512], path[640];
	unsigned long i;
	int fd;

	set_make_it_fail(1);
	snprintf(dir, sizeof(dir), "%s/c%s", mnt, round);
	if (!make_dir(dir))
		return;
	/* Bounded: reiserfs's big lock would starve the main round. */
	for (i = 0; !*stop && i < CHURN_MAX; i++) {
		snprintf(path, sizeof(path), "%s/%lu", dir, i % 64);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (!op(fd, "create", path))
			continue;
		op(write(fd, buf, BLOCK) == BLOCK ? 0 : -1, "write", path);
		op(close(fd), "close", path);
		if (i % 2)
			op(unlink(path), "unlink", path);
	}
	for (i = 0; i < 64; i++) {
		snprintf(path, sizeof(path), "%s/%lu", dir, i);
		unlink(path);
	}
	op(rmdir(dir), "rmdir", dir);
}

/* Fork the churn child, before injection: a fork under it can fail. */
static pid_t start_churn(const char *mnt, const char *round, struct counts **child,
			 volatile int **stop)
{
	void *shared = mmap(NULL, sizeof(struct counts) + sizeof(int),
			    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pid_t pid, parent;

	if (shared == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	*child = shared;
	*stop = (volatile int *)(*child + 1);
	parent = getpid();
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		/*
		 * Die with the main round: after an OOM kill of it, a child
		 * left writing would overlap the next round and keep its
		 * memory cgroup populated.
		 */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
			_exit(0);
		/* The parent's file names the parent: open our own. */
		close(make_it_fail_fd);
		make_it_fail_fd = -1;
		self = *child;
		churn(mnt, round, *stop);
		set_make_it_fail(0);
		_exit(0);
	}
	return pid;
}

static int run(const char *mnt, const char *round, const char *dev,
	       const char *type, const char *list)
{
	static char kept[FILES + 1][64];
	char dir[512], tmp[640], path[640], name[64];
	int i, fd, nkept = 0, status, churn_died = 0;
	struct counts *child;
	volatile int *stop;
	pid_t pid;
	FILE *out;

	self = &main_counts;
	snprintf(dir, sizeof(dir), "%s/w%s", mnt, round);
	set_make_it_fail(0);	/* opens the file, before the fork */
	pid = start_churn(mnt, round, &child, &stop);
	set_make_it_fail(1);
	if (make_dir(dir)) {
		for (i = 1; i <= FILES; i++) {
			snprintf(name, sizeof(name), "w%s/f%d", round, i);
			snprintf(tmp, sizeof(tmp), "%s/tmp%d", dir, i);
			snprintf(path, sizeof(path), "%s/%s", mnt, name);
			if (!write_file(tmp, name, 1 + i % 8) ||
			    !op(rename(tmp, path), "rename", tmp))
				continue;
			if (i % 3 == 0) {
				op(unlink(path), "unlink", path);
				continue;
			}
			fsync_dir(dir);
			snprintf(kept[nkept++], sizeof(kept[0]), "%s %d", name, 1 + i % 8);
		}
		/* Its writeback spans hundreds of 4 KiB dm-mirror regions. */
		snprintf(name, sizeof(name), "w%s/big", round);
		snprintf(path, sizeof(path), "%s/%s", mnt, name);
		if (write_file(path, name, BIG_BLOCKS))
			snprintf(kept[nkept++], sizeof(kept[0]), "%s %d", name, BIG_BLOCKS);
		/* Enough names for directory leaf blocks, then their removal. */
		snprintf(path, sizeof(path), "%s/many", dir);
		if (make_dir(path)) {
			for (i = 0; i < DIR_ENTRIES; i++) {
				snprintf(tmp, sizeof(tmp), "%s/entry-with-a-long-name-%d", path, i);
				fd = open(tmp, O_WRONLY | O_CREAT, 0644);
				if (op(fd, "create", tmp))
					close(fd);
			}
			sync();
			for (i = 0; i < DIR_ENTRIES; i++) {
				snprintf(tmp, sizeof(tmp), "%s/entry-with-a-long-name-%d", path, i);
				op(unlink(tmp), "unlink", tmp);
			}
			op(rmdir(path), "rmdir", path);
		}
	}
	*stop = 1;
	if (waitpid(pid, &status, 0) != pid) {
		perror("waitpid");
		return 2;
	}
	/* A churn child killed (by the OOM killer, say) did not finish. */
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		errno = WIFSIGNALED(status) ? EINTR : EIO;
		failure("churn", "child");
		self->ops++;
		churn_died = 1;
	}
	sync();
	if (op(umount(mnt), "umount", mnt))
		op(mount(dev, mnt, type, 0, NULL), "mount", mnt);
	set_make_it_fail(0);

	out = fopen(list, "a");
	if (!out) {
		perror(list);
		return 2;
	}
	for (i = 0; i < nkept; i++)
		fprintf(out, "%s\n", kept[i]);
	fclose(out);
	printf("ops %u failed %u enomem %u\nfsync_us",
	       self->ops + child->ops, self->failed + child->failed,
	       self->enomem + child->enomem);
	for (i = 0; i < (int)nfsync; i++)
		printf(" %lu", fsync_us[i]);
	printf("\n%.*s%.*s", (int)self->log_len, self->log,
	       (int)child->log_len, child->log);
	return churn_died ? 3 : 0;
}

static int verify(const char *mnt, const char *list)
{
	static unsigned char want[BLOCK], got[BLOCK];
	unsigned int files = 0, bad = 0;
	char name[128], path[640];
	unsigned long blocks, b;
	FILE *in = fopen(list, "r");
	int fd;

	if (!in) {
		perror(list);
		return 2;
	}
	while (fscanf(in, "%127s %lu", name, &blocks) == 2) {
		files++;
		snprintf(path, sizeof(path), "%s/%s", mnt, name);
		fd = open(path, O_RDONLY);
		for (b = 0; fd >= 0 && b < blocks; b++) {
			fill(want, name, b);
			if (read(fd, got, BLOCK) != BLOCK || memcmp(want, got, BLOCK))
				break;
		}
		if (fd < 0 || b < blocks || read(fd, got, 1) != 0) {
			printf("mismatch: %s\n", path);
			bad++;
		}
		if (fd >= 0)
			close(fd);
	}
	fclose(in);
	printf("verified %u mismatches %u\n", files, bad);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	/* Short enough for every path buffer above, so none is truncated. */
	if (argc >= 4 && (strlen(argv[2]) > 128 || strlen(argv[3]) > 128)) {
		fprintf(stderr, "nofail-workload: path or round too long\n");
		return 2;
	}
	if (argc == 7 && !strcmp(argv[1], "run"))
		return run(argv[2], argv[3], argv[4], argv[5], argv[6]);
	if (argc == 4 && !strcmp(argv[1], "verify"))
		return verify(argv[2], argv[3]);
	fprintf(stderr, "usage: nofail-workload run MNT ROUND DEV TYPE LIST\n"
			"       nofail-workload verify MNT LIST\n");
	return 2;
}
