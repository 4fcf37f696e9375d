/*
 * server/copy/pinned_set.h -- a set of page-locked buffers, each with the
 * mark of the DMA it last took part in, forgotten when their context dies
 * (pinned_set.c).
 *
 * The copy machinery reuses buffers while the GPU may still read or write
 * them: the slots of large synchronous copies (staging.c), the buffers of
 * asynchronous uploads (upload_pool.c) and the slots of the same-host
 * staging area (local_staged.c).  Each buffer keeps the mark of its last
 * DMA (dma_mark.h) and the context the mark was made in, so that the
 * marks of a context the driver destroyed, gone with it, are forgotten
 * rather than waited on; the sets themselves say what their buffers are
 * for.
 *
 * Buffers are either allocated here, ordinary heap memory registered with
 * the driver (portable) rather than cuMemAllocHost memory, because the
 * client decides when contexts die: memory allocated in a context would
 * vanish with it, while registered memory merely stops being page-locked,
 * and a DMA from it is then slower, not wrong; or placed by their owner
 * (the same-host slots lie in memory the client shared), when only the
 * marks are kept here.
 */
#ifndef ONCUDA_SERVER_COPY_PINNED_SET_H
#define ONCUDA_SERVER_COPY_PINNED_SET_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "gen/cuda_names.h"

struct pinned_buffer {
	char *bytes;		/* NULL until allocated (or unused) */
	CUevent dma_done;	/* behind the last DMA from or into it; NULL: none */
	CUcontext ctx;		/* the context dma_done belongs to */
};

struct pinned_set {
	struct pinned_buffer *buffers;	/* count of them, the owner's storage */
	unsigned int count;
	size_t buffer_bytes;		/* of each, when allocated here */
	/* The set's own, from here on. */
	bool allocated;
	bool allocation_failed;		/* not tried again */
	CUcontext registered_in;	/* whose registration pins the buffers */
	CUcontext tried_in;		/* where registration was last tried */
	bool listed;			/* in the sets told of dying contexts */
	struct pinned_set *next;
};

/* A set over an array of buffers, each of buffer_bytes when allocated. */
#define PINNED_SET(array, buffer_bytes) \
	{ (array), sizeof(array) / sizeof((array)[0]), (buffer_bytes), \
	  false, false, NULL, NULL, false, NULL }

/*
 * Allocates the buffers, page-aligned, once per process (freed at exit):
 * true when they are there.  A failure is not tried again, so the owner's
 * copies go their plain way for good.
 */
bool pinned_set_allocate(struct pinned_set *set);

/*
 * Registers the allocated buffers with the driver in the current context,
 * unless that was tried there already (a second registration of live
 * buffers is refused, harmlessly).
 */
void pinned_set_register(struct pinned_set *set);

/* The buffer of set whose bytes start at bytes, or NULL. */
struct pinned_buffer *pinned_set_find(struct pinned_set *set,
    const void *bytes);

/*
 * Marks the end of the DMA just queued on stream from or into b, one of
 * set's, in the current context.  When no mark can be made it waits for
 * the stream instead (dma_mark): b is then free at once.
 */
CUresult pinned_set_mark(struct pinned_set *set, struct pinned_buffer *b,
    CUstream stream);

/* Waits for b's last DMA, if any, and forgets its mark (dma_wait). */
CUresult pinned_buffer_wait(struct pinned_buffer *b);

/*
 * Whether b's last DMA is over, without waiting; its mark is then
 * forgotten.  A mark that reports an error stands for a context that
 * failed: its work is abandoned, the buffer no longer used.
 */
bool pinned_buffer_done(struct pinned_buffer *b);

/* Waits for the last DMA of every buffer of set. */
void pinned_set_drain(struct pinned_set *set);

/*
 * The session is over and its contexts with it: forgets every mark and
 * registration of set, without waiting (the events went with their
 * contexts).  The buffers stay for a next session in this process (the
 * fuzz target's).
 */
void pinned_set_forget(struct pinned_set *set);

/*
 * Decodes a cu_bytes field as rpcgen's routine would (its length, at most
 * ONCUDA_CHUNK_MAX, then its bytes), except that the bytes land in the
 * buffer pick(len) returns, when it returns one, rather than in a malloc'ed
 * one: how an upload's bytes are decoded straight into a pinned buffer.
 */
bool_t pinned_decode_bytes(XDR *xdrs, cu_bytes *field,
    char *(*pick)(u_int len));

/*
 * The driver destroyed ctx: in every set, the marks made in it are
 * forgotten (the driver finished or abandoned its work, and its events
 * are gone), and buffers it had registered are registered again later.
 */
void pinned_sets_context_gone(CUcontext ctx);

#endif
