/*
 * copy_wire.c -- one message of a copy (see copy_wire.h).
 *
 * Results that carry bytes are decoded here by xdr_landing rather than by
 * rpcgen's xdr_res_data, for two reasons.  xdr_bytes decodes into the
 * buffer it is given when the pointer is not NULL, which lets the bytes go
 * straight into the program's memory; but it checks the length the server
 * sent only against the protocol's bound, so a server that sent more than
 * was asked would write past the program's buffer before the caller could
 * look at the length.  xdr_landing refuses any length but the one asked for
 * before it stores anything.  And as nothing is allocated, nothing is freed.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "common/xdrproc.h"
#include "stubs/wire/batch.h"
#include "stubs/copy/copy_wire.h"

const struct copy_stream copy_sync = { 0, false };

/*
 * Only for the calls made with clnt_call here.  The generated stubs use the
 * same figure; the connection's own timeout (set with CLSET_TIMEOUT from
 * ONCUDA_TIMEOUT) takes precedence over both.
 */
static struct timeval CALL_TIMEOUT = { 25, 0 };

/* A res_data received into memory the caller provides. */
struct landing {
	int err;
	char *buf;
	u_int want;	/* the only length accepted */
};

/*
 * Encoding writes what was received, as a res_data: the tracer (trace.c)
 * reads a call's result by encoding it again.
 */
static bool_t xdr_landing(XDR *xdrs, struct landing *l)
{
	u_int len = l->want;

	if (xdrs->x_op == XDR_FREE)
		return TRUE;
	if (!xdr_int(xdrs, &l->err))
		return FALSE;
	if (l->err != CUDA_SUCCESS)
		return TRUE;
	if (!xdr_u_int(xdrs, &len) || len != l->want)
		return FALSE;
	return xdr_opaque(xdrs, l->buf, len);
}

enum clnt_stat wire_htod(CLIENT *c, cu_dptr dst, const void *src, size_t len,
    const struct copy_stream *s, int *err)
{
	/* The encoder only reads the bytes; the IDL's type is not const. */
	cu_bytes data = { (u_int)len, (char *)(uintptr_t)src };
	res_none r;
	enum clnt_stat st;

	if (s->async) {
		cu_memcpy_htod_async_argument a = { dst, data, s->handle };

		/*
		 * One-way (batch.h): the chunk is encoded into the send buffer
		 * or written to the socket before this returns, so the program
		 * may reuse its memory at once; an error surfaces later.
		 */
		*err = CUDA_SUCCESS;
		return batch_send(c, CU_MEMCPY_HTOD_ASYNC,
		    XDRPROC(xdr_cu_memcpy_htod_async_argument), &a);
	}
	memset(&r, 0, sizeof r);
	st = cu_memcpy_htod(dst, data, &r, c);
	*err = r.err;
	return st;
}

enum clnt_stat wire_dtoh(CLIENT *c, void *dst, cu_dptr src, size_t len,
    const struct copy_stream *s, int *err)
{
	struct landing l = { CUDA_SUCCESS, dst, (u_int)len };
	enum clnt_stat st;

	if (s->async) {
		cu_memcpy_dtoh_async_argument a = { src, len, s->handle };

		st = clnt_call(c, CU_MEMCPY_DTOH_ASYNC,
		    XDRPROC(xdr_cu_memcpy_dtoh_async_argument), (caddr_t)&a,
		    XDRPROC(xdr_landing), (caddr_t)&l, CALL_TIMEOUT);
	} else {
		cu_memcpy_dtoh_argument a = { src, len };

		st = clnt_call(c, CU_MEMCPY_DTOH,
		    XDRPROC(xdr_cu_memcpy_dtoh_argument), (caddr_t)&a,
		    XDRPROC(xdr_landing), (caddr_t)&l, CALL_TIMEOUT);
	}
	*err = l.err;
	return st;
}

enum clnt_stat wire_2d_htod(CLIENT *c, const dev_region *dst, size_t width,
    size_t height, const void *rows, const struct copy_stream *s, int *err)
{
	cu_bytes data = { (u_int)(width * height), (char *)(uintptr_t)rows };
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	st = cu_memcpy_2d_htod(*dst, width, height, data, s->handle,
	    s->async, &r, c);
	*err = r.err;
	return st;
}

enum clnt_stat wire_2d_dtoh(CLIENT *c, void *rows, const dev_region *src,
    size_t width, size_t height, const struct copy_stream *s, int *err)
{
	cu_memcpy_2d_dtoh_argument a = { *src, width, height, s->handle, s->async };
	struct landing l = { CUDA_SUCCESS, rows, (u_int)(width * height) };
	enum clnt_stat st;

	st = clnt_call(c, CU_MEMCPY_2D_DTOH,
	    XDRPROC(xdr_cu_memcpy_2d_dtoh_argument), (caddr_t)&a,
	    XDRPROC(xdr_landing), (caddr_t)&l, CALL_TIMEOUT);
	*err = l.err;
	return st;
}

enum clnt_stat wire_3d_to(CLIENT *c, const copy_side *dst, cu_handle ctx,
    const copy_extent *e, const void *bytes, cu_handle stream, bool async,
    int *err)
{
	cu_bytes data = { (u_int)(e->width * e->height * e->depth),
	    (char *)(uintptr_t)bytes };
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	st = cu_memcpy_3d_to(*dst, ctx, *e, data, stream, async, &r, c);
	*err = r.err;
	return st;
}

enum clnt_stat wire_3d_from(CLIENT *c, void *bytes, const copy_side *src,
    cu_handle ctx, const copy_extent *e, cu_handle stream, bool async,
    int *err)
{
	cu_memcpy_3d_from_argument a = { *src, ctx, *e, stream, async };
	struct landing l = { CUDA_SUCCESS, bytes,
	    (u_int)(e->width * e->height * e->depth) };
	enum clnt_stat st;

	st = clnt_call(c, CU_MEMCPY_3D_FROM,
	    XDRPROC(xdr_cu_memcpy_3d_from_argument), (caddr_t)&a,
	    XDRPROC(xdr_landing), (caddr_t)&l, CALL_TIMEOUT);
	*err = l.err;
	return st;
}

enum clnt_stat wire_sync(CLIENT *c, const struct copy_stream *s, int *err)
{
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	st = cu_stream_synchronize(s->handle, &r, c);
	*err = r.err;
	return st;
}
