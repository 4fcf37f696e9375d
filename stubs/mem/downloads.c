/*
 * downloads.c -- asynchronous downloads into the program's page-locked
 * memory over TCP (downloads.h).
 *
 * Natively cuMemcpyDtoHAsync into page-locked memory returns at once and
 * the bytes land while the program goes on; it may look at them once it
 * has synchronized.  Here the server's driver copies into the memory's
 * mirror on the server, on the program's stream, and the client notes the
 * download as pending (pending_downloads.h).  Every synchronizing call
 * ends with a pull (mapped.h), which lands first what is complete: the
 * server answers CU_DOWNLOADS_LANDED with the bytes of each download its
 * event says is done, read from the mirror as they are then, and they are
 * written into the program's memory.  What a synchronizing call waited
 * for is complete by then; a download on a stream it did not wait for
 * stays pending, as its bytes would still be in flight natively.
 *
 * Coherence.  A mirror kept coherent as mapped memory (mapped.c) needs no
 * more: the landed bytes are the mirror's, so when the pull that follows
 * (or a later push) compares, both copies already agree on them; the
 * program's own writes made after it looked are changes from the shadow
 * and are pushed as before.  What must not happen is the program's memory
 * being written some other way while a download into it is pending (a
 * synchronous copy straight into it, the mirror reset to zeros when it
 * starts to be tracked): the later bytes would be overwritten by the
 * earlier download landing.  So those places settle first
 * (downloads_settle), waiting for the downloads before them, which CUDA's
 * order of the legacy stream gives natively.
 *
 * Large downloads.  One queued whole (CU_MEMCPY_DTOH_MIRROR_WHOLE) lands
 * without its bytes in the answer; they are fetched from the mirror then,
 * in the answer's order, by the function the copy layer handed with it
 * (on the data connections: stubs/copy/mirror_fetch.h), so a large
 * download comes back striped as a synchronous one does.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"
#include "stubs/link/say.h"
#include "stubs/mem/downloads.h"
#include "stubs/mem/pending_downloads.h"
#include "stubs/route/call.h"
#include "stubs/wire/batch.h"

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, pending_forget_in_child);
}

/* How the bytes of downloads queued whole are fetched (downloads_queue). */
static _Atomic(downloads_fetch_fn) fetcher;

/* Lands d, queued whole: its bytes fetched from its mirror now. */
static enum clnt_stat fetch_whole(CLIENT *c, struct pending_download *d,
    int *err)
{
	downloads_fetch_fn fetch = atomic_load(&fetcher);
	unsigned char *bytes;
	enum clnt_stat st;

	assert(fetch != NULL);
	/* Straight into the program's memory, unless an early look wrote
	 * there: then the landing compares (pending_land). */
	if (d->early == NULL)
		return fetch(c, d->mirror, d->dst, d->len, err);
	if ((bytes = malloc(d->len > 0 ? d->len : 1)) == NULL) {
		*err = CUDA_ERROR_OUT_OF_MEMORY;
		return RPC_SUCCESS;
	}
	st = fetch(c, d->mirror, bytes, d->len, err);
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS)
		pending_land(d, bytes);
	free(bytes);
	return st;
}

/*
 * Writes what one answer says landed; *bad: the server sent nonsense.
 * A download queued whole comes without bytes and is fetched here, before
 * the answers after it are written, so that they land in their order.
 */
static enum clnt_stat apply(CLIENT *c, unsigned link,
    const landed_download *l, bool *bad, int *err)
{
	enum clnt_stat st = RPC_SUCCESS;
	struct pending_download d;

	*bad = false;
	/* A download forgotten since (its memory freed) lands nowhere. */
	if (!pending_take(link, l->seq, &d))
		return RPC_SUCCESS;
	if (l->err == CUDA_SUCCESS)
		*bad = l->bytes.bytes_len != (d.whole ? 0 : d.len);
	if (l->err == CUDA_SUCCESS && !*bad && d.whole)
		st = fetch_whole(c, &d, err);
	else if (l->err == CUDA_SUCCESS && !*bad)
		pending_land(&d, l->bytes.bytes_val);
	free(d.early);
	return st;
}

/*
 * Asks for the complete downloads, waiting first for those into the mirror
 * bytes [wait_lo, wait_hi) (none when empty), and lands them.
 */
static enum clnt_stat land(CLIENT *c, uint64_t wait_lo, uint64_t wait_hi,
    bool *landed, int *err)
{
	unsigned link = rpc_held_server();
	enum clnt_stat st = RPC_SUCCESS;
	bool more = pending_count(link) > 0;

	*landed = false;

	while (more && st == RPC_SUCCESS && *err == CUDA_SUCCESS) {
		res_landed r;
		downloads_update *u = &r.res_landed_u.value;

		memset(&r, 0, sizeof(r));
		if ((st = cu_downloads_landed(wait_lo, wait_hi - wait_lo, &r,
		    c)) != RPC_SUCCESS)
			break;
		if (r.err != CUDA_SUCCESS) {
			*err = r.err;
			break;
		}
		for (u_int i = 0; i < u->landed.landed_downloads_len &&
		    st == RPC_SUCCESS && *err == CUDA_SUCCESS; i++) {
			bool bad;

			st = apply(c, link, &u->landed.landed_downloads_val[i],
			    &bad, err);
			if (!bad)
				continue;
			oncuda_say("oncudad sent a download of the wrong size; "
			    "rebuild client and server from the same sources");
			*err = CUDA_ERROR_UNKNOWN;
		}
		if (u->landed.landed_downloads_len > 0)
			*landed = true;
		more = u->more;
		/* The server holds none: those still counted here are lost
		 * (their mirror or context went away). */
		if (!more && u->held == 0)
			pending_forget_link(link);
		xdr_free(XDRPROC(xdr_res_landed), (char *)&r);
	}
	return st;
}

enum clnt_stat downloads_queue(CLIENT *c, void *dst, uint64_t mirror,
    uint64_t src, size_t len, uint64_t stream, downloads_fetch_fn whole,
    bool *queued, int *err)
{
	unsigned link = rpc_held_server();
	cu_memcpy_dtoh_mirror_argument a;
	cu_memcpy_dtoh_mirror_whole_argument w;
	enum clnt_stat st;
	uint64_t seq;

	pthread_once(&fork_once, register_fork_handler);
	*queued = false;
	(void)err;
	if (whole != NULL)
		atomic_store(&fetcher, whole);
	if ((seq = pending_add(link, dst, mirror, len, whole != NULL)) == 0)
		return RPC_SUCCESS;
	a = (cu_memcpy_dtoh_mirror_argument){ src, len, mirror, stream, seq };
	w = (cu_memcpy_dtoh_mirror_whole_argument){ src, len, mirror, stream,
	    seq };
	st = whole != NULL ? batch_send(c, CU_MEMCPY_DTOH_MIRROR_WHOLE,
	    XDRPROC(xdr_cu_memcpy_dtoh_mirror_whole_argument), &w) :
	    batch_send(c, CU_MEMCPY_DTOH_MIRROR,
	    XDRPROC(xdr_cu_memcpy_dtoh_mirror_argument), &a);
	if (st != RPC_SUCCESS) {
		struct pending_download unsent;

		(void)pending_take(link, seq, &unsent);
		return st;
	}
	*queued = true;
	return RPC_SUCCESS;
}

enum clnt_stat downloads_land(CLIENT *c, bool *landed, int *err)
{
	return land(c, 0, 0, landed, err);
}

enum clnt_stat downloads_settle(CLIENT *c, const void *p, size_t len,
    bool *landed, int *err)
{
	uint64_t lo, hi;

	*landed = false;
	if (!pending_overlaps(rpc_held_server(), p, len, &lo, &hi))
		return RPC_SUCCESS;
	return land(c, lo, hi, landed, err);
}
