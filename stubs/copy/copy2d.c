/*
 * copy2d.c -- cuMemcpy2D, cuMemcpy2DUnaligned and cuMemcpy2DAsync.
 *
 * Host rows travel packed: groups of whole rows, at most a chunk of bytes
 * each, or one-row spans of a row wider than a chunk (copy_plan.h).  Rows
 * that are already packed in the program's memory (pitch == width, or a
 * single row) go straight from and to it; others pass through one staging
 * buffer per copy.  A copy with an array side is the 3D copy of depth 1
 * it is (copy3d.h).
 *
 * The checks the client makes are those for which the server lacks the
 * facts (host pointers and pitches) and follow the driver as observed with
 * CUDA 13: a memory type outside HOST, DEVICE, ARRAY and UNIFIED, a
 * non-zero pitch below WidthInBytes, and a NULL host pointer with bytes to
 * copy are CUDA_ERROR_INVALID_VALUE; a pitch of 0 means packed rows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "stubs/copy/copy_between.h"
#include "stubs/copy/copy3d.h"
#include "stubs/copy/copy_plan.h"
#include "stubs/copy/copy_wire.h"
#include "gen/cuda_names.h"
#include "stubs/mem/mapped.h"
#include "stubs/mem/memory.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

/* One side of a 2D copy, resolved. */
struct side {
	bool device;
	cu_dptr base;		/* device memory */
	char *host;		/* host memory */
	size_t x;
	size_t y;
	size_t pitch;		/* never 0: packed rows have pitch == width */
};

static CUresult resolve(CUmemorytype type, const void *host, CUdeviceptr device,
    size_t x, size_t y, size_t pitch, const CUDA_MEMCPY2D *copy, struct side *s)
{
	switch (type) {
	case CU_MEMORYTYPE_HOST:
		s->device = false;
		break;
	case CU_MEMORYTYPE_DEVICE:
		s->device = true;
		break;
	case CU_MEMORYTYPE_UNIFIED:
		s->device = memory_is_device(device);
		host = (const void *)(uintptr_t)device;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (pitch != 0 && pitch < copy->WidthInBytes)
		return CUDA_ERROR_INVALID_VALUE;
	s->base = device;
	s->host = (char *)(uintptr_t)host;
	s->x = x;
	s->y = y;
	s->pitch = pitch != 0 ? pitch : copy->WidthInBytes;
	if (!s->device && s->host == NULL && copy->WidthInBytes != 0 && copy->Height != 0)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* The region of a device side that a piece covers. */
static dev_region region_of(const struct side *s, const struct rows_piece *p)
{
	dev_region r = { s->base, s->pitch, s->x + p->x, s->y + p->row };

	return r;
}

/* The first byte of a piece on a host side (NULL stays NULL: no bytes). */
static char *host_of(const struct side *s, const struct rows_piece *p)
{
	if (s->host == NULL)
		return NULL;
	return s->host + (s->y + p->row) * s->pitch + s->x + p->x;
}

/* Whether a piece's rows lie packed in host memory, as they travel. */
static bool packed(const struct side *s, const struct rows_piece *p)
{
	return p->rows <= 1 || p->width == 0 || s->pitch == p->width;
}

/* Moves rows between pitched host memory and a packed buffer. */
static void move_rows(char *to, size_t to_pitch, const char *from,
    size_t from_pitch, const struct rows_piece *p)
{
	for (size_t i = 0; i < p->rows; i++)
		memmove(to + i * to_pitch, from + i * from_pitch, p->width);
}

/* The staging buffer, made on first need; the first piece is the largest. */
static char *staging(char **buf, const struct rows_piece *p)
{
	if (*buf == NULL)
		*buf = malloc(p->rows * p->width);
	return *buf;
}

static CUresult copy_between_host_and_device(const struct side *src,
    const struct side *dst, const CUDA_MEMCPY2D *copy, const struct copy_stream *s)
{
	struct rows_plan plan;
	struct rows_piece p;
	enum clnt_stat st = RPC_SUCCESS;
	int err = CUDA_SUCCESS;
	struct copy_stream wire;
	char *buf = NULL;
	struct call k;
	CUresult e;

	if ((e = copy_call(&k, s, 0, &wire)) != CUDA_SUCCESS)
		return e;
	s = &wire;
	st = mapped_push(k.c, &err);
	/* After the downloads pending into the rows it writes (downloads.h). */
	if (src->device && dst->host != NULL && copy->Height != 0 &&
	    st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_settle(k.c, dst->host + dst->y * dst->pitch +
		    dst->x, (copy->Height - 1) * dst->pitch + copy->WidthInBytes,
		    &err);
	rows_plan_start(&plan, copy->WidthInBytes, copy->Height, ONCUDA_CHUNK_DEFAULT);
	while (st == RPC_SUCCESS && err == CUDA_SUCCESS && rows_plan_next(&plan, &p)) {
		const struct side *host = src->device ? dst : src;
		char *rows = host_of(host, &p);
		dev_region region;

		if (!packed(host, &p)) {
			if ((rows = staging(&buf, &p)) == NULL) {
				err = CUDA_ERROR_OUT_OF_MEMORY;
				break;
			}
			if (!src->device)
				move_rows(rows, p.width, host_of(src, &p), src->pitch, &p);
		}
		if (src->device) {
			region = region_of(src, &p);
			st = wire_2d_dtoh(k.c, rows, &region, p.width, p.rows,
			    s, &err);
			if (st == RPC_SUCCESS && err == CUDA_SUCCESS && buf != NULL && rows == buf)
				move_rows(host_of(dst, &p), dst->pitch, rows, p.width, &p);
		} else {
			region = region_of(dst, &p);
			st = wire_2d_htod(k.c, &region, p.width, p.rows, rows,
			    s, &err);
		}
	}
	free(buf);
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

/* No bytes cross the wire: one call. */
static CUresult copy_device_to_device(const struct side *src,
    const struct side *dst, const CUDA_MEMCPY2D *copy, const struct copy_stream *s)
{
	struct rows_piece whole = { 0, copy->Height, 0, copy->WidthInBytes };
	dev_region from = region_of(src, &whole), to = region_of(dst, &whole);
	struct copy_stream wire;
	enum clnt_stat st;
	res_none r;
	struct call k;
	CUresult e;

	memset(&r, 0, sizeof r);
	if ((e = copy_call(&k, s, 0, &wire)) != CUDA_SUCCESS)
		return e;
	s = &wire;
	st = mapped_push(k.c, &r.err);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = cu_memcpy_2d_dtod(to, from, copy->WidthInBytes,
		    copy->Height, s->handle, s->async, &r, k.c);
	if (!s->async && st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &r.err);
	e = call_end(&k, st);
	if (e != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/* The program's memory on both sides: after the stream's earlier work, here. */
static CUresult copy_host_to_host(const struct side *src, const struct side *dst,
    const CUDA_MEMCPY2D *copy, const struct copy_stream *s)
{
	struct rows_piece all = { 0, copy->Height, 0, copy->WidthInBytes };
	struct copy_stream wire;
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	struct call k;
	CUresult e;

	if ((e = copy_call(&k, s, 0, &wire)) != CUDA_SUCCESS)
		return e;
	s = &wire;
	st = wire_sync(k.c, s, &err);
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (err == CUDA_SUCCESS && all.width != 0 && all.rows != 0)
		move_rows(host_of(dst, &all), dst->pitch, host_of(src, &all),
		    src->pitch, &all);
	return (CUresult)err;
}

/*
 * Into a stream being captured, the host side becomes its mirror on the
 * server (copy_capture_mirror), so that the captured node reads or writes
 * it at each replay as natively, and the copy is one between device
 * memories.
 */
static CUresult capture_host_side(struct side *host, const struct side *dev,
    const CUDA_MEMCPY2D *copy, const struct copy_stream *s)
{
	size_t span;
	uint64_t mirror;
	CUresult e;

	if (!s->async || copy->WidthInBytes == 0 || copy->Height == 0 ||
	    !copy_host_span(host->x, host->y, 0, host->pitch, 0,
	    copy->WidthInBytes, copy->Height, 1, &span))
		return CUDA_SUCCESS;
	if ((e = copy_capture_mirror(s, dev->base, host->host, span,
	    &mirror)) != CUDA_SUCCESS || mirror == 0)
		return e;
	host->device = true;
	host->base = mirror;
	return CUDA_SUCCESS;
}

static CUresult copy_2d(const CUDA_MEMCPY2D *copy, const struct copy_stream *s)
{
	struct side src, dst;
	CUresult e;

	if (copy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (copy->srcMemoryType == CU_MEMORYTYPE_ARRAY ||
	    copy->dstMemoryType == CU_MEMORYTYPE_ARRAY) {
		CUDA_MEMCPY3D_PEER p;

		copy_3d_from_2d(copy, &p);
		return copy_3d(&p, s);
	}
	e = resolve(copy->srcMemoryType, copy->srcHost, copy->srcDevice,
	    copy->srcXInBytes, copy->srcY, copy->srcPitch, copy, &src);
	if (e != CUDA_SUCCESS)
		return e;
	e = resolve(copy->dstMemoryType, copy->dstHost, copy->dstDevice,
	    copy->dstXInBytes, copy->dstY, copy->dstPitch, copy, &dst);
	if (e != CUDA_SUCCESS)
		return e;
	if (src.device != dst.device && (e = capture_host_side(src.device ?
	    &dst : &src, src.device ? &src : &dst, copy, s)) != CUDA_SUCCESS)
		return e;
	if (src.device && dst.device)
		return copy_device_to_device(&src, &dst, copy, s);
	if (src.device || dst.device)
		return copy_between_host_and_device(&src, &dst, copy, s);
	return copy_host_to_host(&src, &dst, copy, s);
}

ONCUDA_API CUresult cuMemcpy2D(const CUDA_MEMCPY2D *pCopy)
{
	return copy_2d(pCopy, &copy_sync);
}

/* The driver's unaligned variant differs only in device alignment rules. */
ONCUDA_API CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *pCopy)
{
	return copy_2d(pCopy, &copy_sync);
}

ONCUDA_API CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream)
{
	struct copy_stream s;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	s = (struct copy_stream){ (cu_handle)(uintptr_t)hStream, true };
	return copy_2d(pCopy, &s);
}
