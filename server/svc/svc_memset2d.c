/*
 * svc_memset2d.c -- cuMemsetD2D8/16/32 and their Async forms.
 *
 * The client's glue is generated (idl/cuda.x); the server's is written
 * here because the bytes a 2D memset touches are not one count of
 * elements: height rows of width elements, pitch bytes apart.  All of
 * them, (height - 1) * pitch + width * element size bytes from dst, must
 * lie inside memory this client owns; geometry whose end does not fit in
 * 64 bits is refused before the driver sees it.  Pitch and alignment are
 * the driver's to judge.  An Async form into a capture is checked as
 * capture_range_check checks (capture.h): the graph is, before it runs.
 */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"

static CUresult check(cu_dptr dst, cu_size pitch, cu_size width,
    cu_size height, unsigned size, cu_handle stream, const char *call)
{
	uint64_t span, end;

	if (width == 0 || height == 0)
		return CUDA_SUCCESS;
	if (!ranges_span_2d(width, size, height, pitch, &span) ||
	    __builtin_add_overflow(span, dst, &end))
		return CUDA_ERROR_INVALID_VALUE;
	return capture_range_check(stream, dst, span, 1, call);
}

/* One 2D memset of elements of size bytes; async: on stream. */
static void set(cu_dptr dst, cu_size pitch, u_int value, cu_size width,
    cu_size height, unsigned size, cu_handle stream, bool async,
    const char *call, res_none *r)
{
	CUdeviceptr d = (CUdeviceptr)dst;
	CUstream s = (CUstream)(uintptr_t)stream;

	memset(r, 0, sizeof *r);
	if (async && (r->err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS)
		return;
	if ((r->err = check(dst, pitch, width, height, size, stream, call)) !=
	    CUDA_SUCCESS)
		return;
	switch (size) {
	case 1:
		r->err = async ? cuMemsetD2D8Async(d, pitch, (unsigned char)value,
		    width, height, s) : cuMemsetD2D8(d, pitch,
		    (unsigned char)value, width, height);
		break;
	case 2:
		r->err = async ? cuMemsetD2D16Async(d, pitch, (unsigned short)value,
		    width, height, s) : cuMemsetD2D16(d, pitch,
		    (unsigned short)value, width, height);
		break;
	default:
		assert(size == 4);
		r->err = async ? cuMemsetD2D32Async(d, pitch, value, width,
		    height, s) : cuMemsetD2D32(d, pitch, value, width, height);
		break;
	}
}

bool_t cu_memset_d2d8_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, res_none *r, struct svc_req *rq)
{
	(void)rq;
	set(dst, pitch, value, width, height, 1, 0, false, "cuMemsetD2D8", r);
	return TRUE;
}

bool_t cu_memset_d2d16_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, res_none *r, struct svc_req *rq)
{
	(void)rq;
	set(dst, pitch, value, width, height, 2, 0, false, "cuMemsetD2D16", r);
	return TRUE;
}

bool_t cu_memset_d2d32_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, res_none *r, struct svc_req *rq)
{
	(void)rq;
	set(dst, pitch, value, width, height, 4, 0, false, "cuMemsetD2D32", r);
	return TRUE;
}

bool_t cu_memset_d2d8_async_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	set(dst, pitch, value, width, height, 1, stream, true,
	    "cuMemsetD2D8Async", r);
	return TRUE;
}

bool_t cu_memset_d2d16_async_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	set(dst, pitch, value, width, height, 2, stream, true,
	    "cuMemsetD2D16Async", r);
	return TRUE;
}

bool_t cu_memset_d2d32_async_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	set(dst, pitch, value, width, height, 4, stream, true,
	    "cuMemsetD2D32Async", r);
	return TRUE;
}
