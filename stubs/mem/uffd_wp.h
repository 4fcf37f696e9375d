/*
 * uffd_wp.h -- write protection by userfaultfd (uffd_wp.c), the way
 * dirty_pages.c learns of the program's stores where the kernel allows it.
 *
 * Against mprotect and a SIGSEGV handler it has two gains: a system call
 * storing into a protected page (read(2) into managed memory) waits for
 * the page to be opened, where with mprotect it fails with EFAULT; and no
 * signal is raised, so a program's or valgrind's own SIGSEGV handling is
 * not in the way.  The stores are reported to a thread of this file's,
 * which calls the handler given at the start; the storing thread waits
 * until the handler has opened the page.  Synchronous mode, not the
 * asynchronous one of Linux 6.7 (in which the kernel opens the page
 * itself): asynchronous, each 4 KiB page costs a fault and a 2 MiB huge
 * page is split for it, 4.7 s to fill 1 GiB on the stand-in's machine,
 * where the handler opens 2 MiB at once (bench/write_tracking).
 */
#ifndef ONCUDA_UFFD_WP_H
#define ONCUDA_UFFD_WP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Opens the userfaultfd and starts the thread that calls on_store(address)
 * for each store into a protected page; on_store must open that page
 * (uffd_wp_protect(..., false)) and wake it (uffd_wp_wake), or its thread
 * waits for ever.  false:
 * the kernel refuses (no userfaultfd, no write protection of unpopulated
 * memory (Linux 6.4), no right to it: vm.unprivileged_userfaultfd is 0
 * and the process lacks CAP_SYS_PTRACE), and nothing is started.
 */
bool uffd_wp_start(void (*on_store)(uintptr_t address));

/* Makes [p, p + len) (whole pages, mapped) protectable.  false: refused. */
bool uffd_wp_register(void *p, size_t len);

/*
 * Protects [p, p + len) against writes, or opens it.  Opening wakes none
 * of the stores waiting there: the handler opens, records the store, and
 * only then wakes them (uffd_wp_wake), so that a thread that stored and
 * goes on to collect the written pages finds its store recorded, as it
 * does with a SIGSEGV handler, which runs in the storing thread.  false:
 * refused (a range not registered).
 */
bool uffd_wp_protect(void *p, size_t len, bool protect);

/* Wakes the stores waiting in [p, p + len) (to retry, and meet an open
 * page).  */
void uffd_wp_wake(void *p, size_t len);

/* In a child after fork: the parent's userfaultfd is none of its business
 * (its memory is not registered in the child); forgets it. */
void uffd_wp_forget_in_child(void);

#endif
