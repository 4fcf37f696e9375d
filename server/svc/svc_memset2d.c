/*
 * svc_memset2d.c -- cuMemsetD2D8/16/32 and their Async forms.
 *
 * The client's glue is generated (idl/cuda.x); the server's is written
 * here because the bytes a 2D memset touches are not one count of
 * elements: height rows of width elements, pitch bytes apart.  All of
 * them, (height - 1) * pitch + width * element size bytes from dst, must
 * lie inside memory this client owns; geometry whose end does not fit in
 * 64 bits is refused before the driver sees it.  Pitch and alignment are
 * the driver's to judge.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"

static CUresult check(cu_dptr dst, cu_size pitch, cu_size width,
    cu_size height, unsigned size, const char *call)
{
	cu_size row, span;

	if (width == 0 || height == 0)
		return CUDA_SUCCESS;
	if (__builtin_mul_overflow(width, size, &row) ||
	    __builtin_mul_overflow(height - 1, pitch, &span) ||
	    __builtin_add_overflow(span, row, &span) ||
	    __builtin_add_overflow(span, dst, &row))
		return CUDA_ERROR_INVALID_VALUE;
	return range_check(dst, span, 1, call);
}

bool_t cu_memset_d2d8_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, res_none *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = check(dst, pitch, width, height, 1, "cuMemsetD2D8")) == CUDA_SUCCESS)
		r->err = cuMemsetD2D8((CUdeviceptr)dst, (size_t)pitch,
		    (unsigned char)value, (size_t)width, (size_t)height);
	return TRUE;
}

bool_t cu_memset_d2d16_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, res_none *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = check(dst, pitch, width, height, 2, "cuMemsetD2D16")) == CUDA_SUCCESS)
		r->err = cuMemsetD2D16((CUdeviceptr)dst, (size_t)pitch,
		    (unsigned short)value, (size_t)width, (size_t)height);
	return TRUE;
}

bool_t cu_memset_d2d32_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, res_none *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = check(dst, pitch, width, height, 4, "cuMemsetD2D32")) == CUDA_SUCCESS)
		r->err = cuMemsetD2D32((CUdeviceptr)dst, (size_t)pitch,
		    value, (size_t)width, (size_t)height);
	return TRUE;
}

bool_t cu_memset_d2d8_async_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) == CUDA_SUCCESS &&
	    (r->err = check(dst, pitch, width, height, 1, "cuMemsetD2D8Async")) == CUDA_SUCCESS)
		r->err = cuMemsetD2D8Async((CUdeviceptr)dst, (size_t)pitch,
		    (unsigned char)value, (size_t)width, (size_t)height,
		    (CUstream)(uintptr_t)stream);
	return TRUE;
}

bool_t cu_memset_d2d16_async_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) == CUDA_SUCCESS &&
	    (r->err = check(dst, pitch, width, height, 2, "cuMemsetD2D16Async")) == CUDA_SUCCESS)
		r->err = cuMemsetD2D16Async((CUdeviceptr)dst, (size_t)pitch,
		    (unsigned short)value, (size_t)width, (size_t)height,
		    (CUstream)(uintptr_t)stream);
	return TRUE;
}

bool_t cu_memset_d2d32_async_svc(cu_dptr dst, cu_size pitch, u_int value,
    cu_size width, cu_size height, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) == CUDA_SUCCESS &&
	    (r->err = check(dst, pitch, width, height, 4, "cuMemsetD2D32Async")) == CUDA_SUCCESS)
		r->err = cuMemsetD2D32Async((CUdeviceptr)dst, (size_t)pitch,
		    value, (size_t)width, (size_t)height,
		    (CUstream)(uintptr_t)stream);
	return TRUE;
}
