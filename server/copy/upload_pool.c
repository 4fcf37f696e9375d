/*
 * svc_upload_pool.c -- page-locked buffers for asynchronous uploads
 * (upload_pool.h).
 *
 * The buffers are heap memory registered with the driver, portable, as
 * svc_staging.c's slots are and for its reason: the client decides when
 * contexts die, and a registration dies with the context that made it
 * (the memory then merely stops being page-locked).  They are registered
 * again whenever an upload finds another context current, and after the
 * context that held the registration is destroyed.
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
 * are gone, so context_gone (svc_context.c) hands its buffers back here with
 * their events forgotten, not destroyed.
 *
 * oncuda offers no stream capture (stubs/stream/stream_capture.c), so a copy from
 * a buffer is never recorded into a graph that would read it again after
 * the buffer has been reused.
 */
#include <stdlib.h>

#include "server/copy/dma_mark.h"
#include "server/session/log.h"
#include "server/copy/upload_pool.h"

#define PAGE_BYTES 4096

/* xdrproc_t is variadic in libtirpc; going through void (*)(void) says the cast is meant. */
#define XDRPROC(f) ((xdrproc_t)(void (*)(void))(f))

enum buffer_state {
	BUFFER_FREE,
	BUFFER_DECODED,		/* holds the arguments of the request being served */
	BUFFER_QUEUED,		/* a stream reads it until copied is reached */
};

struct buffer {
	char *bytes;
	enum buffer_state state;
	CUevent copied;		/* recorded behind the copy; NULL: nothing to wait for */
	CUcontext ctx;		/* the context copied belongs to */
};

static struct buffer pool[UPLOAD_POOL_BUFFERS];
static bool allocated;
static bool allocation_failed;
/* The context whose registration pins the buffers; NULL if none does. */
static CUcontext registered_in;
/* The context in which registration was last tried. */
static CUcontext tried_in;

static SVCXPRT *wrapped;
static const struct xp_ops *inner_ops;
static struct xp_ops pool_ops;

static void free_buffers(void)
{
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++) {
		free(pool[i].bytes);
		pool[i].bytes = NULL;
	}
}

/* On the first upload that fits; a failure leaves every upload the plain way. */
static bool allocate(void)
{
	if (allocated || allocation_failed)
		return allocated;
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++) {
		pool[i].bytes = aligned_alloc(PAGE_BYTES,
		    UPLOAD_POOL_BUFFER_BYTES);
		if (pool[i].bytes == NULL) {
			free_buffers();
			allocation_failed = true;
			log_msg(LOG_WARN, "cannot allocate %d x %zu bytes for "
			    "asynchronous uploads: they are copied the slower "
			    "way; give oncudad more memory to speed them up",
			    UPLOAD_POOL_BUFFERS, UPLOAD_POOL_BUFFER_BYTES);
			return false;
		}
	}
	atexit(free_buffers);
	allocated = true;
	log_msg(LOG_DEBUG, "asynchronous uploads of %u to %zu bytes now decode "
	    "into %d page-locked buffers", UPLOAD_POOL_MIN_BYTES,
	    UPLOAD_POOL_BUFFER_BYTES, UPLOAD_POOL_BUFFERS);
	return true;
}

static struct buffer *buffer_of(const char *bytes)
{
	if (bytes == NULL)
		return NULL;
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++)
		if (pool[i].bytes == bytes)
			return &pool[i];
	return NULL;
}

bool upload_pool_holds(const char *bytes)
{
	return buffer_of(bytes) != NULL;
}

/*
 * Whether b is free, once its copy is done.  An event that reports an
 * error stands for a context that failed: its work is abandoned, the
 * buffer no longer read, and the client meets the error at its next call.
 */
static bool buffer_free(struct buffer *b)
{
	if (b->state == BUFFER_QUEUED && (b->copied == NULL ||
	    cuEventQuery(b->copied) != CUDA_ERROR_NOT_READY)) {
		if (b->copied != NULL)
			(void)cuEventDestroy(b->copied);
		b->copied = NULL;
		b->ctx = NULL;
		b->state = BUFFER_FREE;
	}
	return b->state == BUFFER_FREE;
}

static struct buffer *claim(void)
{
	static bool all_busy_logged;

	if (!allocate())
		return NULL;
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++) {
		if (buffer_free(&pool[i])) {
			pool[i].state = BUFFER_DECODED;
			return &pool[i];
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
static bool_t xdr_pooled_htod_async(XDR *xdrs,
    cu_memcpy_htod_async_13000_argument *a)
{
	char **bytes = &a->data.cu_bytes_val;
	struct buffer *b;
	u_int len = 0;

	if (xdrs->x_op == XDR_FREE && (b = buffer_of(*bytes)) != NULL) {
		if (b->state == BUFFER_DECODED)
			b->state = BUFFER_FREE;
		*bytes = NULL;
	}
	if (xdrs->x_op != XDR_DECODE || *bytes != NULL)
		return xdr_cu_memcpy_htod_async_13000_argument(xdrs, a);
	if (!xdr_cu_dptr(xdrs, &a->dst) || !xdr_u_int(xdrs, &len) ||
	    len > ONCUDA_CHUNK_MAX)
		return FALSE;
	a->data.cu_bytes_len = len;
	if (len >= UPLOAD_POOL_MIN_BYTES && len <= UPLOAD_POOL_BUFFER_BYTES &&
	    (b = claim()) != NULL)
		*bytes = b->bytes;
	else if (len > 0 && (*bytes = malloc(len)) == NULL)
		return FALSE;
	return xdr_opaque(xdrs, *bytes, len) &&
	    xdr_cu_handle(xdrs, &a->stream);
}

static bool_t pooled_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (xdr == XDRPROC(xdr_cu_memcpy_htod_async_13000_argument))
		xdr = XDRPROC(xdr_pooled_htod_async);
	return inner_ops->xp_getargs(xprt, xdr, args);
}

static bool_t pooled_freeargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (xdr == XDRPROC(xdr_cu_memcpy_htod_async_13000_argument))
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

/* A second registration of live buffers is refused, harmlessly. */
static void register_for_current_context(void)
{
	CUcontext current = NULL;

	if (cuCtxGetCurrent(&current) != CUDA_SUCCESS || current == NULL ||
	    current == tried_in)
		return;
	tried_in = current;
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++)
		if (cuMemHostRegister(pool[i].bytes, UPLOAD_POOL_BUFFER_BYTES,
		    CU_MEMHOSTREGISTER_PORTABLE) == CUDA_SUCCESS)
			registered_in = current;
}

CUresult upload_pool_upload(CUdeviceptr dst, const char *bytes, size_t len,
    CUstream stream)
{
	struct buffer *b = buffer_of(bytes);
	CUresult err;

	register_for_current_context();
	err = cuMemcpyHtoDAsync(dst, bytes, len, stream);
	if (err != CUDA_SUCCESS)
		return err;	/* nothing queued: freeing the arguments frees b */
	b->state = BUFFER_QUEUED;
	if (cuCtxGetCurrent(&b->ctx) != CUDA_SUCCESS)
		b->ctx = NULL;
	/* Without an event dma_mark waits for the stream: b is free at once. */
	return dma_mark(&b->copied, stream);
}

void upload_pool_context_gone(CUcontext ctx)
{
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++) {
		struct buffer *b = &pool[i];

		if (b->state == BUFFER_QUEUED && b->ctx == ctx) {
			b->copied = NULL;
			b->ctx = NULL;
			b->state = BUFFER_FREE;
		}
	}
	if (registered_in == ctx) {
		registered_in = NULL;
		tried_in = NULL;	/* register again in the current one */
	}
	if (tried_in == ctx)
		tried_in = NULL;
}

void upload_pool_session_end(void)
{
	for (int i = 0; i < UPLOAD_POOL_BUFFERS; i++) {
		(void)dma_wait(&pool[i].copied);
		pool[i].ctx = NULL;
		pool[i].state = BUFFER_FREE;
	}
	registered_in = NULL;
	tried_in = NULL;
	wrapped = NULL;
}
