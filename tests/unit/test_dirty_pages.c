/*
 * test_dirty_pages.c - stubs/mem/dirty_pages.c: a store into a watched page
 * is noted and goes through; take returns the written pages in runs, once,
 * and protects them again; the library's own stores (open/close, mark);
 * a fault that is not a watched page's reaches the handler installed
 * before; regions that share a page; stores racing with takes in another
 * thread are never lost for good.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "common/huge_pages.h"
#include "stubs/mem/dirty_pages.h"
#include "unit_check.h"

/* Pages in a group (dirty_pages.c): the aligned huge page around a store. */
static size_t group;

/* size bytes of fresh memory at an address aligned to a huge page. */
static char *aligned_map(size_t size)
{
	char *m = mmap(NULL, size + HUGE_PAGE_BYTES, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t a;

	CHECK(m != MAP_FAILED);
	a = ((uintptr_t)m + HUGE_PAGE_BYTES - 1) &
	    ~(uintptr_t)(HUGE_PAGE_BYTES - 1);
	return (char *)a;
}

static sigjmp_buf escape;
static volatile sig_atomic_t earlier_handler_ran;

/* The handler a program had before: it is reached for faults not ours. */
static void earlier(int sig)
{
	(void)sig;
	earlier_handler_ran = 1;
	siglongjmp(escape, 1);
}

/* The runs take gives from byte 0 on, as "first:pages" pairs. */
static void runs(char *base, size_t size, size_t page, char *out, size_t n)
{
	size_t at = 0, len = 0;

	out[0] = '\0';
	while ((at = dirty_pages_take(base, size, at, &len)) < size) {
		size_t used = strlen(out);

		snprintf(out + used, n - used, "%zu:%zu ", at / page, len / page);
		at += len;
	}
}

/* The runs of the region at p (size bytes), as "offset+bytes" pairs. */
static void byte_runs(char *p, size_t size, char *out, size_t n)
{
	size_t at = 0, len = 0;

	out[0] = '\0';
	while ((at = dirty_pages_take(p, size, at, &len)) < size) {
		size_t used = strlen(out);

		snprintf(out + used, n - used, "%zu+%zu ", at, len);
		at += len;
	}
}

/*
 * Regions at any address, two sharing a page, as packed managed
 * allocations do: a store into the shared page is each one's; one taking
 * it leaves it the other's; removing one leaves the other watching.
 */
static void shared_pages(size_t page)
{
	char got[256], want[64], *mem, *a, *b;

	mem = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(mem != MAP_FAILED);
	a = mem + 512;			/* 512 bytes into page 0 */
	b = mem + 1024;			/* the rest of page 0, and page 1 */
	CHECK(dirty_pages_add(a, 512));
	CHECK(dirty_pages_add(b, 2 * page - 1024));
	b[0] = 1;			/* page 0: both regions' */
	byte_runs(a, 512, got, sizeof(got));
	CHECK(strcmp(got, "0+512 ") == 0);
	byte_runs(a, 512, got, sizeof(got));
	CHECK(strcmp(got, "") == 0);
	a[3] = 2;			/* protected again by a's take */
	byte_runs(b, 2 * page - 1024, got, sizeof(got));
	snprintf(want, sizeof(want), "0+%zu ", page - 1024);
	CHECK(strcmp(got, want) == 0);
	b[page] = 3;			/* page 1: b's alone */
	byte_runs(b, 2 * page - 1024, got, sizeof(got));
	snprintf(want, sizeof(want), "%zu+%zu ", page - 1024, page);
	CHECK(strcmp(got, want) == 0);
	byte_runs(a, 512, got, sizeof(got));
	CHECK(strcmp(got, "0+512 ") == 0);
	dirty_pages_remove(a);
	b[5] = 4;			/* still noted for b */
	byte_runs(b, 2 * page - 1024, got, sizeof(got));
	snprintf(want, sizeof(want), "0+%zu ", page - 1024);
	CHECK(strcmp(got, want) == 0);
	dirty_pages_remove(b);
	a[0] = 5;			/* writable, noted nowhere */
	CHECK_EQ(a[0], 5);
	munmap(mem, 3 * page);
}

/*
 * A thread stores into every group of a region again and again while
 * another takes the written pages, as a program's thread may write
 * managed memory while another launches.  A take that came between the
 * handler's marking a group and its opening it once left the group
 * writable and unmarked, so that no later store in it was ever noted.
 * After the race every group must still note a store.
 */
#define RACE_GROUPS 32
#define RACE_SECONDS 2

static char *race_base;
static size_t race_page;
static atomic_bool race_over;

static void *race_writer(void *unused)
{
	unsigned char v = 0;

	(void)unused;
	while (!atomic_load(&race_over)) {
		v++;
		for (size_t g = 0; g < RACE_GROUPS; g++)
			race_base[(1 + group * g) * race_page + v % 16] =
			    (char)v;
	}
	return NULL;
}

static void racing_takes(size_t page)
{
	size_t size = (2 + group * RACE_GROUPS) * page, at, len, noted;
	struct timespec start, now;
	pthread_t writer;

	race_page = page;
	race_base = aligned_map(size);
	CHECK(dirty_pages_add(race_base, size));
	CHECK(pthread_create(&writer, NULL, race_writer, NULL) == 0);
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		for (at = 0; (at = dirty_pages_take(race_base, size, at,
		    &len)) < size; at += len)
			;
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < RACE_SECONDS);
	atomic_store(&race_over, true);
	pthread_join(writer, NULL);

	for (at = 0; (at = dirty_pages_take(race_base, size, at, &len)) < size;
	    at += len)
		;
	for (size_t g = 0; g < RACE_GROUPS; g++)
		race_base[(1 + group * g) * page + 3] = 1;
	noted = 0;
	for (at = 0; (at = dirty_pages_take(race_base, size, at, &len)) < size;
	    at += len)
		noted += len / page;
	/* Groups are huge pages, the region's first page begins one and is
	 * an end page, noted alone: the first group has one page fewer. */
	CHECK_EQ(noted, group * RACE_GROUPS - 1);
	dirty_pages_remove(race_base);
}

/*
 * A system call storing into a watched page (read(2) from a pipe): with
 * userfaultfd it goes through and is noted; with mprotect it fails with
 * EFAULT, as the README says.
 */
static void system_call_stores(size_t page)
{
	char *m = aligned_map(3 * page), got[64];
	bool by_uffd = strcmp(dirty_pages_method(), "userfaultfd") == 0;
	int fd[2];

	CHECK(dirty_pages_add(m, 3 * page));
	CHECK(pipe(fd) == 0 && write(fd[1], "bytes", 5) == 5);
	if (by_uffd) {
		CHECK_EQ(read(fd[0], m + page + 10, 5), 5);
		CHECK(memcmp(m + page + 10, "bytes", 5) == 0);
		byte_runs(m, 3 * page, got, sizeof(got));
		CHECK(strcmp(got, "4096+4096 ") == 0 || page != 4096);
	} else {
		errno = 0;
		CHECK_EQ(read(fd[0], m + page + 10, 5), -1);
		CHECK_EQ(errno, EFAULT);
	}
	close(fd[0]);
	close(fd[1]);
	dirty_pages_remove(m);
}

/* Run as it is, and once more with mprotect's tracking asked for. */
int main(int argc, char **argv)
{
	size_t page = dirty_pages_page_size(), pages, size;
	struct sigaction sa;
	char got[256], want[256], *base, *other;

	group = HUGE_PAGE_BYTES / page;
	pages = 2 * group + 200;	/* two whole groups and a part */
	size = pages * page;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = earlier;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_NODEFER;
	CHECK(sigaction(SIGSEGV, &sa, NULL) == 0);

	base = aligned_map(size);
	other = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(other != MAP_FAILED);
	CHECK(dirty_pages_add(base, size));

	/* Nothing written, nothing to take; reading does not count. */
	CHECK_EQ(base[5 * page], 0);
	runs(base, size, page, got, sizeof(got));
	CHECK(strcmp(got, "") == 0);

	/* Stores go through and are noted, with the aligned huge page of
	 * inner pages around them (one fault for a buffer being filled); a
	 * page past clean 64-page words is found. */
	base[3 * page + 1] = 1;
	base[4 * page] = 2;
	base[5 * page + page - 1] = 3;
	base[(2 * group + 190) * page] = 4;
	CHECK_EQ(base[3 * page + 1], 1);
	CHECK_EQ(base[(2 * group + 190) * page], 4);
	runs(base, size, page, got, sizeof(got));
	snprintf(want, sizeof(want), "1:%zu %zu:199 ", group - 1, 2 * group);
	CHECK(strcmp(got, want) == 0);
	/* Taken once; written again, noted again. */
	runs(base, size, page, got, sizeof(got));
	CHECK(strcmp(got, "") == 0);
	base[4 * page + 7] = 5;
	runs(base, size, page, got, sizeof(got));
	snprintf(want, sizeof(want), "1:%zu ", group - 1);
	CHECK(strcmp(got, want) == 0);
	base[group * page + 7] = 5;	/* the next huge page: a group whole */
	runs(base, size, page, got, sizeof(got));
	snprintf(want, sizeof(want), "%zu:%zu ", group, group);
	CHECK(strcmp(got, want) == 0);
	/* An end page, which a neighbour may share, is noted alone. */
	base[0] = 6;
	base[(pages - 1) * page + 3] = 7;
	runs(base, size, page, got, sizeof(got));
	snprintf(want, sizeof(want), "0:1 %zu:1 ", pages - 1);
	CHECK(strcmp(got, want) == 0);

	/* The library's own stores: open/close leaves the pages clean... */
	dirty_pages_open(base + 10 * page + 5, 2 * page);
	memset(base + 10 * page + 5, 9, 2 * page);
	dirty_pages_close(base + 10 * page + 5, 2 * page);
	runs(base, size, page, got, sizeof(got));
	CHECK(strcmp(got, "") == 0);
	base[11 * page] = 1;		/* ...and protected */
	runs(base, size, page, got, sizeof(got));
	snprintf(want, sizeof(want), "1:%zu ", group - 1);
	CHECK(strcmp(got, want) == 0);
	/* ...mark makes them written. */
	dirty_pages_mark(base + 20 * page, page + 1);
	runs(base, size, page, got, sizeof(got));
	CHECK(strcmp(got, "20:2 ") == 0);

	/* A fault that is not ours reaches the earlier handler. */
	if (sigsetjmp(escape, 1) == 0)
		other[0] = 1;
	CHECK(earlier_handler_ran);

	dirty_pages_remove(base);
	base[7 * page] = 1;		/* writable again, noted nowhere */
	CHECK_EQ(base[7 * page], 1);

	shared_pages(page);
	system_call_stores(page);
	racing_takes(page);
	printf("test_dirty_pages: stores learnt of by %s\n",
	    dirty_pages_method());
	if (unit_report("test_dirty_pages") != 0)
		return 1;
	(void)argc;
	if (getenv("ONCUDA_MANAGED_TRACKING") != NULL)
		return 0;
	fflush(stdout);
	setenv("ONCUDA_MANAGED_TRACKING", "mprotect", 1);
	execv("/proc/self/exe", argv);
	perror("test_dirty_pages: execv");
	return 1;
}
