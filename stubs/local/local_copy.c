/*
 * local_copy.c -- copies on the same-host path (local_copy.h).
 *
 * A copy from or to shared memory (cuMemAllocHost, cuMemHostAlloc) is one
 * call naming the range; the server's driver copies straight between the
 * shared pages and the GPU, as fast as it would for its own pinned memory.
 *
 * Pageable memory goes through a staging area shared with the server and
 * registered there once, at the first such copy: the client copies a piece
 * in and the server's driver moves it to the GPU (or the reverse), with
 * nothing allocated per call.  The area is ONCUDA_LOCAL_SLOTS slots, and
 * a copy past PIPELINE_MIN is pipelined, in pieces of at most a slot
 * (piece_bytes): the client fills slot k+1 while
 * the driver takes slot k (ONCUDA_LOCAL_STAGED_HTOD replies once the DMA
 * is queued), or drains slot k while the driver fills slot k+1
 * (ONCUDA_LOCAL_STAGED_DTOH queues the next piece, then waits for this
 * one).  The last piece goes as a plain ONCUDA_LOCAL_HTOD or _DTOH, which
 * waits for all the others and reports the session's deferred errors, as
 * a copy of one piece does.  The client's side of each piece is a memcpy
 * by a few threads (local_memcpy.h).
 *
 * An asynchronous upload of one slot or less is one ONCUDA_LOCAL_STAGED_HTOD
 * alone, which queues the DMA on the program's stream and returns without
 * waiting for it, as the driver returns from such an upload once its
 * bytes are staged: the program's next launch then overlaps it, where
 * waiting would hold the upload behind the stream's earlier work.  The
 * slot it used may still be read by that DMA, so the connection's area
 * remembers it (`busy`): the next copy writes the other slot first, and
 * STAGED_HTOD's reply says the other slots are idle.  Any copy that ends
 * with ONCUDA_LOCAL_HTOD or _DTOH leaves every slot idle.
 *
 * The server keeps the staging area for the whole session, registered
 * with the driver whatever contexts come and go (svc_local.c); it is
 * addressed as base 0.  Each same-host connection (one per server of
 * ONCUDA_SERVER) has its own, found here by the inode of the connection's
 * socket: a connection made again (as after fork) is a new socket, and a
 * new session whose server has no staging area yet.
 */
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"
#include "stubs/mem/hostmem.h"
#include "stubs/local/local_copy.h"
#include "stubs/link/local_connect.h"
#include "stubs/mem/local_share.h"
#include "stubs/local/local_memcpy.h"
#include "stubs/mem/mapped.h"
#include "stubs/route/route.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"

/* Bytes staged per call at most: large enough that the call's cost (~15 us) is small. */
#define SLOT_BYTES ((size_t)8 << 20)
#define STAGING_BYTES (SLOT_BYTES * ONCUDA_LOCAL_SLOTS)

/*
 * Pieces of a copy past PIPELINE_MIN: at least PIPELINE_PIECES of them,
 * of PIECE_MIN or more and a slot at most, so that a copy of a few MiB
 * overlaps too.  A whole 4 MiB copy was a memcpy and then a DMA, one after
 * the other: 10.9 GB/s on the H200 against 12.5 for 1 MiB and 21.1 for 16
 * MiB, which went in two pieces (bench/h200/results.md of 2026-12-02).
 */
#define PIPELINE_MIN ((size_t)2 << 20)
#define PIPELINE_PIECES 4
#define PIECE_MIN ((size_t)1 << 20)
#define PIECE_ALIGN ((size_t)64 << 10)

/* No slot of the area is read by a DMA the client has not waited for. */
#define NO_SLOT (-1)

/* The staging areas, this process's view; used under the connections' locks. */
struct staging {
	ino_t socket;		/* the connection's socket; 0: a free slot */
	char *memory;
	int busy;		/* a slot an asynchronous upload may still read */
};
static pthread_mutex_t staging_lock = PTHREAD_MUTEX_INITIALIZER;
static struct staging stagings[ROUTE_SERVERS_MAX];
static unsigned next_victim;

static ino_t socket_of(CLIENT *c)
{
	struct stat st;
	int fd;

	if (!clnt_control(c, CLGET_FD, (char *)&fd) || fstat(fd, &st) < 0)
		return 0;
	return st.st_ino;
}

/*
 * c's staging area, made on first use; NULL with *err set when the server
 * would not take it.  Threads holding different connections come here at
 * once, hence the lock; an area is only made under its connection's hold.
 */
static struct staging *staging_of(CLIENT *c, enum clnt_stat *st, int *err)
{
	ino_t socket = socket_of(c);
	struct staging *slot = NULL;
	uint64_t unused;
	void *memory = NULL;
	unsigned i;

	*st = RPC_SUCCESS;
	pthread_mutex_lock(&staging_lock);
	for (i = 0; i < ROUTE_SERVERS_MAX && slot == NULL; i++)
		if (stagings[i].socket == socket && socket != 0)
			slot = &stagings[i];
	pthread_mutex_unlock(&staging_lock);
	if (slot != NULL)
		return slot;
	*st = local_share(c, STAGING_BYTES, ONCUDA_LOCAL_STAGING, &memory,
	    &unused, err);
	if (*st != RPC_SUCCESS || *err != CUDA_SUCCESS)
		return NULL;
	pthread_mutex_lock(&staging_lock);
	/* A full table holds areas of connections gone (made again after a
	 * fork, say): one of them makes room. */
	for (i = 0; i < ROUTE_SERVERS_MAX && slot == NULL; i++)
		if (stagings[i].socket == 0)
			slot = &stagings[i];
	if (slot == NULL) {
		slot = &stagings[next_victim++ % ROUTE_SERVERS_MAX];
		munmap(slot->memory, STAGING_BYTES);
	}
	slot->socket = socket;
	slot->memory = memory;
	slot->busy = NO_SLOT;
	pthread_mutex_unlock(&staging_lock);
	return slot;
}

static enum clnt_stat call(CLIENT *c, bool to_device, uint64_t base,
    uint64_t offset, CUdeviceptr dev, size_t len, const struct copy_stream *s,
    local_how how, int *err)
{
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	if (to_device)
		st = oncuda_local_htod(base, offset, dev, len, s->handle,
		    how, &r, c);
	else
		st = oncuda_local_dtoh(base, offset, dev, len, s->handle,
		    how, &r, c);
	*err = r.err;
	return st;
}

/*
 * An asynchronous copy with the program's shared page-locked memory:
 * one-way (batch.h), since the server's driver reads or writes the pages
 * themselves and nothing comes back; it returns once queued, as the
 * driver's does, and an error surfaces at the next synchronizing call.
 */
static enum clnt_stat queue_shared(CLIENT *c, bool to_device, uint64_t base,
    uint64_t offset, CUdeviceptr dev, size_t len, const struct copy_stream *s)
{
	if (to_device) {
		oncuda_local_htod_queued_argument a = { base, offset, dev, len,
		    s->handle };

		return batch_send(c, ONCUDA_LOCAL_HTOD_QUEUED,
		    XDRPROC(xdr_oncuda_local_htod_queued_argument), &a);
	} else {
		oncuda_local_dtoh_queued_argument a = { base, offset, dev, len,
		    s->handle };

		return batch_send(c, ONCUDA_LOCAL_DTOH_QUEUED,
		    XDRPROC(xdr_oncuda_local_dtoh_queued_argument), &a);
	}
}

/* The bytes of each piece of a copy of count bytes (see PIPELINE_MIN). */
static size_t piece_bytes(size_t count)
{
	size_t piece;

	if (count <= PIPELINE_MIN)
		return count;
	piece = (count / PIPELINE_PIECES + PIECE_ALIGN - 1) / PIECE_ALIGN *
	    PIECE_ALIGN;
	if (piece < PIECE_MIN)
		piece = PIECE_MIN;
	return piece < SLOT_BYTES ? piece : SLOT_BYTES;
}

/* The length of piece k of a copy of count bytes in pieces of piece. */
static size_t piece_length(size_t count, size_t k, size_t piece)
{
	size_t done = k * piece;

	return count - done < piece ? count - done : piece;
}

/*
 * The last piece, through ONCUDA_LOCAL_HTOD or _DTOH: after the pieces
 * before it, on the stream the copy names (waited for when asynchronous:
 * the slot is reused once the call returns).
 */
static enum clnt_stat last_piece(CLIENT *c, bool to_device, CUdeviceptr dev,
    unsigned first, size_t k, size_t piece, size_t len,
    const struct copy_stream *s, int *err)
{
	size_t slot = (first + k) % ONCUDA_LOCAL_SLOTS;

	return call(c, to_device, 0, slot * SLOT_BYTES, dev + k * piece,
	    len, s, s->async ? ONCUDA_LOCAL_COPY_ON_STREAM_WAIT :
	    ONCUDA_LOCAL_COPY_SYNC, err);
}

static enum clnt_stat staged_to_device(CLIENT *c, char *staging,
    unsigned first, CUdeviceptr dev, const char *host, size_t count,
    size_t piece, const struct copy_stream *s, int *err)
{
	size_t pieces = (count + piece - 1) / piece;
	cu_handle stream = s->async ? s->handle : 0;
	enum clnt_stat st = RPC_SUCCESS;
	res_none r;

	for (size_t k = 0; k < pieces && st == RPC_SUCCESS &&
	    *err == CUDA_SUCCESS; k++) {
		unsigned int slot = (unsigned int)((first + k) %
		    ONCUDA_LOCAL_SLOTS);
		size_t len = piece_length(count, k, piece);

		/* The server's last reply said no DMA uses this slot now. */
		local_memcpy(staging + slot * SLOT_BYTES, host + k * piece, len);
		if (k + 1 == pieces)
			return last_piece(c, true, dev, first, k, piece, len, s,
			    err);
		memset(&r, 0, sizeof r);
		st = oncuda_local_staged_htod(slot, dev + k * piece,
		    len, stream, &r, c);
		*err = r.err;
	}
	return st;
}

static enum clnt_stat staged_to_host(CLIENT *c, const char *staging,
    CUdeviceptr dev, char *host, size_t count, size_t piece,
    const struct copy_stream *s, int *err)
{
	size_t pieces = (count + piece - 1) / piece;
	cu_handle stream = s->async ? s->handle : 0;
	enum clnt_stat st;
	res_none r;

	/* Piece 0 starts alone; then piece k+1 starts as piece k is waited for. */
	memset(&r, 0, sizeof r);
	st = oncuda_local_staged_dtoh(0, dev, piece_length(count, 0, piece),
	    stream, ONCUDA_LOCAL_NO_SLOT, &r, c);
	*err = r.err;
	for (size_t k = 0; k < pieces && st == RPC_SUCCESS &&
	    *err == CUDA_SUCCESS; k++) {
		unsigned int slot = (unsigned int)(k % ONCUDA_LOCAL_SLOTS);
		unsigned int next = (unsigned int)((k + 1) % ONCUDA_LOCAL_SLOTS);

		if (k + 2 == pieces) {
			st = last_piece(c, false, dev, 0, k + 1, piece,
			    piece_length(count, k + 1, piece), s, err);
		} else if (k + 2 < pieces) {
			memset(&r, 0, sizeof r);
			st = oncuda_local_staged_dtoh(next,
			    dev + (k + 1) * piece,
			    piece_length(count, k + 1, piece), stream, slot,
			    &r, c);
			*err = r.err;
		}
		/* else piece k is the last, done by last_piece already */
		if (st == RPC_SUCCESS && *err == CUDA_SUCCESS)
			local_memcpy(host + k * piece,
			    staging + slot * SLOT_BYTES,
			    piece_length(count, k, piece));
	}
	return st;
}

/* The slot an upload writes first: one no DMA reads. */
static unsigned idle_slot(const struct staging *area)
{
	_Static_assert(ONCUDA_LOCAL_SLOTS == 2, "one busy slot leaves one idle");
	return area->busy == 0 ? 1 : 0;
}

/*
 * An asynchronous upload of one slot: queued, not waited for (see the top
 * of the file).  The slot is one no DMA reads; the reply says the others
 * are idle too, and this one stays busy until a later copy's reply.
 */
static enum clnt_stat staged_upload_queued(CLIENT *c, struct staging *area,
    CUdeviceptr dev, const char *host, size_t count,
    const struct copy_stream *s, int *err)
{
	unsigned int slot = idle_slot(area);
	enum clnt_stat st;
	res_none r;

	local_memcpy(area->memory + slot * SLOT_BYTES, host, count);
	memset(&r, 0, sizeof r);
	st = oncuda_local_staged_htod(slot, dev, count, s->handle, &r, c);
	*err = r.err;
	/* After an error the server left no DMA running. */
	area->busy = st == RPC_SUCCESS && r.err == CUDA_SUCCESS ? (int)slot :
	    NO_SLOT;
	return st;
}

/* A copy of pageable memory through the staging area. */
static enum clnt_stat staged_copy(CLIENT *c, bool to_device, CUdeviceptr dev,
    char *host, size_t count, const struct copy_stream *s, int *err)
{
	enum clnt_stat st;
	struct staging *area = staging_of(c, &st, err);
	size_t piece = piece_bytes(count);
	unsigned first;

	if (area == NULL)
		return st;
	if (to_device && s->async && count <= SLOT_BYTES && count > 0)
		return staged_upload_queued(c, area, dev, host, count, s, err);
	/* Uploads write the idle slot first; every copy here ends with a
	 * call that waits for all slots. */
	first = to_device ? idle_slot(area) : 0;
	area->busy = NO_SLOT;
	if (count <= piece) {
		if (to_device)
			local_memcpy(area->memory + first * SLOT_BYTES, host,
			    count);
		st = last_piece(c, to_device, dev, first, 0, piece, count, s,
		    err);
		if (st == RPC_SUCCESS && *err == CUDA_SUCCESS && !to_device)
			local_memcpy(host, area->memory, count);
		return st;
	}
	if (to_device)
		return staged_to_device(c, area->memory, first, dev, host,
		    count, piece, s, err);
	return staged_to_host(c, area->memory, dev, host, count, piece, s,
	    err);
}

CUresult local_copy(struct call *k, bool to_device, CUdeviceptr dev,
    const void *host, size_t count, const struct copy_stream *s)
{
	CLIENT *c = k->c;
	enum clnt_stat st;
	uint64_t base, offset;
	int err = CUDA_SUCCESS;
	CUresult e;

	st = mapped_push(c, &err);
	if (st != RPC_SUCCESS || err != CUDA_SUCCESS) {
		/* as far as it got */
	} else if (hostmem_shared_range(host, count, &base, &offset)) {
		st = s->async ? queue_shared(c, to_device, base, offset, dev,
		    count, s) : call(c, to_device, base, offset, dev, count, s,
		    ONCUDA_LOCAL_COPY_SYNC, &err);
	} else {
		st = staged_copy(c, to_device, dev, (char *)(uintptr_t)host,
		    count, s, &err);
	}
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(c, &err);
	if ((e = call_end(k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}
