/*
 * dirty_pages.h -- which pages of a region the program has written since
 * they were last taken (dirty_pages.c): the pages are write-protected, and
 * the first store to one faults, marks it and unprotects it (with the
 * aligned 2 MiB around it).  Used for
 * managed memory (managed.c, mapped.c), whose buffers are too large to
 * compare whole at every push.
 *
 * A region is an allocation's bytes, at any address; its pages are those
 * its bytes touch, and a page at either end may be another region's too
 * (the driver packs small managed allocations several to a page).  The
 * offsets and lengths given back are bytes of the region.  The fault
 * handler reads the
 * regions without a lock; the other functions are called with the
 * connection lock held, or by the one thread that owns a region's life
 * (adding it before anyone knows its address, removing it at its free).
 */
#ifndef ONCUDA_DIRTY_PAGES_H
#define ONCUDA_DIRTY_PAGES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * How stores are learnt of: "userfaultfd" (a system call may store into a
 * watched page) or "mprotect and SIGSEGV" (one fails with EFAULT), chosen
 * at the first call; "none" when neither could be set up.
 */
const char *dirty_pages_method(void);

/* The size of a page, for the rounding of callers. */
size_t dirty_pages_page_size(void);

/*
 * Starts watching the size bytes at base: write-protects their pages, all
 * clean.  false: no memory for its
 * record, or no handler could be installed.
 */
bool dirty_pages_add(void *base, size_t size);

/*
 * Stops watching the region at base; its pages are left writable, but for
 * an end page another region holds and has not marked.
 */
void dirty_pages_remove(void *base);

/*
 * The next run of written pages of the region at base (size bytes) at or
 * after byte `from`: returns its offset and sets *len (the run's bytes
 * within the region), after
 * marking those pages clean and write-protecting them again, so that a
 * store made while the caller reads them faults and marks them anew.
 * Returns size when no page is written from `from` on.
 */
size_t dirty_pages_take(void *base, size_t size, size_t from, size_t *len);

/* The library is about to write [p, p + len) of a region: unprotects it. */
void dirty_pages_open(void *p, size_t len);

/*
 * It is done: write-protects again the pages of [p, p + len) that some
 * region holding them has not marked.
 */
void dirty_pages_close(void *p, size_t len);

/*
 * Marks the pages of [p, p + len) that lie in watched regions written and
 * unprotects them: for a store the library makes on the program's behalf
 * that must go out at the next push (a copy into managed memory), and
 * which a system call could not make into a protected page.
 */
void dirty_pages_mark(void *p, size_t len);

/* Unprotects and forgets every region (a child after fork: a new session). */
void dirty_pages_forget_all(void);

#endif
