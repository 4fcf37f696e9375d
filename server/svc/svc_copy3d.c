/*
 * svc_copy3d.c -- the 3D copies: cuMemcpy3D, cuMemcpy3DPeer and the copies
 * with a CUDA array side (idl/cuda.x, CU_MEMCPY_3D_TO and after).
 *
 * A host side crosses the wire packed (pitch == width, height == the
 * extent's), so it is a buffer of this process and needs no range check;
 * its length must be exactly the extent's bytes.  A device side must lie
 * inside memory this client owns, from the first byte of its first row to
 * the last byte of its last (the driver's own address arithmetic, checked
 * so that nothing wraps); an array side must be an array this client
 * holds, and the driver checks that the copy stays inside it.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"
#include "server/svc/svc_copy.h"

/* One side of a copy as the driver's structures hold it. */
struct side {
	CUmemorytype type;
	const void *host;
	CUdeviceptr device;
	CUarray array;
	CUcontext context;
	size_t x, y, z, pitch, height;
};

/* width * height * depth, or false when it does not fit in 64 bits. */
static bool extent_bytes(const copy_extent *e, cu_size *bytes)
{
	return !__builtin_mul_overflow(e->width, e->height, bytes) &&
	    !__builtin_mul_overflow(*bytes, e->depth, bytes);
}

static bool extent_empty(const copy_extent *e)
{
	return e->width == 0 || e->height == 0 || e->depth == 0;
}

/*
 * The device bytes a side touches: from (z * height + y) * pitch + x to
 * ((z + depth - 1) * height + y + rows - 1) * pitch + x + width, past its
 * base.  Refused when any step wraps: a wrapped address could land on
 * another allocation of this client, and the driver would not know.
 */
static CUresult device_check(const copy_side *w, const copy_extent *e)
{
	cu_size first, last, t;

	if (extent_empty(e))
		return CUDA_SUCCESS;
	if (__builtin_mul_overflow(w->z, w->height, &t) ||
	    __builtin_add_overflow(t, w->y, &t) ||
	    __builtin_mul_overflow(t, w->pitch, &first) ||
	    __builtin_add_overflow(first, w->x_bytes, &first) ||
	    __builtin_add_overflow(first, w->device, &first))
		return CUDA_ERROR_INVALID_VALUE;
	if (__builtin_add_overflow(w->z, e->depth - 1, &t) ||
	    __builtin_mul_overflow(t, w->height, &t) ||
	    __builtin_add_overflow(t, w->y, &t) ||
	    __builtin_add_overflow(t, e->height - 1, &t) ||
	    __builtin_mul_overflow(t, w->pitch, &last) ||
	    __builtin_add_overflow(last, w->x_bytes, &last) ||
	    __builtin_add_overflow(last, e->width, &last) ||
	    __builtin_add_overflow(last, w->device, &last))
		return CUDA_ERROR_INVALID_VALUE;
	return range_check(first, last - first, 1, "cuMemcpy3D");
}

/* A device or array side from the wire, checked; context 0 is none. */
static CUresult side_from_wire(const copy_side *w, cu_handle context,
    const copy_extent *e, struct side *s)
{
	CUresult err;

	memset(s, 0, sizeof *s);
	if (context != 0 &&
	    (err = handle_check(HANDLE_CONTEXT, context, false)) != CUDA_SUCCESS)
		return err;
	switch (w->type) {
	case CU_MEMORYTYPE_DEVICE:
		if ((err = device_check(w, e)) != CUDA_SUCCESS)
			return err;
		s->device = (CUdeviceptr)w->device;
		s->pitch = (size_t)w->pitch;
		s->height = (size_t)w->height;
		break;
	case CU_MEMORYTYPE_ARRAY:
		if ((err = handle_check(HANDLE_ARRAY, w->array, false)) != CUDA_SUCCESS)
			return err;
		s->array = (CUarray)(uintptr_t)w->array;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	s->type = (CUmemorytype)w->type;
	s->context = (CUcontext)(uintptr_t)context;
	s->x = (size_t)w->x_bytes;
	s->y = (size_t)w->y;
	s->z = (size_t)w->z;
	return CUDA_SUCCESS;
}

/* A packed host side of the extent. */
static void host_side(const void *buf, const copy_extent *e,
    CUcontext context, struct side *s)
{
	memset(s, 0, sizeof *s);
	s->type = CU_MEMORYTYPE_HOST;
	s->host = buf;
	s->context = context;
	s->pitch = (size_t)e->width;
	s->height = (size_t)e->height;
}

#define SET_SIDE(c, pre, s) do {					\
	(c)->pre##XInBytes = (s)->x;					\
	(c)->pre##Y = (s)->y;						\
	(c)->pre##Z = (s)->z;						\
	(c)->pre##MemoryType = (s)->type;				\
	(c)->pre##Host = (void *)(uintptr_t)(s)->host;			\
	(c)->pre##Device = (s)->device;					\
	(c)->pre##Array = (s)->array;					\
	(c)->pre##Pitch = (s)->pitch;					\
	(c)->pre##Height = (s)->height;					\
} while (0)

/*
 * Makes the copy: cuMemcpy3DPeer's when a side names a context, else
 * cuMemcpy3D's.  async: queued on stream.
 */
static CUresult run(const struct side *dst, const struct side *src,
    const copy_extent *e, CUstream stream, bool_t async)
{
	if (dst->context != NULL || src->context != NULL) {
		CUDA_MEMCPY3D_PEER c;

		memset(&c, 0, sizeof c);
		SET_SIDE(&c, src, src);
		SET_SIDE(&c, dst, dst);
		c.srcContext = src->context;
		c.dstContext = dst->context;
		c.WidthInBytes = (size_t)e->width;
		c.Height = (size_t)e->height;
		c.Depth = (size_t)e->depth;
		return async ? cuMemcpy3DPeerAsync(&c, stream) : cuMemcpy3DPeer(&c);
	} else {
		CUDA_MEMCPY3D c;

		memset(&c, 0, sizeof c);
		SET_SIDE(&c, src, src);
		SET_SIDE(&c, dst, dst);
		c.WidthInBytes = (size_t)e->width;
		c.Height = (size_t)e->height;
		c.Depth = (size_t)e->depth;
		return async ? cuMemcpy3DAsync(&c, stream) : cuMemcpy3D(&c);
	}
}

/* The stream of an asynchronous copy with a host side; synchronous ones ignore it. */
static CUresult check_stream(cu_handle stream, bool_t async, bool host_side)
{
	CUresult err;

	if (!async)
		return CUDA_SUCCESS;
	if ((err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS)
		return err;
	return host_side ? capture_refuse_host_copy(stream, "cuMemcpy3DAsync") :
	    CUDA_SUCCESS;
}

bool_t cu_memcpy_3d_to_svc(copy_side dst, cu_handle dst_context,
    copy_extent extent, cu_bytes data, cu_handle stream, bool_t async,
    res_none *r, struct svc_req *rq)
{
	CUstream s = (CUstream)(uintptr_t)stream;
	struct side to, from;
	cu_size bytes;
	char *buf;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = check_stream(stream, async, true)) != CUDA_SUCCESS)
		return TRUE;
	if (!extent_bytes(&extent, &bytes) || bytes != data.cu_bytes_len) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = side_from_wire(&dst, dst_context, &extent, &to)) != CUDA_SUCCESS)
		return TRUE;
	if (!async) {
		host_side(data.cu_bytes_val, &extent, to.context, &from);
		r->err = run(&to, &from, &extent, s, FALSE);
		return TRUE;
	}
	/* The bytes are freed when we return; the stream may read later. */
	if ((buf = upload_copy(data.cu_bytes_val, bytes)) == NULL) {
		host_side(data.cu_bytes_val, &extent, to.context, &from);
		r->err = upload_in_place(run(&to, &from, &extent, s, TRUE), s);
		return TRUE;
	}
	host_side(buf, &extent, to.context, &from);
	r->err = free_after_upload(run(&to, &from, &extent, s, TRUE), s, buf);
	return TRUE;
}

bool_t cu_memcpy_3d_from_svc(copy_side src, cu_handle src_context,
    copy_extent extent, cu_handle stream, bool_t async, res_data *r,
    struct svc_req *rq)
{
	CUstream s = (CUstream)(uintptr_t)stream;
	struct side from, to;
	cu_size bytes;
	char *buf;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = check_stream(stream, async, true)) != CUDA_SUCCESS)
		return TRUE;
	if (!extent_bytes(&extent, &bytes) || bytes > ONCUDA_CHUNK_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = side_from_wire(&src, src_context, &extent, &from)) != CUDA_SUCCESS)
		return TRUE;
	if ((buf = host_buffer(bytes)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	host_side(buf, &extent, from.context, &to);
	r->err = run(&to, &from, &extent, s, async);
	/* The bytes travel back in this reply, so wait for them. */
	if (async && r->err == CUDA_SUCCESS)
		r->err = cuStreamSynchronize(s);
	reply_with(r, buf, bytes);
	return TRUE;
}

bool_t cu_memcpy_3d_within_svc(copy_side dst, cu_handle dst_context,
    copy_side src, cu_handle src_context, copy_extent extent,
    cu_handle stream, bool_t async, res_none *r, struct svc_req *rq)
{
	struct side to, from;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = check_stream(stream, async, false)) != CUDA_SUCCESS)
		return TRUE;
	if ((r->err = side_from_wire(&dst, dst_context, &extent, &to)) != CUDA_SUCCESS ||
	    (r->err = side_from_wire(&src, src_context, &extent, &from)) != CUDA_SUCCESS)
		return TRUE;
	r->err = run(&to, &from, &extent, (CUstream)(uintptr_t)stream, async);
	return TRUE;
}
