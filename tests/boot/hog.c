// SPDX-License-Identifier: GPL-2.0
/*
 * nofail-hog: the pressure mode's memory hogs.
 *
 *   nofail-hog hold MB   take MB megabytes and keep them, writing a byte
 *                        of every page now and then so that they stay in
 *                        use; the OOM killer's last choice (oom_score_adj
 *                        -900), so that the pressure stays while "grow"
 *                        is started again
 *   nofail-hog grow      take a megabyte at a time until the OOM killer
 *                        kills it, its first choice (oom_score_adj 1000)
 *
 * Anonymous memory, written, cannot be reclaimed without swap: with
 * "hold" near the free memory, "grow" reaches the limit within a few
 * megabytes, and tests/boot/init starts it again after each kill, so the
 * OOM killer acts again and again while the workload runs.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CHUNK	(1UL << 20)
#define PAGE	4096UL

static void oom_score_adj(const char *value)
{
	int fd = open("/proc/self/oom_score_adj", O_WRONLY);

	if (fd < 0 || write(fd, value, strlen(value)) != (ssize_t)strlen(value)) {
		perror("oom_score_adj");
		exit(1);
	}
	close(fd);
}

/* A megabyte, every page written; NULL when the mapping fails. */
static char *chunk(unsigned long n)
{
	char *p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long i;

	if (p == MAP_FAILED)
		return NULL;
	for (i = 0; i < CHUNK; i += PAGE)
		p[i] = (char)(n + i);
	return p;
}

static int hold(unsigned long mb)
{
	char **held = calloc(mb, sizeof(*held));
	unsigned long n, i, round = 0;

	if (!held)
		return 1;
	oom_score_adj("-900");
	for (n = 0; n < mb; n++)
		while (!(held[n] = chunk(n)))
			usleep(1000);
	for (;;) {
		sleep(1);
		for (n = 0; n < mb; n++)
			for (i = 0; i < CHUNK; i += PAGE)
				held[n][i] = (char)(round + i);
		round++;
	}
}

static void __attribute__((noreturn)) grow(void)
{
	unsigned long n = 0;

	oom_score_adj("1000");
	for (;;) {
		if (chunk(n))
			n++;
		else
			usleep(1000);
	}
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "hold"))
		return hold(strtoul(argv[2], NULL, 10));
	if (argc == 2 && !strcmp(argv[1], "grow"))
		grow();
	fprintf(stderr, "usage: nofail-hog hold MB | nofail-hog grow\n");
	return 2;
}
