/*
 * server/session/usage.h -- what this session holds and has done, kept
 * where the daemon and oncuda-ls can read it (usage.c).
 *
 * The counters live in one page of the session table (session_table.h)
 * that only this session may write; a session without a slot (the fuzzer,
 * a table full) counts into a page of its own that no one reads.
 * Updating them is a few relaxed atomic operations and never a system
 * call, so the cost per request is that of a few additions.
 */
#ifndef ONCUDA_SERVER_USAGE_H
#define ONCUDA_SERVER_USAGE_H

#include <stdatomic.h>
#include <stdint.h>

#define USAGE_IDENTITY_MAX 64	/* ONCUDA_IDENTITY_MAX */

enum usage_memory {
	USAGE_DEVICE,		/* device memory: allocations, pools, physical */
	USAGE_PAGE_LOCKED,	/* page-locked host memory */
	USAGE_OTHER,		/* kept module images and the like */
};

/*
 * One session's page.  Written by that session only; every reader takes
 * what it finds as untrusted numbers (a session can write anything here,
 * and nothing else), and the identity as bytes to bound and clean.
 */
struct usage_counters {
	_Atomic uint64_t calls;
	_Atomic uint64_t bytes_in;
	_Atomic uint64_t bytes_out;
	_Atomic uint64_t device_memory;
	_Atomic uint64_t device_peak;
	_Atomic uint64_t page_locked;
	_Atomic uint64_t page_locked_peak;
	_Atomic uint64_t contexts;
	_Atomic uint32_t key_proved;
	char identity[USAGE_IDENTITY_MAX];
};

/* The session counts into page from now on (its slot, just after the fork). */
void usage_attach(struct usage_counters *page);

void usage_call(void);
void usage_bytes(uint64_t in, uint64_t out);
/* What the session holds of kind now, after a take or a give. */
void usage_memory(enum usage_memory kind, uint64_t held);
/* A context was created (+1) or destroyed (-1). */
void usage_contexts(int delta);
/* The client proved the key; name, when not NULL, is who it proved to be. */
void usage_proved(const char *name);

#endif
