/*
 * huge_pages.c -- the huge-page hint for large buffers (huge_pages.h).
 */
#include <stdint.h>
#include <sys/mman.h>

#include "common/huge_pages.h"

/* Linux 5.14's; Debian 12's glibc headers have it, older ones may not. */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

bool huge_pages_advise(void *p, size_t size, bool populate)
{
	uintptr_t a = (uintptr_t)p, lo, hi;

	if (size < HUGE_PAGE_BYTES || a > UINTPTR_MAX - size)
		return false;
	lo = (a + HUGE_PAGE_BYTES - 1) & ~(uintptr_t)(HUGE_PAGE_BYTES - 1);
	hi = (a + size) & ~(uintptr_t)(HUGE_PAGE_BYTES - 1);
	if (lo >= hi || madvise((void *)lo, hi - lo, MADV_HUGEPAGE) != 0)
		return false;
	/* Whole, so that the pages allocated now are huge ones where the
	 * kernel has them: the ends, in small pages, are left to faults. */
	return !populate ||
	    madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE) == 0;
}
