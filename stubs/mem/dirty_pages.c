/*
 * dirty_pages.c -- written pages of watched regions, by write protection
 * and a SIGSEGV handler (dirty_pages.h).
 *
 * The handler.  Installed once, at the first region, with SA_SIGINFO.  A
 * fault it takes is a store (SEGV_ACCERR) into a watched page: it marks
 * the page in the region's bitmap and makes the page writable, and the
 * store is retried and succeeds.  Any other fault is not ours and goes to
 * the handler installed before: called directly when it was a function;
 * when it was the default action (or ignoring, which cannot be honoured
 * for a fault), that action is put back and the faulting instruction,
 * retried, meets it.  A handler installed after ours that does not pass
 * faults on defeats this; a program that installs one must chain.
 *
 * Lock-free lookups.  The handler may run in any thread at any moment, so
 * it takes no lock: the regions are a fixed table whose entries are
 * published by storing their base last (release) and withdrawn by clearing
 * it first; the bitmap words are updated atomically.  A region is removed
 * only at the program's free of the memory, after which a store into it
 * would be the program's own use after free.
 *
 * Only mprotect and atomic operations run in the handler, both
 * async-signal-safe; errno is kept.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "stubs/mem/dirty_pages.h"

/* Managed allocations held at once; more fail the allocation. */
#define REGIONS_MAX 1024

struct region {
	_Atomic uintptr_t base;		/* 0: free entry */
	size_t size;
	_Atomic uint64_t *bits;		/* a bit a page, set: written */
};

static struct region regions[REGIONS_MAX];
static size_t page;
static struct sigaction before;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static bool installed;

size_t dirty_pages_page_size(void)
{
	if (page == 0)
		page = (size_t)sysconf(_SC_PAGESIZE);
	return page;
}

/* The region holding address a, or NULL.  Safe in the handler. */
static struct region *holding(uintptr_t a)
{
	for (size_t i = 0; i < REGIONS_MAX; i++) {
		uintptr_t b = atomic_load_explicit(&regions[i].base,
		    memory_order_acquire);

		if (b != 0 && a >= b && a - b < regions[i].size)
			return &regions[i];
	}
	return NULL;
}

static void pass_on(int sig, siginfo_t *info, void *context)
{
	if (before.sa_flags & SA_SIGINFO) {
		before.sa_sigaction(sig, info, context);
		return;
	}
	if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN) {
		before.sa_handler(sig);
		return;
	}
	/* The default action, met when the instruction runs again. */
	signal(sig, SIG_DFL);
}

static void on_fault(int sig, siginfo_t *info, void *context)
{
	int saved = errno;
	uintptr_t a = (uintptr_t)info->si_addr;
	struct region *r;

	if (info->si_code == SEGV_ACCERR && (r = holding(a)) != NULL) {
		uintptr_t b = atomic_load_explicit(&r->base, memory_order_relaxed);
		size_t n = (a - b) / page;

		atomic_fetch_or(&r->bits[n / 64], (uint64_t)1 << (n % 64));
		mprotect((void *)(b + n * page), page, PROT_READ | PROT_WRITE);
		errno = saved;
		return;
	}
	errno = saved;
	pass_on(sig, info, context);
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	installed = sigaction(SIGSEGV, &sa, &before) == 0;
}

bool dirty_pages_add(void *base, size_t size)
{
	size_t words, pages;
	_Atomic uint64_t *bits;

	dirty_pages_page_size();
	pthread_once(&install_once, install);
	if (!installed)
		return false;
	pages = size / page;
	words = (pages + 63) / 64;
	if ((bits = calloc(words == 0 ? 1 : words, sizeof(*bits))) == NULL)
		return false;
	for (size_t i = 0; i < REGIONS_MAX; i++) {
		if (atomic_load(&regions[i].base) != 0)
			continue;
		regions[i].size = size;
		regions[i].bits = bits;
		if (mprotect(base, size, PROT_READ) != 0)
			break;
		atomic_store_explicit(&regions[i].base, (uintptr_t)base,
		    memory_order_release);
		return true;
	}
	free(bits);
	return false;
}

void dirty_pages_remove(void *base)
{
	struct region *r = holding((uintptr_t)base);

	if (r == NULL)
		return;
	atomic_store_explicit(&r->base, 0, memory_order_release);
	mprotect(base, r->size, PROT_READ | PROT_WRITE);
	free((void *)r->bits);
	r->bits = NULL;
}

static bool is_set(struct region *r, size_t n)
{
	return (atomic_load(&r->bits[n / 64]) >> (n % 64)) & 1;
}

size_t dirty_pages_take(void *base, size_t size, size_t from, size_t *len)
{
	struct region *r = holding((uintptr_t)base);
	size_t pages = size / page, first, n;

	if (r == NULL)
		return size;
	for (first = from / page; first < pages && !is_set(r, first); first++)
		if (first % 64 == 0 && atomic_load(&r->bits[first / 64]) == 0)
			first += 63;	/* a clean word: skip it whole */
	if (first >= pages)
		return size;
	for (n = first; n < pages && is_set(r, n); n++)
		atomic_fetch_and(&r->bits[n / 64], ~((uint64_t)1 << (n % 64)));
	/* Clean first, protect next, read after: a store in between faults. */
	mprotect((char *)base + first * page, (n - first) * page, PROT_READ);
	*len = (n - first) * page;
	return first * page;
}

/* The whole pages of [p, p + len), clipped to r. */
static void pages_of(struct region *r, const void *p, size_t len,
    size_t *first, size_t *end)
{
	uintptr_t b = atomic_load(&r->base), a = (uintptr_t)p;
	size_t last = a - b + len;

	if (last > r->size)
		last = r->size;
	*first = (a - b) / page;
	*end = (last + page - 1) / page;
}

void dirty_pages_open(void *p, size_t len)
{
	struct region *r = holding((uintptr_t)p);
	size_t first, end;

	if (r == NULL || len == 0)
		return;
	pages_of(r, p, len, &first, &end);
	mprotect((char *)atomic_load(&r->base) + first * page,
	    (end - first) * page, PROT_READ | PROT_WRITE);
}

void dirty_pages_close(void *p, size_t len)
{
	struct region *r = holding((uintptr_t)p);
	size_t first, end;
	char *b;

	if (r == NULL || len == 0)
		return;
	b = (char *)atomic_load(&r->base);
	pages_of(r, p, len, &first, &end);
	for (size_t n = first; n < end; n++)
		if (!is_set(r, n))
			mprotect(b + n * page, page, PROT_READ);
}

void dirty_pages_mark(void *p, size_t len)
{
	struct region *r = holding((uintptr_t)p);
	size_t first, end;

	if (r == NULL || len == 0)
		return;
	pages_of(r, p, len, &first, &end);
	for (size_t n = first; n < end; n++)
		atomic_fetch_or(&r->bits[n / 64], (uint64_t)1 << (n % 64));
	mprotect((char *)atomic_load(&r->base) + first * page,
	    (end - first) * page, PROT_READ | PROT_WRITE);
}

void dirty_pages_forget_all(void)
{
	for (size_t i = 0; i < REGIONS_MAX; i++) {
		uintptr_t b = atomic_load(&regions[i].base);

		if (b != 0)
			dirty_pages_remove((void *)b);
	}
}
