/*
 * server/session/session_table.c -- the table of sessions and their
 * counters (session_table.h).
 *
 * A session is a process that runs the client's CUDA work and decodes what
 * the network sends: if it goes wrong, a stray write must not reach the
 * daemon or another session.  So the table is a memory file (memfd) of one
 * slot per session, each slot two pages:
 *
 *   the daemon's page   pid, peer, start time: written by the daemon only
 *   the session's page  struct usage_counters: written by that session only
 *
 * and it is mapped three ways.  The daemon maps it all writable, marked
 * MADV_DONTFORK so that no session inherits that mapping.  Every process
 * maps it all read-only, through a descriptor opened read-only, so that not
 * even mprotect() can make that mapping writable.  Just before each fork
 * the daemon maps the new session's own page writable once more; the
 * session inherits that mapping, and the daemon unmaps its copy after the
 * fork.  The memfd itself is close-on-exec and every session closes its
 * inherited descriptors at start (child.c).  A session therefore can write
 * its own counters and nothing else of the table, and counting is plain
 * memory access, never a system call.
 *
 * Readers take the session's page as untrusted: numbers, and an identity
 * bounded and cleaned here.  (A session running arbitrary code as the
 * daemon's user could still ptrace the daemon where the kernel lets it;
 * Yama's ptrace_scope 1 does not.)
 *
 * The daemon's page is written under a sequence count (odd while written),
 * so that a reader in another process never takes half of one session and
 * half of the next for one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "server/session/log.h"
#include "server/session/session_table.h"

struct public_page {
	_Atomic uint32_t seq;
	_Atomic int32_t pid;		/* 0: a free slot */
	int64_t since;
	char peer[SESSION_PEER_MAX];
};

static unsigned slot_count;
static size_t page_size;
static int memfd = -1;
static unsigned char *daemon_view;	/* writable, the daemon's only */
static const unsigned char *shared_view;	/* read-only, everyone's */
static bool *taken;			/* the daemon's: slots given out */
static struct usage_counters *forked_page;	/* the next session's */
static bool in_session;		/* this process is a session, not the daemon */

static size_t slot_offset(unsigned slot)
{
	return (size_t)slot * 2 * page_size;
}

static struct public_page *daemon_public(unsigned slot)
{
	return (struct public_page *)(void *)(daemon_view + slot_offset(slot));
}

static struct usage_counters *daemon_counters(unsigned slot)
{
	return (struct usage_counters *)(void *)(daemon_view +
	    slot_offset(slot) + page_size);
}

static bool fail(const char *what)
{
	log_msg(LOG_WARN, "sessions will not be listed or counted: %s: %s",
	    what, strerror(errno));
	return false;
}

bool session_table_create(unsigned slots)
{
	char path[64];
	size_t len;
	void *rw, *ro;
	int ro_fd;

	_Static_assert(sizeof(struct public_page) <= 4096, "a page");
	_Static_assert(sizeof(struct usage_counters) <= 4096, "a page");
	page_size = (size_t)sysconf(_SC_PAGESIZE);
	len = (size_t)slots * 2 * page_size;
	if ((taken = calloc(slots, sizeof *taken)) == NULL)
		return fail("the table of slots");
	if ((memfd = memfd_create("oncuda-sessions", MFD_CLOEXEC)) < 0)
		return fail("memfd_create");
	if (ftruncate(memfd, (off_t)len) < 0)
		return fail("ftruncate of the session table");
	rw = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
	if (rw == MAP_FAILED)
		return fail("mmap of the session table");
	if (madvise(rw, len, MADV_DONTFORK) < 0)
		return fail("madvise(MADV_DONTFORK)");
	/* A read-only descriptor of the same file: its mapping can never be
	 * made writable. */
	snprintf(path, sizeof path, "/proc/self/fd/%d", memfd);
	if ((ro_fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return fail(path);
	ro = mmap(NULL, len, PROT_READ, MAP_SHARED, ro_fd, 0);
	close(ro_fd);
	if (ro == MAP_FAILED)
		return fail("mmap of the session table, read-only");
	daemon_view = rw;
	shared_view = ro;
	slot_count = slots;
	return true;
}

int session_table_open_slot(void)
{
	void *page;

	for (unsigned i = 0; i < slot_count; i++) {
		if (taken[i])
			continue;
		page = mmap(NULL, page_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		    memfd, (off_t)(slot_offset(i) + page_size));
		if (page == MAP_FAILED) {
			log_msg(LOG_WARN, "a session goes uncounted: mmap of its "
			    "slot: %s", strerror(errno));
			return -1;
		}
		taken[i] = true;
		forked_page = page;
		return (int)i;
	}
	return -1;
}

void session_table_child(int slot)
{
	in_session = true;
	/* MADV_DONTFORK left the daemon's view out of this process, but a
	 * tool that tracks mappings itself (valgrind) still believes it is
	 * here, and a leak check then faults through every page of it.
	 * Nothing has been mapped since the fork, so this unmaps nothing
	 * else, and tells the tool. */
	if (slot_count > 0)
		munmap(daemon_view, (size_t)slot_count * 2 * page_size);
	usage_attach(slot >= 0 ? forked_page : NULL);
}

static void write_public(unsigned slot, pid_t pid, const char *peer)
{
	struct public_page *p = daemon_public(slot);
	struct timespec now;

	atomic_fetch_add_explicit(&p->seq, 1, memory_order_acq_rel);
	clock_gettime(CLOCK_REALTIME, &now);
	p->since = pid > 0 ? (int64_t)now.tv_sec : 0;
	snprintf(p->peer, sizeof p->peer, "%s", pid > 0 ? peer : "");
	atomic_store_explicit(&p->pid, (int32_t)pid, memory_order_relaxed);
	atomic_fetch_add_explicit(&p->seq, 1, memory_order_release);
}

void session_table_parent(int slot, pid_t pid, const char *peer)
{
	if (slot < 0)
		return;
	munmap(forked_page, page_size);
	forked_page = NULL;
	if (pid > 0) {
		write_public((unsigned)slot, pid, peer);
		return;
	}
	memset(daemon_counters((unsigned)slot), 0, page_size);
	taken[slot] = false;
}

/* The counters of a session as figures; the identity made safe to print. */
static void take_counters(const struct usage_counters *c,
    struct session_figures *f)
{
	char identity[USAGE_IDENTITY_MAX];

	f->calls = atomic_load_explicit(&c->calls, memory_order_relaxed);
	f->bytes_in = atomic_load_explicit(&c->bytes_in, memory_order_relaxed);
	f->bytes_out = atomic_load_explicit(&c->bytes_out, memory_order_relaxed);
	f->device_memory = atomic_load_explicit(&c->device_memory, memory_order_relaxed);
	f->device_peak = atomic_load_explicit(&c->device_peak, memory_order_relaxed);
	f->page_locked = atomic_load_explicit(&c->page_locked, memory_order_relaxed);
	f->page_locked_peak = atomic_load_explicit(&c->page_locked_peak,
	    memory_order_relaxed);
	f->contexts = atomic_load_explicit(&c->contexts, memory_order_relaxed);
	f->key_proved = atomic_load_explicit(&c->key_proved,
	    memory_order_acquire) != 0;
	memcpy(identity, c->identity, sizeof identity);
	for (size_t i = 0; i < sizeof identity; i++) {
		unsigned char ch = (unsigned char)identity[i];

		if (ch == '\0')
			break;
		if (ch < 0x20 || ch > 0x7e || ch == '"' || ch == '\\')
			identity[i] = '?';
	}
	identity[sizeof identity - 1] = '\0';
	memcpy(f->identity, identity, sizeof identity);
}

void session_table_close_slot(int slot, struct session_figures *last)
{
	memset(last, 0, sizeof *last);
	if (slot < 0)
		return;
	take_counters(daemon_counters((unsigned)slot), last);
	last->pid = atomic_load_explicit(&daemon_public((unsigned)slot)->pid,
	    memory_order_relaxed);
	last->since = daemon_public((unsigned)slot)->since;
	snprintf(last->peer, sizeof last->peer, "%s",
	    daemon_public((unsigned)slot)->peer);
	write_public((unsigned)slot, 0, NULL);
	memset(daemon_counters((unsigned)slot), 0, page_size);
	taken[slot] = false;
}

/* The daemon's page of slot, whole as of one moment; false: a free slot. */
static bool read_public(unsigned slot, struct session_figures *f)
{
	const struct public_page *p = (const struct public_page *)(const void *)
	    (shared_view + slot_offset(slot));

	/* The daemon writes a page in a moment; a daemon stopped in the
	 * middle (a debugger) leaves it out rather than hang the reader. */
	for (unsigned tries = 0; tries < 100000; tries++) {
		uint32_t seq = atomic_load_explicit(&p->seq, memory_order_acquire);

		if (seq % 2 != 0)
			continue;
		f->pid = atomic_load_explicit(&p->pid, memory_order_relaxed);
		f->since = p->since;
		memcpy(f->peer, p->peer, sizeof f->peer);
		f->peer[sizeof f->peer - 1] = '\0';
		atomic_thread_fence(memory_order_acquire);
		if (atomic_load_explicit(&p->seq, memory_order_relaxed) == seq)
			return f->pid > 0;
	}
	return false;
}

size_t session_table_read(struct session_figures *out, size_t max)
{
	size_t n = 0;

	for (unsigned i = 0; i < slot_count && n < max; i++) {
		if (!read_public(i, &out[n]))
			continue;
		take_counters((const struct usage_counters *)(const void *)
		    (shared_view + slot_offset(i) + page_size), &out[n]);
		n++;
	}
	return n;
}

void session_table_unmap(void)
{
	size_t len = (size_t)slot_count * 2 * page_size;

	if (slot_count == 0)
		return;
	munmap((void *)(uintptr_t)shared_view, len);
	/* A session never had the daemon's view: its addresses may hold
	 * something else of the session's by now. */
	if (!in_session)
		munmap(daemon_view, len);
	slot_count = 0;
}
