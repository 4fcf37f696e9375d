/*
 * pending_downloads.h -- the client's record of asynchronous downloads into
 * the program's page-locked memory whose bytes have not landed here yet
 * (pending_downloads.c; downloads.h sends and lands them).
 *
 * Each is numbered (seq, increasing, never 0) and names the server that
 * holds it (link, an index of rpc.h) and the program's bytes it writes.
 * Safe to call from any thread.  Nothing here talks to a server.
 */
#ifndef ONCUDA_PENDING_DOWNLOADS_H
#define ONCUDA_PENDING_DOWNLOADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How many may be pending at once (ONCUDA_DOWNLOADS_MAX of idl/cuda.x). */
#define PENDING_DOWNLOADS_MAX 1024

struct pending_download {
	uint64_t seq;
	unsigned link;
	void *dst;		/* the program's memory it writes */
	uint64_t mirror;	/* where it lands on the server first */
	size_t len;
	bool whole;		/* lands without bytes; fetched (downloads.h) */
	unsigned char *early;	/* the bytes an early look wrote (malloc'ed), or NULL */
};

/*
 * Records a download of len bytes into dst, through mirror, held by server
 * link, whole as in struct pending_download; its number, or 0 when
 * PENDING_DOWNLOADS_MAX are pending already.
 */
uint64_t pending_add(unsigned link, void *dst, uint64_t mirror, size_t len,
    bool whole);

/*
 * Takes the download numbered seq of server link out into *d; false: none.
 * d->early is then the caller's to free.
 */
bool pending_take(unsigned link, uint64_t seq, struct pending_download *d);

/*
 * Writes len bytes at offset into the memory of the download numbered seq
 * of server link, of size bytes in all, which stays pending (a host
 * function's early look: idl/cuda.x, host_call; the whole download, or a
 * piece of it), and keeps a copy of them in its early bytes, so that a
 * later look and the landing can tell what the program wrote since
 * (pending_land); a later look writes only where the memory still holds
 * what the looks before it wrote (the program's stores win).  false:
 * no such download, it is not of size bytes, the piece does not lie
 * within it, or no memory for the copy (then nothing is written).  The
 * table's lock is held while writing, so memory being freed (which
 * forgets its downloads first) is never written.
 */
bool pending_write(unsigned link, uint64_t seq, uint64_t offset,
    uint64_t size, const void *bytes, size_t len);

/*
 * Writes the landed bytes of d (taken with pending_take) into its memory:
 * all of them, or, after an early look, those where the program's memory
 * still holds what the early look wrote (the program's later stores win,
 * as they do natively once it has looked); frees d->early.
 */
void pending_land(struct pending_download *d, const void *bytes);

/* How many downloads server link holds; the caller holds link's
 * connection (rpc.h). */
unsigned pending_count(unsigned link);

/*
 * Whether a download of server link writes any of [p, p + len); then
 * [*lo, *hi) holds the mirror bytes of every such download.
 */
bool pending_overlaps(unsigned link, const void *p, size_t len, uint64_t *lo,
    uint64_t *hi);

/* Forgets every download of server link (it holds none any more). */
void pending_forget_link(unsigned link);

/* Forgets every download into [p, p + len) (the memory is freed). */
void pending_forget_range(const void *p, size_t len);

/*
 * In a child after fork (its session is new, and another thread of the
 * parent may have held the table): forgets everything.
 */
void pending_forget_in_child(void);

#endif
