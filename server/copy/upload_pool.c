/*
 * server/copy/upload_pool.c -- page-locked buffers for asynchronous uploads
 * (upload_pool.h).
 *
 * The buffers are a pinned buffer set (pinned_set.h), as staging.c's slots
 * are: heap memory registered with the driver, registered again whenever
 * an upload finds another context current, and after the context that
 * held the registration is destroyed.
 *
 * When a buffer is free again: an event is recorded behind each copy and
 * queried when a buffer is next wanted.  A host function (cuLaunchHostFunc,
 * as the malloc'ed path uses) would hold back the stream's later work, the
 * kernel that reads the bytes included, until a driver thread has run it;
 * an event costs the stream nothing, and the server's one thread looks at
 * it only when it needs a buffer, so no state is shared with the driver's
 * threads.
 *
 * When no buffer is free the upload goes the plain way (svc_copy.c)
 * rather than waiting for the oldest copy.  The bytes are decoded before
 * the stream handle that follows them, and the oldest copy may be on
 * another stream, behind work that waits for something the client has yet
 * to send (a kernel polling a flag, a stream memory operation): waiting
 * for it would add a dependency between streams that CUDA does not have,
 * and could hang.  The plain way waits for nothing but its own stream, and
 * --max-upload bounds the memory it takes.
 *
 * Context death: an event belongs to the context it was made in.  Once a
 * context is destroyed the driver reads none of its copies' buffers any
 * more (it finishes or abandons a context's work first) and its events
 * are gone, so pinned_sets_context_gone forgets them, not destroyed, and
 * the buffers are free at their next look.
 *
 * oncuda offers no stream capture (stubs/stream/stream_capture.c), so a copy from
 * a buffer is never recorded into a graph that would read it again after
 * the buffer has been reused.
 *
 * Calls down only: pinned_set.c and the session's log.
 */
#include <assert.h>

#include "common/xdrproc.h"
#include "server/copy/pinned_set.h"
#include "server/copy/upload_pool.h"
#include "server/session/log.h"

enum buffer_state {
	BUFFER_FREE,
	BUFFER_DECODED,		/* holds the arguments of the request being served */
	BUFFER_QUEUED,		/* a stream reads it until its DMA mark is reached */
};

static struct pinned_buffer buffers[UPLOAD_POOL_BUFFERS];
static struct pinned_set pool = PINNED_SET(buffers, UPLOAD_POOL_BUFFER_BYTES);
static enum buffer_state state[UPLOAD_POOL_BUFFERS];

static SVCXPRT *wrapped;
static const struct xp_ops *inner_ops;
static struct xp_ops pool_ops;

/* On the first upload that fits; a failure leaves every upload the plain way. */
static bool allocate(void)
{
	static bool said;
	bool ok = pinned_set_allocate(&pool);

	if (said)
		return ok;
	said = true;
	if (!ok) {
		log_msg(LOG_WARN, "cannot allocate %d x %zu bytes for "
		    "asynchronous uploads: they are copied the slower "
		    "way; give oncudad more memory to speed them up",
		    UPLOAD_POOL_BUFFERS, UPLOAD_POOL_BUFFER_BYTES);
		return false;
	}
	log_msg(LOG_DEBUG, "asynchronous uploads of %u to %zu bytes now decode "
	    "into %d page-locked buffers", UPLOAD_POOL_MIN_BYTES,
	    UPLOAD_POOL_BUFFER_BYTES, UPLOAD_POOL_BUFFERS);
	return true;
}

static enum buffer_state *state_of(const struct pinned_buffer *b)
{
	return &state[b - buffers];
}

bool upload_pool_holds(const char *bytes)
{
	return pinned_set_find(&pool, bytes) != NULL;
}

/*
 * Whether b is free, once its copy is done (a mark that reports an error
 * stands for a context that failed: its work is abandoned, the buffer no
 * longer read, and the client meets the error at its next call).
 */
static bool buffer_free(struct pinned_buffer *b)
{
	if (*state_of(b) == BUFFER_QUEUED && pinned_buffer_done(b))
		*state_of(b) = BUFFER_FREE;
	return *state_of(b) == BUFFER_FREE;
}

static struct pinned_buffer *claim(void)
{
	static bool all_busy_logged;

	if (!allocate())
		return NULL;
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++) {
		if (buffer_free(&buffers[i])) {
			state[i] = BUFFER_DECODED;
			return &buffers[i];
		}
	}
	if (!all_busy_logged)
		log_msg(LOG_DEBUG, "all %d upload buffers are still read by "
		    "their streams: an upload goes the plain way (logged once)",
		    UPLOAD_POOL_BUFFERS);
	all_busy_logged = true;
	return NULL;
}

/*
 * The arguments of CU_MEMCPY_HTOD_ASYNC, decoded as rpcgen's routine
 * would, except that bytes of a fitting size land in a free pool buffer.
 * Freeing them never frees a pool buffer: one the procedure did not queue
 * a copy from (it failed, or the decoding did) is free again at once.
 */
/* A free buffer for bytes of a fitting size, or NULL: the plain way. */
static char *claimed(u_int len)
{
	struct pinned_buffer *b;

	if (len < UPLOAD_POOL_MIN_BYTES || len > UPLOAD_POOL_BUFFER_BYTES ||
	    (b = claim()) == NULL)
		return NULL;
	return b->bytes;
}

static bool_t xdr_pooled_htod_async(XDR *xdrs,
    cu_memcpy_htod_async_argument *a)
{
	char **bytes = &a->data.cu_bytes_val;
	struct pinned_buffer *b;

	if (xdrs->x_op == XDR_FREE && (b = pinned_set_find(&pool, *bytes)) != NULL) {
		if (*state_of(b) == BUFFER_DECODED)
			*state_of(b) = BUFFER_FREE;
		*bytes = NULL;
	}
	if (xdrs->x_op != XDR_DECODE || *bytes != NULL)
		return xdr_cu_memcpy_htod_async_argument(xdrs, a);
	return xdr_cu_dptr(xdrs, &a->dst) &&
	    pinned_decode_bytes(xdrs, &a->data, claimed) &&
	    xdr_cu_handle(xdrs, &a->stream);
}

static bool_t pooled_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (xdr == XDRPROC(xdr_cu_memcpy_htod_async_argument))
		xdr = XDRPROC(xdr_pooled_htod_async);
	return inner_ops->xp_getargs(xprt, xdr, args);
}

static bool_t pooled_freeargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (xdr == XDRPROC(xdr_cu_memcpy_htod_async_argument))
		xdr = XDRPROC(xdr_pooled_htod_async);
	return inner_ops->xp_freeargs(xprt, xdr, args);
}

/*
 * The transport, not the buffers: one per session, wrapped outside the
 * others (getargs.c frees a failed decoding with the routine passed in,
 * which is then this file's).
 */
void upload_pool_start(SVCXPRT *xprt)
{
	if (wrapped == xprt)
		return;
	wrapped = xprt;
	inner_ops = xprt->xp_ops;
	pool_ops = *inner_ops;
	pool_ops.xp_getargs = pooled_getargs;
	pool_ops.xp_freeargs = pooled_freeargs;
	xprt->xp_ops = &pool_ops;
}

CUresult upload_pool_upload(CUdeviceptr dst, const char *bytes, size_t len,
    CUstream stream)
{
	struct pinned_buffer *b = pinned_set_find(&pool, bytes);
	CUresult err;

	/* The procedure asked upload_pool_holds; the decoding claimed it. */
	assert(b != NULL && *state_of(b) == BUFFER_DECODED);
	pinned_set_register(&pool);
	err = cuMemcpyHtoDAsync(dst, bytes, len, stream);
	if (err != CUDA_SUCCESS)
		return err;	/* nothing queued: freeing the arguments frees b */
	*state_of(b) = BUFFER_QUEUED;
	/* Without an event the mark waits for the stream: b is free at once. */
	return pinned_set_mark(&pool, b, stream);
}

/* Its contexts are destroyed, and their work with them. */
void upload_pool_session_end(void)
{
	pinned_set_drain(&pool);
	pinned_set_forget(&pool);
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++)
		state[i] = BUFFER_FREE;
	wrapped = NULL;
}
