/*
 * server/copy/staging.c -- page-locked slots for large linear copies
 * (staging.h).
 *
 * The slots are a pinned buffer set (pinned_set.h: why heap memory
 * registered with the driver, and how their DMA marks die with contexts),
 * allocated once per process, on the first copy, and live until the
 * process exits.  Each time the current context changes they are
 * registered again.
 *
 * The transport's operations are wrapped (as getargs.c and calltrace.c do)
 * for three things the generated dispatcher cannot be told: decode an
 * upload's bytes into a slot rather than a malloc'ed buffer; never free a
 * slot as if it were such a buffer (freeargs, and the result of a
 * download, whose pointer is taken back once the reply is sent); and wait
 * for queued DMAs before any request that is not the next upload, or a
 * synchronous download (which waits in staging_download, or is ordered
 * after them on the NULL stream).
 *
 * Calls down only: pinned_set.c and the session's ranges.
 */
#include <assert.h>
#include <stdint.h>

#include "common/xdrproc.h"
#include "server/copy/pinned_set.h"
#include "server/copy/staging.h"
#include "server/session/ranges.h"

/* Two: one receives the next chunk while the other's DMA runs. */
#define SLOTS 2
#define SLOT_BYTES ((size_t)ONCUDA_CHUNK_DEFAULT)

static struct pinned_buffer ring[SLOTS];
static struct pinned_set slots = PINNED_SET(ring, SLOT_BYTES);
static unsigned next_upload;
/* The download reply that holds a slot until it is sent. */
static res_data *lent_to;
/*
 * The next chunk of a synchronous download, read ahead into a slot while
 * the current one is sent: SLOT_BYTES from ahead_src.  Good only for the
 * request right after; any other request forgets it.
 */
static struct pinned_buffer *ahead;
static CUdeviceptr ahead_src;

static SVCXPRT *wrapped;	/* the session's transport */
static const struct xp_ops *inner_ops;
static struct xp_ops staged_ops;

bool staging_holds(const char *bytes)
{
	return pinned_set_find(&slots, bytes) != NULL;
}

/* The next slot, for a large upload's bytes, once the DMA that last read it is done. */
static char *next_slot(u_int len)
{
	struct pinned_buffer *s = &ring[next_upload];

	if (len < STAGING_MIN_BYTES || len > SLOT_BYTES)
		return NULL;
	next_upload = (next_upload + 1) % SLOTS;
	(void)pinned_buffer_wait(s);
	return s->bytes;
}

/*
 * The arguments of CU_MEMCPY_HTOD, decoded as rpcgen's routine would,
 * except that a large upload's bytes land in the next slot.
 */
static bool_t xdr_staged_htod(XDR *xdrs, cu_memcpy_htod_argument *a)
{
	if (xdrs->x_op == XDR_FREE && staging_holds(a->data.cu_bytes_val))
		a->data.cu_bytes_val = NULL;
	if (xdrs->x_op != XDR_DECODE || a->data.cu_bytes_val != NULL)
		return xdr_cu_memcpy_htod_argument(xdrs, a);
	return xdr_cu_dptr(xdrs, &a->dst) &&
	    pinned_decode_bytes(xdrs, &a->data, next_slot);
}

/*
 * A synchronous download is on the NULL stream, after the queued uploads:
 * staging_download waits for what it must, and may use the chunk read ahead.
 */
static bool_t staged_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (xdr == XDRPROC(xdr_cu_memcpy_dtoh_argument))
		return inner_ops->xp_getargs(xprt, xdr, args);
	ahead = NULL;
	if (xdr == XDRPROC(xdr_cu_memcpy_htod_argument))
		return inner_ops->xp_getargs(xprt, XDRPROC(xdr_staged_htod),
		    args);
	pinned_set_drain(&slots);
	return inner_ops->xp_getargs(xprt, xdr, args);
}

static bool_t staged_freeargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (xdr == XDRPROC(xdr_cu_memcpy_htod_argument))
		return inner_ops->xp_freeargs(xprt, XDRPROC(xdr_staged_htod),
		    args);
	return inner_ops->xp_freeargs(xprt, xdr, args);
}

/* Once sent, the download's slot is taken back before the dispatcher frees the result. */
static bool_t staged_reply(SVCXPRT *xprt, struct rpc_msg *msg)
{
	bool_t ok = inner_ops->xp_reply(xprt, msg);

	if (lent_to != NULL) {
		lent_to->res_data_u.data.data_val = NULL;
		lent_to->res_data_u.data.data_len = 0;
		lent_to = NULL;
	}
	return ok;
}

/*
 * The slots once per process (when they cannot be had, copies keep going
 * the plain way); the wrapping once per transport (a session has one; the
 * fuzz target serves many sessions in one process).
 */
void staging_start(SVCXPRT *xprt)
{
	if (!pinned_set_allocate(&slots) || wrapped == xprt)
		return;
	wrapped = xprt;
	ahead = NULL;
	inner_ops = xprt->xp_ops;
	staged_ops = *inner_ops;
	staged_ops.xp_getargs = staged_getargs;
	staged_ops.xp_freeargs = staged_freeargs;
	staged_ops.xp_reply = staged_reply;
	xprt->xp_ops = &staged_ops;
}

/*
 * Its contexts, and with them the slots' events and registrations, are
 * gone (session_teardown destroyed them, which waits for their work).
 */
void staging_session_end(void)
{
	pinned_set_forget(&slots);
	wrapped = NULL;
	ahead = NULL;
	lent_to = NULL;
}

CUresult staging_upload(CUdeviceptr dst, const char *bytes, size_t len)
{
	struct pinned_buffer *s = pinned_set_find(&slots, bytes);
	CUresult err;

	/* The procedure asked staging_holds first. */
	assert(s != NULL);
	pinned_set_register(&slots);
	err = cuMemcpyHtoDAsync(dst, bytes, len, NULL);
	if (err != CUDA_SUCCESS)
		return err;
	return pinned_set_mark(&slots, s, NULL);
}

/*
 * A download of whole slots is likely the middle of a larger copy: the
 * next chunk is read into the other slot while this one is sent.  It is
 * read on the NULL stream, after the same work its own request would come
 * after, and used only if that request comes next; nothing else of this
 * client can run in between.  Only memory the client owns is read.
 */
static void read_ahead(struct pinned_buffer *current, CUdeviceptr next)
{
	struct pinned_buffer *s = current == &ring[0] ? &ring[1] : &ring[0];

	if (next > UINT64_MAX - SLOT_BYTES || !ranges_owned(next, SLOT_BYTES))
		return;
	(void)pinned_buffer_wait(s);
	if (cuMemcpyDtoHAsync(s->bytes, next, SLOT_BYTES, NULL) !=
	    CUDA_SUCCESS || pinned_set_mark(&slots, s, NULL) != CUDA_SUCCESS)
		return;
	ahead = s;
	ahead_src = next;
}

bool staging_download(CUdeviceptr src, size_t len, CUstream stream,
    res_data *r)
{
	struct pinned_buffer *s = &ring[0];

	if (ring[0].bytes == NULL || inner_ops == NULL || len < STAGING_MIN_BYTES ||
	    len > SLOT_BYTES) {
		ahead = NULL;
		return false;
	}
	if (stream == NULL && ahead != NULL && ahead_src == src) {
		s = ahead;
		ahead = NULL;
		r->err = pinned_buffer_wait(s);
		pinned_set_drain(&slots);
	} else {
		ahead = NULL;
		pinned_set_drain(&slots);
		pinned_set_register(&slots);
		if (stream == NULL) {
			r->err = cuMemcpyDtoH(s->bytes, src, len);
		} else {
			r->err = cuMemcpyDtoHAsync(s->bytes, src, len, stream);
			if (r->err == CUDA_SUCCESS)
				r->err = cuStreamSynchronize(stream);
		}
	}
	if (r->err != CUDA_SUCCESS)
		return true;
	r->res_data_u.data.data_val = s->bytes;
	r->res_data_u.data.data_len = (u_int)len;
	lent_to = r;
	if (stream == NULL && len == SLOT_BYTES)
		read_ahead(s, src + len);
	return true;
}
