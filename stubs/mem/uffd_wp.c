/*
 * uffd_wp.c -- write protection by userfaultfd (uffd_wp.h).
 *
 * One userfaultfd for the process, opened at the first start, in blocking
 * mode, and one thread that reads its messages: each is a store into a
 * protected page, which the thread hands to the handler and which waits
 * in the kernel until the handler opens the page.  The thread blocks
 * every signal, so that none meant for the program's threads lands in it.
 *
 * Unpopulated pages (the ends of a side, which are not allocated in huge
 * pages at once) are protected too, by UFFD_FEATURE_WP_UNPOPULATED
 * (Linux 6.4): without it a first store into one would not be reported.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/userfaultfd.h>

#include "stubs/mem/uffd_wp.h"

/* Linux 6.4's; Debian 12's headers (Linux 6.1) lack it. */
#ifndef UFFD_FEATURE_WP_UNPOPULATED
#define UFFD_FEATURE_WP_UNPOPULATED (1 << 13)
#endif

static int uffd = -1;
static void (*handler)(uintptr_t);
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void *serve(void *unused)
{
	struct uffd_msg msg;
	sigset_t all;

	(void)unused;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	for (;;) {
		ssize_t got = read(uffd, &msg, sizeof(msg));

		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got != (ssize_t)sizeof(msg))
			return NULL;	/* closed: nothing is protected any more */
		if (msg.event == UFFD_EVENT_PAGEFAULT &&
		    (msg.arg.pagefault.flags & UFFD_PAGEFAULT_FLAG_WP))
			handler((uintptr_t)msg.arg.pagefault.address);
	}
}

static void forget(void)
{
	if (uffd >= 0)
		close(uffd);
	uffd = -1;
}

static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, uffd_wp_forget_in_child);
}

bool uffd_wp_start(void (*on_store)(uintptr_t address))
{
	struct uffdio_api api;
	pthread_attr_t attr;
	pthread_t thread;
	bool started;

	if (uffd >= 0)
		return true;
	uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);
	if (uffd < 0)
		return false;
	memset(&api, 0, sizeof(api));
	api.api = UFFD_API;
	api.features = UFFD_FEATURE_WP_UNPOPULATED;
	if (ioctl(uffd, UFFDIO_API, &api) != 0 ||
	    !(api.ioctls & ((uint64_t)1 << _UFFDIO_REGISTER))) {
		forget();
		return false;
	}
	handler = on_store;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	started = pthread_create(&thread, &attr, serve, NULL) == 0;
	pthread_attr_destroy(&attr);
	if (!started) {
		forget();
		return false;
	}
	pthread_once(&fork_once, register_fork_handler);
	return true;
}

bool uffd_wp_register(void *p, size_t len)
{
	struct uffdio_register r;

	memset(&r, 0, sizeof(r));
	r.range.start = (uintptr_t)p;
	r.range.len = len;
	r.mode = UFFDIO_REGISTER_MODE_WP;
	return uffd >= 0 && ioctl(uffd, UFFDIO_REGISTER, &r) == 0 &&
	    (r.ioctls & ((uint64_t)1 << _UFFDIO_WRITEPROTECT));
}

bool uffd_wp_protect(void *p, size_t len, bool protect)
{
	struct uffdio_writeprotect w;

	if (uffd < 0 || len == 0)
		return uffd >= 0;
	memset(&w, 0, sizeof(w));
	w.range.start = (uintptr_t)p;
	w.range.len = len;
	w.mode = protect ? UFFDIO_WRITEPROTECT_MODE_WP :
	    UFFDIO_WRITEPROTECT_MODE_DONTWAKE;
	while (ioctl(uffd, UFFDIO_WRITEPROTECT, &w) != 0)
		if (errno != EAGAIN)	/* the mappings changing meanwhile */
			return false;
	return true;
}

void uffd_wp_wake(void *p, size_t len)
{
	struct uffdio_range r = { (uintptr_t)p, len };

	if (uffd >= 0)
		(void)ioctl(uffd, UFFDIO_WAKE, &r);
}

void uffd_wp_forget_in_child(void)
{
	forget();
	handler = NULL;
}
