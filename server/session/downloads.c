/*
 * downloads.c -- the downloads into this client's page-locked mirrors not
 * yet reported (downloads.h), oldest first.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "server/session/downloads.h"

/* Guards the list's links and every read from another thread. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct download *first;
static struct download **last = &first;
static unsigned count;

struct download *downloads_first(void)
{
	return first;
}

unsigned downloads_count(void)
{
	return count;
}

bool downloads_add(uint64_t seq, void *mirror, size_t size, CUevent event,
    CUcontext ctx, int err, bool whole)
{
	struct download *d = malloc(sizeof(*d));

	if (d == NULL)
		return false;
	d->seq = seq;
	d->mirror = mirror;
	d->size = size;
	d->event = event;
	d->ctx = ctx;
	d->err = err;
	d->whole = whole;
	d->next = NULL;
	pthread_mutex_lock(&lock);
	*last = d;
	last = &d->next;
	count++;
	pthread_mutex_unlock(&lock);
	return true;
}

/* Takes d out of the list, which it must be in; with lock. */
static void unlink_locked(struct download *d)
{
	struct download **at;

	for (at = &first; *at != d; at = &(*at)->next)
		;
	*at = d->next;
	if (last == &d->next)
		last = at;
	count--;
}

void downloads_remove(struct download *d)
{
	pthread_mutex_lock(&lock);
	unlink_locked(d);
	pthread_mutex_unlock(&lock);
	if (d->event != NULL)
		cuEventDestroy(d->event);
	free(d);
}

void downloads_mirror_gone(const void *base, size_t size)
{
	uintptr_t start = (uintptr_t)base;
	struct download *d, *next, *gone = NULL;

	pthread_mutex_lock(&lock);
	for (d = first; d != NULL; d = next) {
		uintptr_t at = (uintptr_t)d->mirror;

		next = d->next;
		if (d->mirror == NULL || at < start || at - start >= size)
			continue;
		unlink_locked(d);
		d->next = gone;
		gone = d;
	}
	pthread_mutex_unlock(&lock);
	/*
	 * The driver's DMA must not outlive the memory it writes.  Waited
	 * for without the lock: a host function behind the download may be
	 * waiting for it in downloads_snapshot.
	 */
	for (d = gone; d != NULL; d = next) {
		next = d->next;
		if (d->event != NULL) {
			cuEventSynchronize(d->event);
			cuEventDestroy(d->event);
		}
		free(d);
	}
}

void downloads_context_gone(CUcontext ctx)
{
	struct download *d, *next;

	pthread_mutex_lock(&lock);
	for (d = first; d != NULL; d = next) {
		next = d->next;
		if (d->event == NULL || d->ctx != ctx)
			continue;
		unlink_locked(d);
		free(d);
	}
	pthread_mutex_unlock(&lock);
}

void downloads_snapshot(landed_downloads *out)
{
	size_t bytes = 0;
	struct download *d;

	memset(out, 0, sizeof(*out));
	pthread_mutex_lock(&lock);
	if (count > 0)
		out->landed_downloads_val = calloc(count < ONCUDA_DOWNLOADS_MAX ?
		    count : ONCUDA_DOWNLOADS_MAX, sizeof(landed_download));
	for (d = first; d != NULL && out->landed_downloads_val != NULL &&
	    out->landed_downloads_len < ONCUDA_DOWNLOADS_MAX; d = d->next) {
		landed_download *l;

		if (d->mirror == NULL)
			continue;
		/* Left for pieces (downloads_left_out); a later, smaller one
		 * may still fit. */
		if (d->size > ONCUDA_CHUNK_MAX - bytes)
			continue;
		l = &out->landed_downloads_val[out->landed_downloads_len];
		if ((l->bytes.bytes_val = malloc(d->size > 0 ? d->size : 1)) ==
		    NULL)
			break;
		memcpy(l->bytes.bytes_val, d->mirror, d->size);
		l->bytes.bytes_len = (u_int)d->size;
		l->seq = d->seq;
		l->err = CUDA_SUCCESS;
		bytes += d->size;
		out->landed_downloads_len++;
	}
	pthread_mutex_unlock(&lock);
}

void downloads_snapshot_free(landed_downloads *out)
{
	for (u_int i = 0; i < out->landed_downloads_len; i++)
		free(out->landed_downloads_val[i].bytes.bytes_val);
	free(out->landed_downloads_val);
	memset(out, 0, sizeof(*out));
}

/* Whether in carries download seq. */
static bool carried(const landed_downloads *in, uint64_t seq)
{
	for (u_int i = 0; i < in->landed_downloads_len; i++)
		if (in->landed_downloads_val[i].seq == seq)
			return true;
	return false;
}

bool downloads_left_out(uint64_t after, const landed_downloads *in,
    uint64_t *seq, uint64_t *size)
{
	const struct download *d;
	bool found = false;

	pthread_mutex_lock(&lock);
	/* The least seq past after: two threads of the client may send
	 * their downloads in another order than they numbered them. */
	for (d = first; d != NULL; d = d->next) {
		if (d->mirror == NULL || d->seq <= after ||
		    (found && d->seq >= *seq) || carried(in, d->seq))
			continue;
		*seq = d->seq;
		*size = d->size;
		found = true;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

bool downloads_read_piece(uint64_t seq, uint64_t offset, void *buf,
    size_t len)
{
	const struct download *d;
	bool read = false;

	pthread_mutex_lock(&lock);
	for (d = first; d != NULL; d = d->next) {
		if (d->seq != seq)
			continue;
		if (d->mirror != NULL && offset <= d->size &&
		    len <= d->size - offset) {
			memcpy(buf, (const unsigned char *)d->mirror + offset,
			    len);
			read = true;
		}
		break;
	}
	pthread_mutex_unlock(&lock);
	return read;
}
