/*
 * svc_copy2d.c -- cuMemcpy2D and cuMemcpy2DAsync with a device side.
 *
 * Host rows cross the wire packed, width bytes each, so the host side of
 * every copy here is a buffer of this process with pitch == width.  The
 * geometry comes from the network: it is checked so that the host buffer
 * holds exactly the rows described and no address computation wraps.
 * Each device side must then lie inside memory this client owns (ranges.h);
 * the host side is a buffer of this process and needs no such check.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"
#include "server/svc/svc_copy.h"

/* width * height, or false when it does not fit in 64 bits. */
static bool packed_bytes(cu_size width, cu_size height, cu_size *bytes)
{
	return !__builtin_mul_overflow(width, height, bytes);
}

/*
 * The driver adds base + (y + row) * pitch + x_bytes for each row.  It
 * checks the addresses it ends up with, but an address that wrapped past
 * 2^64 could land on a valid allocation, so a region whose last byte does
 * not fit in 64 bits is refused.
 */
static bool region_fits(const dev_region *d, cu_size width, cu_size height)
{
	cu_size last_row, end;

	if (width == 0 || height == 0)
		return true;
	return !__builtin_add_overflow(d->y, height - 1, &last_row) &&
	    !__builtin_mul_overflow(last_row, d->pitch, &end) &&
	    !__builtin_add_overflow(end, d->x_bytes, &end) &&
	    !__builtin_add_overflow(end, width, &end) &&
	    !__builtin_add_overflow(end, d->base, &end);
}

/*
 * The bytes a region of height rows of width bytes touches run from its
 * first row's first byte to its last row's last: (height - 1) * pitch +
 * width bytes.  Only for a region that region_fits, so nothing wraps.
 */
static CUresult region_check(const dev_region *d, cu_size width,
    cu_size height)
{
	cu_size first, end;

	if (width == 0 || height == 0)
		return CUDA_SUCCESS;
	first = d->base + d->y * d->pitch + d->x_bytes;
	end = d->base + (d->y + height - 1) * d->pitch + d->x_bytes + width;
	return range_check(first, end - first, 1, "cuMemcpy2D");
}

static void set_device_side(CUmemorytype *type, CUdeviceptr *dptr,
    size_t *x, size_t *y, size_t *pitch, const dev_region *d)
{
	*type = CU_MEMORYTYPE_DEVICE;
	*dptr = (CUdeviceptr)d->base;
	*x = (size_t)d->x_bytes;
	*y = (size_t)d->y;
	*pitch = (size_t)d->pitch;
}

/*
 * Checks the stream for an asynchronous copy; synchronous ones ignore it.
 * A copy through a host buffer of ours must not be captured; one between
 * device memories may (a host side the client mirrored is one of them).
 */
static CUresult check_stream(cu_handle stream, bool_t async, bool host_buffer)
{
	CUresult err;

	if (!async)
		return CUDA_SUCCESS;
	if ((err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS ||
	    !host_buffer)
		return err;
	return capture_refuse_host_copy(stream, "cuMemcpy2DAsync");
}

bool_t cu_memcpy_2d_htod_svc(dev_region dst, cu_size width,
    cu_size height, cu_bytes rows, cu_handle stream, bool_t async,
    res_none *r, struct svc_req *rq)
{
	CUstream s = (CUstream)(uintptr_t)stream;
	CUDA_MEMCPY2D copy;
	cu_size bytes;
	char *buf;

	(void)rq;
	if ((r->err = check_stream(stream, async, true)) != CUDA_SUCCESS)
		return TRUE;
	if (!packed_bytes(width, height, &bytes) || bytes != rows.cu_bytes_len ||
	    !region_fits(&dst, width, height)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = region_check(&dst, width, height)) != CUDA_SUCCESS)
		return TRUE;
	memset(&copy, 0, sizeof(copy));
	copy.srcMemoryType = CU_MEMORYTYPE_HOST;
	copy.srcPitch = (size_t)width;
	set_device_side(&copy.dstMemoryType, &copy.dstDevice,
	    &copy.dstXInBytes, &copy.dstY, &copy.dstPitch, &dst);
	copy.WidthInBytes = (size_t)width;
	copy.Height = (size_t)height;
	if (!async) {
		copy.srcHost = rows.cu_bytes_val;
		r->err = cuMemcpy2D(&copy);
		return TRUE;
	}
	/* The rows are freed when we return; the stream may read later. */
	if ((buf = upload_copy(rows.cu_bytes_val, bytes)) == NULL) {
		copy.srcHost = rows.cu_bytes_val;
		r->err = upload_in_place(cuMemcpy2DAsync(&copy, s), s);
		return TRUE;
	}
	copy.srcHost = buf;
	r->err = free_after_upload(cuMemcpy2DAsync(&copy, s), s, buf);
	return TRUE;
}

bool_t cu_memcpy_2d_dtoh_svc(dev_region src, cu_size width,
    cu_size height, cu_handle stream, bool_t async, res_data *r,
    struct svc_req *rq)
{
	CUstream s = (CUstream)(uintptr_t)stream;
	CUDA_MEMCPY2D copy;
	cu_size bytes;
	char *buf;

	(void)rq;
	if ((r->err = check_stream(stream, async, true)) != CUDA_SUCCESS)
		return TRUE;
	if (!packed_bytes(width, height, &bytes) || bytes > ONCUDA_CHUNK_MAX ||
	    !region_fits(&src, width, height)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = region_check(&src, width, height)) != CUDA_SUCCESS)
		return TRUE;
	if ((buf = host_buffer(bytes)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	memset(&copy, 0, sizeof(copy));
	set_device_side(&copy.srcMemoryType, &copy.srcDevice,
	    &copy.srcXInBytes, &copy.srcY, &copy.srcPitch, &src);
	copy.dstMemoryType = CU_MEMORYTYPE_HOST;
	copy.dstHost = buf;
	copy.dstPitch = (size_t)width;
	copy.WidthInBytes = (size_t)width;
	copy.Height = (size_t)height;
	if (!async) {
		r->err = cuMemcpy2D(&copy);
	} else {
		/* The rows travel back in this reply, so wait for them. */
		r->err = cuMemcpy2DAsync(&copy, s);
		if (r->err == CUDA_SUCCESS)
			r->err = cuStreamSynchronize(s);
	}
	reply_with(r, buf, bytes);
	return TRUE;
}

bool_t cu_memcpy_2d_dtod_svc(dev_region dst, dev_region src,
    cu_size width, cu_size height, cu_handle stream, bool_t async,
    res_none *r, struct svc_req *rq)
{
	CUDA_MEMCPY2D copy;

	(void)rq;
	if ((r->err = check_stream(stream, async, false)) != CUDA_SUCCESS)
		return TRUE;
	if (!region_fits(&dst, width, height) ||
	    !region_fits(&src, width, height)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = region_check(&dst, width, height)) != CUDA_SUCCESS ||
	    (r->err = region_check(&src, width, height)) != CUDA_SUCCESS)
		return TRUE;
	memset(&copy, 0, sizeof(copy));
	set_device_side(&copy.srcMemoryType, &copy.srcDevice,
	    &copy.srcXInBytes, &copy.srcY, &copy.srcPitch, &src);
	set_device_side(&copy.dstMemoryType, &copy.dstDevice,
	    &copy.dstXInBytes, &copy.dstY, &copy.dstPitch, &dst);
	copy.WidthInBytes = (size_t)width;
	copy.Height = (size_t)height;
	if (async)
		r->err = cuMemcpy2DAsync(&copy, (CUstream)(uintptr_t)stream);
	else
		r->err = cuMemcpy2D(&copy);
	return TRUE;
}
