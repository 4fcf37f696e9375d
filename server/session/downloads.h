/*
 * server/session/downloads.h -- the downloads into this client's
 * page-locked mirrors that it has not yet been told of (downloads.c; the
 * procedures are svc/svc_download.c's, idl/cuda.x CU_MEMCPY_DTOH_MIRROR).
 *
 * Session state below the procedures that add and answer
 * (svc_download.c), those that say when a mirror or a context goes away
 * (svc_hostmem.c, svc_context.c), and the host functions' trampoline
 * (callback.c), which sends the mirrors' bytes along.
 *
 * Only the session's thread adds, changes and forgets downloads, and
 * only it walks the list from downloads_first; the trampoline, on a
 * driver thread, reads it through downloads_snapshot, under a lock that
 * every change to the list takes.
 */
#ifndef ONCUDA_SERVER_SESSION_DOWNLOADS_H
#define ONCUDA_SERVER_SESSION_DOWNLOADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"

struct download {
	uint64_t seq;		/* the client's number for it */
	unsigned char *mirror;	/* where it lands; NULL when it failed */
	size_t size;
	CUevent event;		/* recorded behind it; NULL: complete (or failed) */
	CUcontext ctx;		/* the event's */
	int err;		/* why it failed; CUDA_SUCCESS if it did not */
	bool whole;		/* CU_MEMCPY_DTOH_MIRROR_WHOLE's: landed without bytes */
	struct download *next;
};

/* The oldest download held, NULL when none; the rest follow by next. */
struct download *downloads_first(void);

/* How many downloads are held. */
unsigned downloads_count(void);

/*
 * Holds a download: size bytes landing at mirror once event is reached,
 * or a failed one (mirror NULL, err its error); whole as in struct
 * download.  false: out of memory, nothing held (the event, if any, is
 * the caller's).
 */
bool downloads_add(uint64_t seq, void *mirror, size_t size, CUevent event,
    CUcontext ctx, int err, bool whole);

/* Forgets d, destroying its event. */
void downloads_remove(struct download *d);

/*
 * The mirror of size bytes at base is about to go (or has gone): the
 * downloads into it are waited for and forgotten.
 */
void downloads_mirror_gone(const void *base, size_t size);

/*
 * The driver destroyed ctx, and the events made in it: the downloads
 * whose event it was are forgotten (the client learns it from `held`).
 */
void downloads_context_gone(CUcontext ctx);

/*
 * From any thread, making no driver call: fills *out with the number and
 * the mirror's present bytes of each download held, oldest first, as many
 * whole ones as fit in ONCUDA_CHUNK_MAX bytes and ONCUDA_DOWNLOADS_MAX
 * downloads (idl/cuda.x, host_call), those queued whole too; empty when
 * none is held or memory runs out.  The ones left out go in pieces
 * (downloads_left_out, downloads_read_piece).
 * downloads_snapshot_free gives it back.
 */
void downloads_snapshot(landed_downloads *out);
void downloads_snapshot_free(landed_downloads *out);

/*
 * From any thread, making no driver call: the download held with the
 * least seq above after and a mirror, which in is not carrying: its seq
 * and size.  false: none.
 */
bool downloads_left_out(uint64_t after, const landed_downloads *in,
    uint64_t *seq, uint64_t *size);

/*
 * From any thread, making no driver call: copies len bytes from offset of
 * the mirror of download seq into buf, under the lock that keeps the
 * mirror from being freed meanwhile.  false when it is no longer held or
 * the range does not lie within it.
 */
bool downloads_read_piece(uint64_t seq, uint64_t offset, void *buf,
    size_t len);

#endif
