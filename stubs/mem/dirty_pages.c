/*
 * dirty_pages.c -- written pages of watched regions, by write protection
 * (dirty_pages.h): userfaultfd's where the kernel allows it (uffd_wp.h:
 * a system call may then store into a protected page), else mprotect's
 * and a SIGSEGV handler.  ONCUDA_MANAGED_TRACKING=mprotect asks for the
 * latter (to compare them).  Both open and mark the same groups; in what
 * follows, "the handler" is either's.
 *
 * The handler.  Installed once, at the first region, with SA_SIGINFO.  A
 * fault it takes is a store (SEGV_ACCERR) into a watched page: it marks
 * the page in the bitmap of each region holding it and makes the page
 * writable, and the store is retried and succeeds.  Any other fault is
 * not ours and goes to the handler installed before: called directly when
 * it was a function; when it was the default action (or ignoring, which
 * cannot be honoured for a fault), that action is put back and the
 * faulting instruction, retried, meets it.  A handler installed after ours that does not pass
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

#include "common/huge_pages.h"
#include "stubs/mem/dirty_pages.h"
#include "stubs/mem/uffd_wp.h"

/* Managed allocations held at once; more fail the allocation. */
#define REGIONS_MAX 1024

/*
 * A region is one allocation's bytes, [base, base + size), and the bits
 * are its pages: those from the page holding base to the one holding its
 * last byte.  The driver packs small managed allocations several to a
 * page, so a page at either end may be another region's too; each region
 * keeps its own bit for it.  What makes that safe is one invariant: a page
 * is writable only while every region that holds it has it marked (but for
 * the moment between the handler's opening a page and its marking it, see
 * on_fault).  So a store into a shared page faults unless all its regions
 * will compare it at their next push; the handler marks it in all of them.
 */
struct region {
	_Atomic uintptr_t base;		/* 0: free entry */
	size_t size;
	uintptr_t first;		/* the page holding base */
	size_t pages;
	_Atomic uint64_t *bits;		/* a bit a page, set: written */
};

static struct region regions[REGIONS_MAX];
static size_t page;
static struct sigaction before;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static bool installed;
static bool by_uffd;		/* userfaultfd's protection, not mprotect's */

/* Protects [p, p + len) (whole pages) against stores, or opens it. */
static void protect(uintptr_t p, size_t len)
{
	if (by_uffd)
		(void)uffd_wp_protect((void *)p, len, true);
	else
		mprotect((void *)p, len, PROT_READ);
}

static void open_pages(uintptr_t p, size_t len)
{
	if (by_uffd)
		(void)uffd_wp_protect((void *)p, len, false);
	else
		mprotect((void *)p, len, PROT_READ | PROT_WRITE);
}

size_t dirty_pages_page_size(void)
{
	if (page == 0)
		page = (size_t)sysconf(_SC_PAGESIZE);
	return page;
}

/* Whether r is live and holds the page at p (page-aligned).  Handler-safe. */
static bool holds_page(struct region *r, uintptr_t p)
{
	uintptr_t b = atomic_load_explicit(&r->base, memory_order_acquire);

	return b != 0 && p >= r->first && (p - r->first) / page < r->pages;
}

static void set_bit(struct region *r, uintptr_t p)
{
	size_t n = (p - r->first) / page;

	atomic_fetch_or(&r->bits[n / 64], (uint64_t)1 << (n % 64));
}

static bool bit_of(struct region *r, uintptr_t p)
{
	size_t n = (p - r->first) / page;

	return (atomic_load(&r->bits[n / 64]) >> (n % 64)) & 1;
}

/* The region whose bytes contain address a, or NULL. */
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

/* Marks the page at p in every region that holds it; true if any does. */
static bool mark_everywhere(uintptr_t p)
{
	bool any = false;

	for (size_t i = 0; i < REGIONS_MAX; i++)
		if (holds_page(&regions[i], p)) {
			set_bit(&regions[i], p);
			any = true;
		}
	return any;
}

/* Whether every live region that holds the page at p has it marked. */
static bool marked_everywhere(uintptr_t p)
{
	for (size_t i = 0; i < REGIONS_MAX; i++)
		if (holds_page(&regions[i], p) && !bit_of(&regions[i], p))
			return false;
	return true;
}

/*
 * Whether the page at p of r is marked wherever it must be: in r alone for
 * a page inside it, in every region holding it for its first or last page,
 * the only ones a neighbour may share (allocations do not overlap).
 */
static bool page_marked(struct region *r, uintptr_t p)
{
	uintptr_t last = r->first + (r->pages - 1) * page;

	return p == r->first || p == last ? marked_everywhere(p) :
	    bit_of(r, p);
}

/* Marks the page at p of r, in every region holding it if it may be shared. */
static void page_mark(struct region *r, uintptr_t p)
{
	uintptr_t last = r->first + (r->pages - 1) * page;

	if (p == r->first || p == last)
		mark_everywhere(p);
	else
		set_bit(r, p);
}

/*
 * A store into a page inside a region (not an end page, which a neighbour
 * may share) opens and marks the whole group around it within the
 * region's inner pages, [*lo, *hi): the aligned 2 MiB (a huge page,
 * huge_pages.h) holding it.  The group's region is returned (NULL: the
 * page alone).  A program that fills a buffer then takes one fault a
 * group instead of one a page (a signal and an mprotect each, some 80 us
 * in a virtual machine: 64 KiB groups made filling 256 MiB cost 0.3 s more
 * than the stores, 2 MiB ones 0.01 s); and a group that is a whole huge
 * page keeps it whole, where a smaller mprotect splits it into small
 * pages.  The price is that the next push compares the group's untouched
 * pages too, which memcmp does at some 10 GB/s: 0.2 ms a group.
 * Handler-safe.
 */
#define GROUP_BYTES HUGE_PAGE_BYTES

static struct region *group_around(uintptr_t p, uintptr_t *lo, uintptr_t *hi)
{
	for (size_t i = 0; i < REGIONS_MAX; i++) {
		struct region *r = &regions[i];
		uintptr_t inner_lo, inner_hi, g;

		if (!holds_page(r, p) || r->pages < 3)
			continue;
		inner_lo = r->first + page;
		inner_hi = r->first + (r->pages - 1) * page;
		if (p < inner_lo || p >= inner_hi)
			return NULL;
		g = p & ~(uintptr_t)(GROUP_BYTES - 1);
		*lo = g < inner_lo ? inner_lo : g;
		*hi = inner_hi - g < GROUP_BYTES ? inner_hi : g + GROUP_BYTES;
		return r;
	}
	return NULL;
}

/* Whether a live region holds the page at p.  Handler-safe. */
static bool watched(uintptr_t p)
{
	for (size_t i = 0; i < REGIONS_MAX; i++)
		if (holds_page(&regions[i], p))
			return true;
	return false;
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

/*
 * A store into the watched page at p (page-aligned): opens its group and
 * marks it.  Open first, mark after.  A push that takes the marks in
 * between misses the stores made meanwhile, and the next push sends them.
 * Marked first, a push could take the marks and protect the pages before
 * they were opened here: they would stay writable and unmarked, and no
 * later store in them would be seen.
 */
static void note_store(uintptr_t p)
{
	uintptr_t lo = p, hi = p + page;
	struct region *group = group_around(p, &lo, &hi);

	open_pages(lo, hi - lo);
	mark_everywhere(p);
	for (uintptr_t q = lo; group != NULL && q < hi; q += page)
		set_bit(group, q);
	/* The store waits until now in userfaultfd's case (uffd_wp.h). */
	if (by_uffd)
		uffd_wp_wake((void *)lo, hi - lo);
}

/* userfaultfd's report of a store (uffd_wp.c's thread).  A page no longer
 * watched (its region removed while the store waited) is opened alone:
 * the storing thread waits until its page is open. */
static void on_store(uintptr_t address)
{
	uintptr_t p = address & ~(uintptr_t)(page - 1);

	if (watched(p)) {
		note_store(p);
		return;
	}
	open_pages(p, page);
	uffd_wp_wake((void *)p, page);
}

static void on_fault(int sig, siginfo_t *info, void *context)
{
	int saved = errno;
	uintptr_t p = (uintptr_t)info->si_addr & ~(uintptr_t)(page - 1);

	if (info->si_code == SEGV_ACCERR && watched(p)) {
		note_store(p);
		errno = saved;
		return;
	}
	errno = saved;
	pass_on(sig, info, context);
}

static void install(void)
{
	const char *asked = getenv("ONCUDA_MANAGED_TRACKING");
	struct sigaction sa;

	if ((asked == NULL || strcmp(asked, "mprotect") != 0) &&
	    uffd_wp_start(on_store)) {
		by_uffd = installed = true;
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	installed = sigaction(SIGSEGV, &sa, &before) == 0;
}

const char *dirty_pages_method(void)
{
	dirty_pages_page_size();
	pthread_once(&install_once, install);
	return !installed ? "none" : by_uffd ? "userfaultfd" :
	    "mprotect and SIGSEGV";
}

bool dirty_pages_add(void *base, size_t size)
{
	uintptr_t b = (uintptr_t)base, first, end;
	size_t words, pages;
	_Atomic uint64_t *bits;

	dirty_pages_page_size();
	pthread_once(&install_once, install);
	if (!installed || b == 0 || size == 0 || b > UINTPTR_MAX - size - page)
		return false;
	first = b & ~(uintptr_t)(page - 1);
	end = (b + size + page - 1) & ~(uintptr_t)(page - 1);
	/* Started again in a child after fork (dirty_pages_forget_all). */
	if (by_uffd && (!uffd_wp_start(on_store) ||
	    !uffd_wp_register((void *)first, end - first)))
		return false;
	pages = (end - first) / page;
	words = (pages + 63) / 64;
	if ((bits = calloc(words, sizeof(*bits))) == NULL)
		return false;
	for (size_t i = 0; i < REGIONS_MAX; i++) {
		if (atomic_load(&regions[i].base) != 0)
			continue;
		regions[i].size = size;
		regions[i].first = first;
		regions[i].pages = pages;
		regions[i].bits = bits;
		/*
		 * Published, then protected: all clean, so a neighbour's
		 * writable end page is protected too (its bit stays set).
		 * Protected first, a store to that page in between would
		 * leave it writable and unmarked here.
		 */
		atomic_store_explicit(&regions[i].base, b,
		    memory_order_release);
		if (by_uffd ? uffd_wp_protect((void *)first, end - first, true) :
		    mprotect((void *)first, end - first, PROT_READ) == 0)
			return true;
		atomic_store_explicit(&regions[i].base, 0,
		    memory_order_release);
		break;
	}
	free(bits);
	return false;
}

void dirty_pages_remove(void *base)
{
	struct region *r = holding((uintptr_t)base);
	uintptr_t last;

	if (r == NULL || atomic_load(&r->base) != (uintptr_t)base)
		return;
	atomic_store_explicit(&r->base, 0, memory_order_release);
	last = r->first + (r->pages - 1) * page;
	open_pages(r->first, r->pages * page);
	/* An end page another region holds keeps the invariant for it. */
	if (!marked_everywhere(r->first))
		protect(r->first, page);
	if (last != r->first && !marked_everywhere(last))
		protect(last, page);
	free((void *)r->bits);
	r->bits = NULL;
}

/* The page holding byte `at` of r. */
static uintptr_t page_of(struct region *r, size_t at)
{
	return (atomic_load(&r->base) + at) & ~(uintptr_t)(page - 1);
}

size_t dirty_pages_take(void *base, size_t size, size_t from, size_t *len)
{
	struct region *r = holding((uintptr_t)base);
	uintptr_t b = (uintptr_t)base, end, p, q;

	if (r == NULL || atomic_load(&r->base) != b || from >= size)
		return size;
	end = r->first + r->pages * page;
	for (p = page_of(r, from); p < end && !bit_of(r, p); p += page) {
		size_t n = (p - r->first) / page;

		if (n % 64 == 0 && atomic_load(&r->bits[n / 64]) == 0)
			p += 63 * page;	/* a clean word: skip it whole */
	}
	if (p >= end)
		return size;
	for (q = p; q < end && bit_of(r, q); q += page) {
		size_t n = (q - r->first) / page;

		atomic_fetch_and(&r->bits[n / 64], ~((uint64_t)1 << (n % 64)));
	}
	/* Clean first, protect next, read after: a store in between faults. */
	protect(p, q - p);
	if (q > b + size)
		q = b + size;
	if (p < b + from)
		p = b + from;
	*len = q - p;
	return p - b;
}

/* The pages of [p, p + len), clipped to r's: first and one past the last. */
static void pages_of(struct region *r, const void *p, size_t len,
    uintptr_t *first, uintptr_t *end)
{
	uintptr_t a = (uintptr_t)p, stop = a + len;
	uintptr_t top = r->first + r->pages * page;

	*first = a & ~(uintptr_t)(page - 1);
	*end = (stop + page - 1) & ~(uintptr_t)(page - 1);
	if (*end > top)
		*end = top;
}

void dirty_pages_open(void *p, size_t len)
{
	struct region *r = holding((uintptr_t)p);
	uintptr_t first, end;

	if (r == NULL || len == 0)
		return;
	pages_of(r, p, len, &first, &end);
	open_pages(first, end - first);
}

void dirty_pages_close(void *p, size_t len)
{
	struct region *r = holding((uintptr_t)p);
	uintptr_t first, end;

	if (r == NULL || len == 0)
		return;
	pages_of(r, p, len, &first, &end);
	/* Runs of unmarked pages, one mprotect each: every call that takes
	 * away a permission flushes the TLBs of all the CPUs the program
	 * runs on, so one a page made a 4 MiB pull cost ~1000 flushes. */
	for (uintptr_t q = first; q < end; ) {
		uintptr_t run;

		if (page_marked(r, q)) {
			q += page;
			continue;
		}
		for (run = q; q < end && !page_marked(r, q); q += page)
			;
		protect(run, q - run);
	}
}

void dirty_pages_mark(void *p, size_t len)
{
	struct region *r = holding((uintptr_t)p);
	uintptr_t first, end;

	if (r == NULL || len == 0)
		return;
	pages_of(r, p, len, &first, &end);
	for (uintptr_t q = first; q < end; q += page)
		page_mark(r, q);
	open_pages(first, end - first);
}

void dirty_pages_forget_all(void)
{
	/* The child's memory is not registered with the parent's
	 * userfaultfd, whose calls would change the parent's pages: it is
	 * forgotten first, and the child's first region opens one anew. */
	if (by_uffd)
		uffd_wp_forget_in_child();
	for (size_t i = 0; i < REGIONS_MAX; i++) {
		uintptr_t b = atomic_load(&regions[i].base);

		if (b != 0)
			dirty_pages_remove((void *)b);
	}
}
