/*
 * huge_pages.h -- asking the kernel to back large buffers with huge pages
 * (huge_pages.c), for managed memory's sides and shadows (issue 14).
 *
 * Each first store into a 4 KiB page of anonymous memory costs a page
 * fault; in a virtual machine a fault costs some 15 us, so filling 1 GiB
 * for the first time cost 3.7 s of faults on the stand-in's machine
 * (bench/managed_phases) where the program's own store took a tenth of
 * that.  Backed by 2 MiB pages, the same memory takes 512 times fewer.
 */
#ifndef ONCUDA_HUGE_PAGES_H
#define ONCUDA_HUGE_PAGES_H

#include <stdbool.h>
#include <stddef.h>

/* The size of the huge pages asked for: 2 MiB, x86-64's and arm64's. */
#define HUGE_PAGE_BYTES ((size_t)2 << 20)

/*
 * Asks for huge pages behind the whole huge pages inside [p, p + size)
 * (MADV_HUGEPAGE, which the default "madvise" mode of transparent huge
 * pages honours); with populate, also has them all allocated now
 * (MADV_POPULATE_WRITE, Linux 5.14).  A hint: false when the kernel
 * declined, and nothing is the worse for it but speed.
 */
bool huge_pages_advise(void *p, size_t size, bool populate);

#endif
