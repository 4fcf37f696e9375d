/*
 * server/session/usage.c -- the counters of this session (usage.h).
 *
 * One thread serves a session's requests, but the driver's threads may
 * end up here too (a context destroyed in a callback), so every update is
 * an atomic read-modify-write: relaxed, since the readers want figures,
 * not an order between them.
 */
#include <stdio.h>

#include "server/session/usage.h"

static struct usage_counters own;
static struct usage_counters *page = &own;

void usage_attach(struct usage_counters *slot)
{
	page = slot != NULL ? slot : &own;
}

void usage_call(void)
{
	atomic_fetch_add_explicit(&page->calls, 1, memory_order_relaxed);
}

void usage_bytes(uint64_t in, uint64_t out)
{
	if (in != 0)
		atomic_fetch_add_explicit(&page->bytes_in, in, memory_order_relaxed);
	if (out != 0)
		atomic_fetch_add_explicit(&page->bytes_out, out, memory_order_relaxed);
}

static void set_with_peak(_Atomic uint64_t *now, _Atomic uint64_t *peak,
    uint64_t held)
{
	atomic_store_explicit(now, held, memory_order_relaxed);
	if (held > atomic_load_explicit(peak, memory_order_relaxed))
		atomic_store_explicit(peak, held, memory_order_relaxed);
}

void usage_memory(enum usage_memory kind, uint64_t held)
{
	if (kind == USAGE_DEVICE)
		set_with_peak(&page->device_memory, &page->device_peak, held);
	else if (kind == USAGE_PAGE_LOCKED)
		set_with_peak(&page->page_locked, &page->page_locked_peak, held);
}

void usage_contexts(int delta)
{
	if (delta > 0)
		atomic_fetch_add_explicit(&page->contexts, 1, memory_order_relaxed);
	else if (atomic_load_explicit(&page->contexts, memory_order_relaxed) > 0)
		atomic_fetch_sub_explicit(&page->contexts, 1, memory_order_relaxed);
}

void usage_proved(const char *name)
{
	if (name != NULL)
		snprintf(page->identity, sizeof page->identity, "%s", name);
	atomic_store_explicit(&page->key_proved, 1, memory_order_release);
}
