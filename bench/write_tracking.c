/*
 * write_tracking.c -- what finding a program's writes costs, by each way
 * Linux offers (issue 14: the client's side of managed memory,
 * stubs/mem/dirty_pages.c).  No GPU: it measures this machine's kernel.
 *
 *   bench/write_tracking [MIB]
 *
 * A buffer of MIB MiB (default 256), allocated at once in huge pages as
 * managed.c allocates a side, is write-protected, filled with memset (the
 * program's host_memset), its written pages collected and protected again,
 * then filled again; one line a way, in seconds:
 *
 *   mprotect-64k   PROT_READ and a SIGSEGV handler that opens the aligned
 *                  64 KiB around a store (oncuda before issue 14's work)
 *   mprotect-2m    the same, 2 MiB at a time (dirty_pages.c's fallback)
 *   uffd-2m        userfaultfd write protection, a thread opening the
 *                  aligned 2 MiB around each store it is told of
 *                  (dirty_pages.c where the kernel allows it)
 *   uffd-async     userfaultfd write protection in asynchronous mode
 *                  (Linux 6.7: the kernel opens each 4 KiB page a store
 *                  meets, no signal) and PAGEMAP_SCAN collecting the written
 *                  pages and protecting them again in one call
 *
 * and whether read(2) from a pipe into a protected page works (mprotect:
 * EFAULT; userfaultfd: it does).  userfaultfd needs privilege where
 * vm.unprivileged_userfaultfd is 0 (CAP_SYS_PTRACE, or access to
 * /dev/userfaultfd); refused, its line says so.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/userfaultfd.h>

#include "bench/measure.h"

/* What Debian 12's headers (Linux 6.1) lack. */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23			/* Linux 5.14 */
#endif
#ifndef UFFD_FEATURE_WP_UNPOPULATED
#define UFFD_FEATURE_WP_UNPOPULATED (1 << 13)	/* Linux 6.4 */
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15)		/* Linux 6.7 */
#endif
#ifndef PAGEMAP_SCAN				/* Linux 6.7, linux/fs.h */
#define PAGE_IS_WRITTEN (1 << 1)
#define PM_SCAN_WP_MATCHING (1 << 0)
#define PM_SCAN_CHECK_WPASYNC (1 << 1)
struct page_region {
	uint64_t start, end, categories;
};
struct pm_scan_arg {
	uint64_t size, flags, start, end, walk_end, vec, vec_len, max_pages;
	uint64_t category_inverted, category_mask, category_anyof_mask;
	uint64_t return_mask;
};
#define PAGEMAP_SCAN _IOWR('f', 16, struct pm_scan_arg)
#endif

#define HUGE ((size_t)2 << 20)

static size_t group;	/* bytes the SIGSEGV handler opens at once */

static void on_fault(int sig, siginfo_t *info, void *context)
{
	uintptr_t a = (uintptr_t)info->si_addr & ~(uintptr_t)(group - 1);

	(void)sig;
	(void)context;
	mprotect((void *)a, group, PROT_READ | PROT_WRITE);
}

/* size bytes at a huge page's address, allocated now in huge pages. */
static unsigned char *buffer(size_t size)
{
	unsigned char *m = mmap(NULL, size + HUGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *p;

	if (m == MAP_FAILED) {
		perror("write_tracking: mmap");
		exit(1);
	}
	p = (unsigned char *)(((uintptr_t)m + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
	(void)madvise(p, size, MADV_HUGEPAGE);
	(void)madvise(p, size, MADV_POPULATE_WRITE);
	return p;
}

/* What read(2) of 5 bytes from a pipe into p answers. */
static const char *read_into(unsigned char *p)
{
	static char what[64];
	int fd[2];
	ssize_t got;

	if (pipe(fd) != 0 || write(fd[1], "bytes", 5) != 5)
		return "no pipe";
	got = read(fd[0], p, 5);
	snprintf(what, sizeof(what), "%s",
		 got == 5 && memcmp(p, "bytes", 5) == 0 ? "works" :
		 got < 0 ? strerror(errno) : "short");
	close(fd[0]);
	close(fd[1]);
	return what;
}

/* A userfaultfd with write protection of populated and unpopulated pages
 * (features), and [p, p + size) registered and protected; -1: refused. */
static int protected_by_uffd(unsigned char *p, size_t size, uint64_t features)
{
	struct uffdio_api api = { UFFD_API, features, 0 };
	struct uffdio_register reg;
	struct uffdio_writeprotect wp;
	int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);

	if (fd < 0 || ioctl(fd, UFFDIO_API, &api) != 0)
		return -1;
	reg.range.start = (uintptr_t)p;
	reg.range.len = size;
	reg.mode = UFFDIO_REGISTER_MODE_WP;
	wp.range = reg.range;
	wp.mode = UFFDIO_WRITEPROTECT_MODE_WP;
	if (ioctl(fd, UFFDIO_REGISTER, &reg) != 0 ||
	    ioctl(fd, UFFDIO_WRITEPROTECT, &wp) != 0)
		return -1;
	return fd;
}

static void uffd_open(int fd, uintptr_t at, size_t len)
{
	struct uffdio_writeprotect wp = { { at, len }, 0 };

	ioctl(fd, UFFDIO_WRITEPROTECT, &wp);	/* and wakes the store */
}

/* The thread of uffd-2m: opens the 2 MiB around each store. */
static void *serve(void *arg)
{
	int fd = (int)(intptr_t)arg;
	struct uffd_msg msg;

	while (read(fd, &msg, sizeof(msg)) == (ssize_t)sizeof(msg))
		if (msg.event == UFFD_EVENT_PAGEFAULT)
			uffd_open(fd, msg.arg.pagefault.address &
				  ~(uint64_t)(HUGE - 1), HUGE);
	return NULL;
}

static void by_uffd_sync(size_t size)
{
	unsigned char *p = buffer(size);
	struct uffdio_writeprotect wp = { { (uintptr_t)p, size },
					  UFFDIO_WRITEPROTECT_MODE_WP };
	double t0, fill, rewrite;
	pthread_t thread;
	int fd = protected_by_uffd(p, size, UFFD_FEATURE_WP_UNPOPULATED);

	if (fd < 0 || pthread_create(&thread, NULL, serve,
				     (void *)(intptr_t)fd) != 0) {
		printf("%-14s refused: %s\n", "uffd-2m", strerror(errno));
		return;
	}
	t0 = now_seconds();
	memset(p, 0x3f, size);
	fill = now_seconds() - t0;
	ioctl(fd, UFFDIO_WRITEPROTECT, &wp);
	t0 = now_seconds();
	memset(p, 0x40, size);
	rewrite = now_seconds() - t0;
	ioctl(fd, UFFDIO_WRITEPROTECT, &wp);
	printf("%-14s fill %.3f s  rewrite %.3f s  read(2) into it: %s\n",
	       "uffd-2m", fill, rewrite, read_into(p + HUGE));
}

static void by_mprotect(size_t size, size_t bytes, const char *name)
{
	unsigned char *p = buffer(size);
	struct sigaction sa;
	double t0, fill, rewrite;

	group = bytes;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	mprotect(p, size, PROT_READ);
	t0 = now_seconds();
	memset(p, 0x3f, size);
	fill = now_seconds() - t0;
	mprotect(p, size, PROT_READ);	/* what a push does to the groups */
	t0 = now_seconds();
	memset(p, 0x40, size);
	rewrite = now_seconds() - t0;
	mprotect(p + HUGE, 4096, PROT_READ);
	printf("%-14s fill %.3f s  rewrite %.3f s  read(2) into it: %s\n", name,
	       fill, rewrite, read_into(p + HUGE));
}

/* PAGEMAP_SCAN's written pages of [p, p + size), protected again. */
static long collect(int pagemap, unsigned char *p, size_t size, size_t *bytes)
{
	static struct page_region vec[1024];
	struct pm_scan_arg a;
	long n, total = 0;
	uint64_t at = (uintptr_t)p, end = (uintptr_t)p + size;

	*bytes = 0;
	while (at < end) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.flags = PM_SCAN_WP_MATCHING | PM_SCAN_CHECK_WPASYNC;
		a.start = at;
		a.end = end;
		a.vec = (uintptr_t)vec;
		a.vec_len = 1024;
		a.category_mask = PAGE_IS_WRITTEN;
		a.return_mask = PAGE_IS_WRITTEN;
		if ((n = ioctl(pagemap, PAGEMAP_SCAN, &a)) < 0)
			return -1;
		for (long i = 0; i < n; i++)
			*bytes += vec[i].end - vec[i].start;
		total += n;
		at = a.walk_end;
	}
	return total;
}

static void by_uffd(size_t size)
{
	unsigned char *p = buffer(size);
	double t0, fill, rewrite, scan;
	size_t found, one;
	int fd, pagemap;

	fd = protected_by_uffd(p, size, UFFD_FEATURE_WP_ASYNC |
			       UFFD_FEATURE_WP_UNPOPULATED);
	pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || pagemap < 0) {
		printf("%-14s refused: %s\n", "uffd-async", strerror(errno));
		return;
	}
	t0 = now_seconds();
	memset(p, 0x3f, size);
	fill = now_seconds() - t0;
	t0 = now_seconds();
	if (collect(pagemap, p, size, &found) < 0 || found != size) {
		printf("%-14s PAGEMAP_SCAN failed or found %zu of %zu bytes\n",
		       "uffd-async", found, size);
		return;
	}
	scan = now_seconds() - t0;
	t0 = now_seconds();
	memset(p, 0x40, size);
	rewrite = now_seconds() - t0;
	collect(pagemap, p, size, &found);
	p[size / 2] = 1;
	t0 = now_seconds();
	collect(pagemap, p, size, &one);
	printf("%-14s fill %.3f s  rewrite %.3f s  read(2) into it: %s\n"
	       "%-14s collecting: all written %.4f s, one page %.4f s (%zu "
	       "bytes)\n", "uffd-async", fill, rewrite, read_into(p + HUGE),
	       "", scan, now_seconds() - t0, one);
}

int main(int argc, char **argv)
{
	unsigned long mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 256;
	size_t size;

	if (mib == 0 || mib > 65536) {
		fprintf(stderr, "usage: write_tracking [MIB]\n");
		return 2;
	}
	size = (size_t)mib << 20;
	printf("size           %lu MiB\n", mib);
	by_mprotect(size, (size_t)64 << 10, "mprotect-64k");
	by_mprotect(size, HUGE, "mprotect-2m");
	by_uffd_sync(size);
	by_uffd(size);
	return 0;
}
