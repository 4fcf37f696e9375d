/*
 * pending_downloads.c -- downloads into page-locked memory whose bytes have
 * not landed (pending_downloads.h).
 *
 * A table of PENDING_DOWNLOADS_MAX slots, searched from the start: a
 * program keeps a few downloads in flight between synchronizations, and
 * each synchronizing call empties the table of those complete.  A free
 * slot has seq 0.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/mem/pending_downloads.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending_download table[PENDING_DOWNLOADS_MAX];
/* Slots with a download: changed under the lock, read without it by
 * pending_count's look for none. */
static atomic_uint used;
static uint64_t last_seq;

/* Whether [a, a + alen) and [b, b + blen) share a byte. */
static bool overlap(const void *a, size_t alen, const void *b, size_t blen)
{
	uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;

	return alen != 0 && blen != 0 && (x < y ? y - x < alen : x - y < blen);
}

uint64_t pending_add(unsigned link, void *dst, uint64_t mirror, size_t len,
    bool whole)
{
	uint64_t seq = 0;

	pthread_mutex_lock(&lock);
	for (unsigned i = 0; used < PENDING_DOWNLOADS_MAX &&
	    i < PENDING_DOWNLOADS_MAX; i++) {
		struct pending_download *d = &table[i];

		if (d->seq != 0)
			continue;
		d->seq = seq = ++last_seq;
		d->link = link;
		d->dst = dst;
		d->mirror = mirror;
		d->len = len;
		d->whole = whole;
		used++;
		break;
	}
	pthread_mutex_unlock(&lock);
	return seq;
}

bool pending_take(unsigned link, uint64_t seq, struct pending_download *d)
{
	bool found = false;

	if (seq == 0)
		return false;
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < PENDING_DOWNLOADS_MAX && used > 0; i++) {
		if (table[i].seq != seq || table[i].link != link)
			continue;
		*d = table[i];
		memset(&table[i], 0, sizeof(table[i]));
		used--;
		found = true;
		break;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

/*
 * Writes bytes at offset into d's memory where it still holds what the
 * early looks wrote before (all of it, at the first look), and keeps them
 * as the early bytes there.  Every host function carries the bytes of
 * every download the server still holds, so a download is looked at again
 * and again until a synchronizing call lands it; meanwhile the program,
 * having seen it complete, may have reused the memory (JAX stages its next
 * upload in the same page-locked buffer).  Its stores win, as natively,
 * where the driver writes a completed copy's bytes only once.
 */
static void look_again(struct pending_download *d, uint64_t offset,
    const unsigned char *bytes, size_t len)
{
	unsigned char *now = (unsigned char *)d->dst + offset;
	unsigned char *early = d->early + offset;

	for (size_t i = 0; i < len; i++)
		if (now[i] == early[i])
			now[i] = early[i] = bytes[i];
}

bool pending_write(unsigned link, uint64_t seq, uint64_t offset,
    uint64_t size, const void *bytes, size_t len)
{
	bool found = false;

	if (seq == 0)
		return false;
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < PENDING_DOWNLOADS_MAX && used > 0; i++) {
		struct pending_download *d = &table[i];

		if (d->seq != seq || d->link != link)
			continue;
		if (d->len != size || offset > size || len > size - offset)
			break;
		/* The early bytes start as the memory holds them, so that
		 * what no piece reached lands as if never looked at. */
		if (d->early == NULL) {
			if ((d->early = malloc(size > 0 ? size : 1)) == NULL)
				break;
			memcpy(d->early, d->dst, size);
		}
		look_again(d, offset, bytes, len);
		found = true;
		break;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

void pending_land(struct pending_download *d, const void *bytes)
{
	const unsigned char *in = bytes;
	unsigned char *now = d->dst;

	if (d->early == NULL) {
		memcpy(now, in, d->len);
		return;
	}
	for (size_t i = 0; i < d->len; i++)
		if (now[i] == d->early[i])
			now[i] = in[i];
	free(d->early);
	d->early = NULL;
}

unsigned pending_count(unsigned link)
{
	unsigned n = 0;

	/*
	 * None at all, the usual answer, without the lock: every synchronizing
	 * call asks.  The caller holds link's connection, under which link's
	 * downloads are added (downloads.c), so none of link's can be added
	 * meanwhile; one of another link's may, and does not count here.
	 */
	if (atomic_load(&used) == 0)
		return 0;
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < PENDING_DOWNLOADS_MAX && used > 0; i++)
		if (table[i].seq != 0 && table[i].link == link)
			n++;
	pthread_mutex_unlock(&lock);
	return n;
}

bool pending_overlaps(unsigned link, const void *p, size_t len, uint64_t *lo,
    uint64_t *hi)
{
	bool found = false;

	*lo = UINT64_MAX;
	*hi = 0;
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < PENDING_DOWNLOADS_MAX && used > 0; i++) {
		const struct pending_download *d = &table[i];

		if (d->seq == 0 || d->link != link ||
		    !overlap(d->dst, d->len, p, len))
			continue;
		found = true;
		if (d->mirror < *lo)
			*lo = d->mirror;
		if (d->mirror + d->len > *hi)
			*hi = d->mirror + d->len;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

/* Forgets the downloads for which gone says so; with lock. */
static void forget_where(bool (*gone)(const struct pending_download *,
    const void *), const void *arg)
{
	for (unsigned i = 0; i < PENDING_DOWNLOADS_MAX && used > 0; i++) {
		if (table[i].seq == 0 || !gone(&table[i], arg))
			continue;
		free(table[i].early);
		memset(&table[i], 0, sizeof(table[i]));
		used--;
	}
}

static bool of_link(const struct pending_download *d, const void *arg)
{
	return d->link == *(const unsigned *)arg;
}

void pending_forget_link(unsigned link)
{
	pthread_mutex_lock(&lock);
	forget_where(of_link, &link);
	pthread_mutex_unlock(&lock);
}

struct span {
	const void *p;
	size_t len;
};

static bool in_span(const struct pending_download *d, const void *arg)
{
	const struct span *s = arg;

	return overlap(d->dst, d->len, s->p, s->len);
}

void pending_forget_range(const void *p, size_t len)
{
	struct span s = { p, len };

	pthread_mutex_lock(&lock);
	forget_where(in_span, &s);
	pthread_mutex_unlock(&lock);
}

void pending_forget_in_child(void)
{
	pthread_mutex_init(&lock, NULL);
	for (unsigned i = 0; i < PENDING_DOWNLOADS_MAX; i++)
		free(table[i].early);
	memset(table, 0, sizeof(table));
	used = 0;
}
