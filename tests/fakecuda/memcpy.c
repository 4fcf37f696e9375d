/*
 * memcpy.c - copies and memsets.
 *
 * Every device-side range must lie inside one live allocation, else the
 * call fails with CUDA_ERROR_INVALID_VALUE as the driver's does; host-side
 * pointers cannot be checked and are trusted, as the driver trusts them.
 * The Async forms validate their stream and then behave like the others:
 * the stand-in finishes all work before returning; on a capturing stream
 * they are checked the same way and become a graph node instead.  The
 * synchronous forms are "potentially unsafe" calls during capture.
 */
#include <string.h>
#include <sys/mman.h>

#include "graph.h"
#include "fake_array.h"

static CUresult
check_range(uintptr_t p, size_t bytes, bool on_device)
{
	if (p == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (on_device && !fc_alloc_covers(p, bytes))
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* A NULL stream with sync set is a synchronous call, never captured. */
static CUresult
enter(CUstream stream, bool sync, struct fc_context **ctx,
    struct fc_stream **capturing)
{
	CUresult rc;

	rc = fc_context_usable(ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(stream, *ctx);
	if (rc == CUDA_SUCCESS && sync)
		rc = fc_capture_check_unsafe();
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_route(stream, *ctx, capturing);
	return rc;
}

static bool
side_on_device(CUmemorytype type)
{
	return type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_UNIFIED;
}

/*
 * Under unified addressing the driver tells memory by its address: what is
 * not the device's is the host's, when this process has it mapped (msync
 * says ENOMEM if not); an address of neither is checked as the device's,
 * and refused.  Under the lock.
 */
static bool
unified_on_device(uintptr_t p, size_t bytes)
{
	uintptr_t page = p & ~(uintptr_t)4095;

	return p == 0 || fc_alloc_covers(p, bytes) ||
	    msync((void *)page, p + bytes - page, MS_ASYNC) != 0;
}

/* One side of a 3D copy: its first byte, every row inside one allocation. */
static CUresult
check_side_3d(CUmemorytype type, uintptr_t base, size_t x, size_t y,
    size_t z, size_t pitch, size_t height, const CUDA_MEMCPY3D *c)
{
	size_t offset, span, slice;

	if (type != CU_MEMORYTYPE_HOST && !side_on_device(type))
		return CUDA_ERROR_INVALID_VALUE;	/* no CUDA arrays */
	/* A single row needs no pitch. */
	if (c->Height <= 1 && c->Depth <= 1 && pitch == 0)
		pitch = x + c->WidthInBytes;
	if (pitch > FC_MAX_PITCH || x > pitch || c->WidthInBytes > pitch - x ||
	    (c->Depth > 1 && (height < c->Height || y > height - c->Height)))
		return CUDA_ERROR_INVALID_VALUE;
	if (__builtin_mul_overflow(height, pitch, &slice) ||
	    __builtin_mul_overflow(z, slice, &offset) ||
	    __builtin_add_overflow(offset, y * pitch + x, &offset) ||
	    __builtin_mul_overflow(c->Depth - 1, slice, &span) ||
	    __builtin_add_overflow(span, (c->Height - 1) * pitch, &span) ||
	    __builtin_add_overflow(span, c->WidthInBytes, &span) ||
	    __builtin_add_overflow(base, offset, &base))
		return CUDA_ERROR_INVALID_VALUE;
	if (type == CU_MEMORYTYPE_UNIFIED)
		return check_range(base, span, unified_on_device(base, span));
	return check_range(base, span, side_on_device(type));
}

static uintptr_t
side_base(CUmemorytype type, const void *host, CUdeviceptr device)
{
	return type == CU_MEMORYTYPE_HOST ? (uintptr_t)host : device;
}

/*
 * What a memcpy node may hold: host, device or unified memory on either
 * side (no CUDA arrays, no LOD), each side's rows inside its allocation.
 */
CUresult
fc_memcpy3d_check(const CUDA_MEMCPY3D *c)
{
	if (c == NULL || c->reserved0 != NULL || c->reserved1 != NULL ||
	    c->srcLOD != 0 || c->dstLOD != 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (c->WidthInBytes == 0 || c->Height == 0 || c->Depth == 0)
		return CUDA_SUCCESS;
	if (check_side_3d(c->srcMemoryType, side_base(c->srcMemoryType,
	    c->srcHost, c->srcDevice), c->srcXInBytes, c->srcY, c->srcZ,
	    c->srcPitch, c->srcHeight, c) != CUDA_SUCCESS)
		return CUDA_ERROR_INVALID_VALUE;
	return check_side_3d(c->dstMemoryType, side_base(c->dstMemoryType,
	    c->dstHost, c->dstDevice), c->dstXInBytes, c->dstY, c->dstZ,
	    c->dstPitch, c->dstHeight, c);
}

/* Runs a copy fc_memcpy3d_check accepted; host sides are read now. */
void
fc_memcpy3d_run(const CUDA_MEMCPY3D *c)
{
	size_t sp = c->srcPitch, dp = c->dstPitch;
	unsigned char *src = (unsigned char *)side_base(c->srcMemoryType,
	    c->srcHost, c->srcDevice);
	unsigned char *dst = (unsigned char *)side_base(c->dstMemoryType,
	    c->dstHost, c->dstDevice);

	if (c->WidthInBytes == 0 || c->Height == 0 || c->Depth == 0)
		return;
	src += (c->srcZ * c->srcHeight + c->srcY) * sp + c->srcXInBytes;
	dst += (c->dstZ * c->dstHeight + c->dstY) * dp + c->dstXInBytes;
	for (size_t z = 0; z < c->Depth; z++)
		for (size_t y = 0; y < c->Height; y++)
			memmove(dst + (z * c->dstHeight + y) * dp,
			    src + (z * c->srcHeight + y) * sp,
			    c->WidthInBytes);
}

/* Work on a capturing stream: checked now, run at each replay. */
static CUresult
capture_copy(struct fc_context *ctx, struct fc_stream *s,
    const CUDA_MEMCPY3D *c)
{
	struct fc_node *n;
	CUresult rc;

	rc = fc_memcpy3d_check(c);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_new(CU_GRAPH_NODE_TYPE_MEMCPY, &n);
	if (rc != CUDA_SUCCESS)
		return rc;
	n->u.memcpy.copy = *c;
	n->u.memcpy.ctx = ctx->handle;
	return fc_capture_add(s, n);
}

static CUresult
copy(uintptr_t dst, bool dst_on_device, uintptr_t src, bool src_on_device,
    size_t bytes, CUstream stream, bool sync)
{
	struct fc_context *ctx;
	struct fc_stream *capturing = NULL;
	CUresult rc;

	fc_lock();
	rc = enter(stream, sync, &ctx, &capturing);
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		CUDA_MEMCPY3D c = {
			.srcMemoryType = src_on_device ?
			    CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST,
			.srcHost = (const void *)src,
			.srcDevice = src,
			.dstMemoryType = dst_on_device ?
			    CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST,
			.dstHost = (void *)dst,
			.dstDevice = dst,
			.WidthInBytes = bytes,
			.Height = 1,
			.Depth = 1,
		};

		rc = capture_copy(ctx, capturing, &c);
	} else if (rc == CUDA_SUCCESS && bytes > 0) {
		rc = check_range(dst, bytes, dst_on_device);
		if (rc == CUDA_SUCCESS)
			rc = check_range(src, bytes, src_on_device);
		/* Device-to-device ranges may overlap. */
		if (rc == CUDA_SUCCESS)
			memmove((void *)dst, (const void *)src, bytes);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount)
{
	return copy(dstDevice, true, (uintptr_t)srcHost, false, ByteCount,
	    NULL, true);
}

FC_API CUresult
cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount)
{
	return copy((uintptr_t)dstHost, false, srcDevice, true, ByteCount,
	    NULL, true);
}

FC_API CUresult
cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount)
{
	return copy(dstDevice, true, srcDevice, true, ByteCount, NULL, true);
}

/*
 * Unified addresses: a real driver would also take pageable host memory
 * here, but the server has no reason to pass any, so the stand-in insists
 * on known allocations and catches stray pointers instead.
 */
/* cuMemcpy and cuMemcpyAsync: the addresses say which sides are host memory. */
static CUresult
copy_unified(uintptr_t dst, uintptr_t src, size_t bytes, CUstream stream,
    bool sync)
{
	bool dst_on_device, src_on_device;

	fc_lock();
	dst_on_device = unified_on_device(dst, bytes);
	src_on_device = unified_on_device(src, bytes);
	fc_unlock();
	return copy(dst, dst_on_device, src, src_on_device, bytes, stream,
	    sync);
}

FC_API CUresult
cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount)
{
	return copy_unified(dst, src, ByteCount, NULL, true);
}

FC_API CUresult
cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost,
    size_t ByteCount, CUstream hStream)
{
	return copy(dstDevice, true, (uintptr_t)srcHost, false, ByteCount,
	    hStream, false);
}

FC_API CUresult
cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
    CUstream hStream)
{
	return copy((uintptr_t)dstHost, false, srcDevice, true, ByteCount,
	    hStream, false);
}

FC_API CUresult
cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
    size_t ByteCount, CUstream hStream)
{
	return copy(dstDevice, true, srcDevice, true, ByteCount, hStream,
	    false);
}

FC_API CUresult
cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
    CUstream hStream)
{
	return copy_unified(dst, src, ByteCount, hStream, false);
}

/*
 * One side of a 2D copy: finds its first byte and checks that all rows
 * lie inside one allocation when the side is device memory.
 */
static CUresult
locate_side(CUmemorytype type, const void *host, CUdeviceptr device,
    size_t x, size_t y, size_t pitch, const CUDA_MEMCPY2D *c,
    unsigned char **first)
{
	bool on_device = type == CU_MEMORYTYPE_DEVICE ||
	    type == CU_MEMORYTYPE_UNIFIED;
	uintptr_t base, offset, span;

	if (type == CU_MEMORYTYPE_HOST)
		base = (uintptr_t)host;
	else if (on_device)
		base = (uintptr_t)device;
	else
		return CUDA_ERROR_INVALID_VALUE;	/* no CUDA arrays */
	if (pitch > FC_MAX_PITCH ||
	    (c->Height > 1 && (x > pitch || c->WidthInBytes > pitch - x)))
		return CUDA_ERROR_INVALID_VALUE;
	if (__builtin_mul_overflow(y, pitch, &offset) ||
	    __builtin_add_overflow(offset, x, &offset) ||
	    __builtin_mul_overflow(c->Height - 1, pitch, &span) ||
	    __builtin_add_overflow(span, c->WidthInBytes, &span) ||
	    __builtin_add_overflow(base, offset, &base))
		return CUDA_ERROR_INVALID_VALUE;
	*first = (unsigned char *)base;
	return check_range(base, span, on_device);
}

CUresult
fc_copy_3d(const CUDA_MEMCPY3D *in, CUstream stream, bool sync)
{
	struct fc_context *ctx;
	struct fc_stream *capturing = NULL;
	CUDA_MEMCPY3D c;
	CUresult rc;

	fc_lock();
	rc = enter(stream, sync, &ctx, &capturing);
	if (rc == CUDA_SUCCESS && in == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_memcpy3d_resolve(in, &c);
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		rc = capture_copy(ctx, capturing, &c);
	} else if (rc == CUDA_SUCCESS) {
		rc = fc_memcpy3d_check(&c);
		if (rc == CUDA_SUCCESS)
			fc_memcpy3d_run(&c);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemcpy3D(const CUDA_MEMCPY3D *pCopy)
{
	return fc_copy_3d(pCopy, NULL, true);
}

FC_API CUresult
cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy, CUstream hStream)
{
	return fc_copy_3d(pCopy, hStream, false);
}

/* One memory for every context: the contexts only have to exist. */
static CUresult
copy_peer(const CUDA_MEMCPY3D_PEER *p, CUstream stream, bool sync)
{
	CUDA_MEMCPY3D c;
	bool known;

	if (p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	known = fc_context_lookup(p->srcContext) != NULL &&
	    fc_context_lookup(p->dstContext) != NULL;
	fc_unlock();
	if (!known)
		return CUDA_ERROR_INVALID_CONTEXT;
	c = (CUDA_MEMCPY3D){
		.srcXInBytes = p->srcXInBytes, .srcY = p->srcY, .srcZ = p->srcZ,
		.srcLOD = p->srcLOD, .srcMemoryType = p->srcMemoryType,
		.srcHost = p->srcHost, .srcDevice = p->srcDevice,
		.srcArray = p->srcArray, .srcPitch = p->srcPitch,
		.srcHeight = p->srcHeight,
		.dstXInBytes = p->dstXInBytes, .dstY = p->dstY, .dstZ = p->dstZ,
		.dstLOD = p->dstLOD, .dstMemoryType = p->dstMemoryType,
		.dstHost = p->dstHost, .dstDevice = p->dstDevice,
		.dstArray = p->dstArray, .dstPitch = p->dstPitch,
		.dstHeight = p->dstHeight,
		.WidthInBytes = p->WidthInBytes, .Height = p->Height,
		.Depth = p->Depth,
	};
	return fc_copy_3d(&c, stream, sync);
}

FC_API CUresult
cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy)
{
	return copy_peer(pCopy, NULL, true);
}

FC_API CUresult
cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy, CUstream hStream)
{
	return copy_peer(pCopy, hStream, false);
}

/* A 2D copy is a 3D copy of depth 1. */
static CUDA_MEMCPY3D
as_3d(const CUDA_MEMCPY2D *c)
{
	CUDA_MEMCPY3D c3 = {
		.srcXInBytes = c->srcXInBytes, .srcY = c->srcY,
		.srcMemoryType = c->srcMemoryType, .srcHost = c->srcHost,
		.srcDevice = c->srcDevice, .srcArray = c->srcArray,
		.srcPitch = c->srcPitch, .srcHeight = c->srcY + c->Height,
		.dstXInBytes = c->dstXInBytes, .dstY = c->dstY,
		.dstMemoryType = c->dstMemoryType, .dstHost = c->dstHost,
		.dstDevice = c->dstDevice, .dstArray = c->dstArray,
		.dstPitch = c->dstPitch, .dstHeight = c->dstY + c->Height,
		.WidthInBytes = c->WidthInBytes, .Height = c->Height,
		.Depth = 1,
	};

	return c3;
}

static CUresult
copy_2d(const CUDA_MEMCPY2D *c, CUstream stream, bool sync)
{
	unsigned char *src = NULL, *dst = NULL;
	struct fc_context *ctx;
	struct fc_stream *capturing = NULL;
	CUresult rc;

	if (c != NULL && (c->srcMemoryType == CU_MEMORYTYPE_ARRAY ||
	    c->dstMemoryType == CU_MEMORYTYPE_ARRAY)) {
		CUDA_MEMCPY3D c3 = as_3d(c);

		return fc_copy_3d(&c3, stream, sync);
	}
	fc_lock();
	rc = enter(stream, sync, &ctx, &capturing);
	if (rc == CUDA_SUCCESS && c == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		CUDA_MEMCPY3D c3 = as_3d(c);

		rc = capture_copy(ctx, capturing, &c3);
	} else if (rc == CUDA_SUCCESS && c->WidthInBytes > 0 &&
	    c->Height > 0) {
		rc = locate_side(c->srcMemoryType, c->srcHost, c->srcDevice,
		    c->srcXInBytes, c->srcY, c->srcPitch, c, &src);
		if (rc == CUDA_SUCCESS)
			rc = locate_side(c->dstMemoryType, c->dstHost,
			    c->dstDevice, c->dstXInBytes, c->dstY, c->dstPitch,
			    c, &dst);
		for (size_t row = 0; rc == CUDA_SUCCESS && row < c->Height;
		    row++)
			memmove(dst + row * c->dstPitch,
			    src + row * c->srcPitch, c->WidthInBytes);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemcpy2D(const CUDA_MEMCPY2D *pCopy)
{
	return copy_2d(pCopy, NULL, true);
}

FC_API CUresult
cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream)
{
	return copy_2d(pCopy, hStream, false);
}

/*
 * The shape of a memset: 1, 2 or 4 byte elements, aligned, rows of width
 * elements pitch bytes apart; *span is the bytes it reaches (0: none).
 */
static CUresult
memset_shape(const CUDA_MEMSET_NODE_PARAMS *p, size_t *span)
{
	size_t row;

	*span = 0;
	if (p == NULL || (p->elementSize != 1 && p->elementSize != 2 &&
	    p->elementSize != 4))
		return CUDA_ERROR_INVALID_VALUE;
	if (p->width == 0 || p->height == 0)
		return CUDA_SUCCESS;
	if (p->dst % p->elementSize != 0 ||
	    __builtin_mul_overflow(p->width, p->elementSize, &row))
		return CUDA_ERROR_INVALID_VALUE;
	if (p->height > 1 && (p->pitch < row || p->pitch % p->elementSize))
		return CUDA_ERROR_INVALID_VALUE;
	if (__builtin_mul_overflow(p->height - 1, p->pitch, span) ||
	    __builtin_add_overflow(*span, row, span))
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* What a memset node may hold: a memset of that shape inside one
 * allocation. */
CUresult
fc_memset_check(const CUDA_MEMSET_NODE_PARAMS *p)
{
	size_t span;
	CUresult rc = memset_shape(p, &span);

	if (rc != CUDA_SUCCESS || span == 0)
		return rc;
	return check_range(p->dst, span, true);
}

void
fc_memset_run(const CUDA_MEMSET_NODE_PARAMS *p)
{
	if (p->width == 0)
		return;		/* nothing, maybe at no address at all */
	for (size_t y = 0; y < p->height; y++) {
		uintptr_t at = p->dst + y * p->pitch;

		if (p->elementSize == 1) {
			memset((void *)at, (int)(p->value & 0xff), p->width);
		} else if (p->elementSize == 2) {
			uint16_t *q = (uint16_t *)at;

			for (size_t i = 0; i < p->width; i++)
				q[i] = (uint16_t)p->value;
		} else {
			uint32_t *q = (uint32_t *)at;

			for (size_t i = 0; i < p->width; i++)
				q[i] = p->value;
		}
	}
}

static CUresult
fill_2d(CUdeviceptr dst, size_t pitch, unsigned int value, size_t count,
    size_t height, size_t width, CUstream stream, bool sync)
{
	CUDA_MEMSET_NODE_PARAMS p = {
		.dst = dst, .pitch = pitch, .value = value,
		.elementSize = (unsigned int)width, .width = count,
		.height = height,
	};
	struct fc_context *ctx;
	struct fc_stream *capturing = NULL;
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = enter(stream, sync, &ctx, &capturing);
	/* A capture records the memset without looking at the memory, as the
	 * driver's does (cuDNN captures with a null workspace, then reads
	 * the graph back); a launch skips a node outside memory. */
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		size_t span;

		rc = memset_shape(&p, &span);
	} else if (rc == CUDA_SUCCESS) {
		rc = fc_memset_check(&p);
	}
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		rc = fc_node_new(CU_GRAPH_NODE_TYPE_MEMSET, &n);
		if (rc == CUDA_SUCCESS) {
			n->u.memset.set = p;
			n->u.memset.ctx = ctx->handle;
			rc = fc_capture_add(capturing, n);
		}
	} else if (rc == CUDA_SUCCESS) {
		fc_memset_run(&p);
	}
	fc_unlock();
	return rc;
}

static CUresult
fill(CUdeviceptr dst, unsigned int value, size_t count, size_t width,
    CUstream stream, bool sync)
{
	return fill_2d(dst, 0, value, count, 1, width, stream, sync);
}

FC_API CUresult
cuMemsetD2D8(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc,
    size_t Width, size_t Height)
{
	return fill_2d(dstDevice, dstPitch, uc, Width, Height, 1, NULL, true);
}

FC_API CUresult
cuMemsetD2D16(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us,
    size_t Width, size_t Height)
{
	return fill_2d(dstDevice, dstPitch, us, Width, Height, 2, NULL, true);
}

FC_API CUresult
cuMemsetD2D32(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui,
    size_t Width, size_t Height)
{
	return fill_2d(dstDevice, dstPitch, ui, Width, Height, 4, NULL, true);
}

FC_API CUresult
cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc,
    size_t Width, size_t Height, CUstream hStream)
{
	return fill_2d(dstDevice, dstPitch, uc, Width, Height, 1, hStream, false);
}

FC_API CUresult
cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us,
    size_t Width, size_t Height, CUstream hStream)
{
	return fill_2d(dstDevice, dstPitch, us, Width, Height, 2, hStream, false);
}

FC_API CUresult
cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui,
    size_t Width, size_t Height, CUstream hStream)
{
	return fill_2d(dstDevice, dstPitch, ui, Width, Height, 4, hStream, false);
}

FC_API CUresult
cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N)
{
	return fill(dstDevice, uc, N, 1, NULL, true);
}

FC_API CUresult
cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N)
{
	return fill(dstDevice, us, N, 2, NULL, true);
}

FC_API CUresult
cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N)
{
	return fill(dstDevice, ui, N, 4, NULL, true);
}

FC_API CUresult
cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N,
    CUstream hStream)
{
	return fill(dstDevice, uc, N, 1, hStream, false);
}

FC_API CUresult
cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N,
    CUstream hStream)
{
	return fill(dstDevice, us, N, 2, hStream, false);
}

FC_API CUresult
cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N,
    CUstream hStream)
{
	return fill(dstDevice, ui, N, 4, hStream, false);
}
