/*
 * copy3d.c -- 3D copies, and every copy with a CUDA array side
 * (idl/cuda.x, CU_MEMCPY_3D_TO and after).
 *
 * A host side travels packed, in pieces of at most a chunk: groups of
 * whole slices when a slice fits in a chunk, else the pieces of one slice
 * that copy_plan.h cuts (groups of whole rows, or spans of one row).
 * Pieces that lie packed in the program's memory go straight from and to
 * it; others pass through one staging buffer per copy.  Device and array
 * sides travel as their geometry, and a copy between them is one call.
 *
 * The checks made here are those for which the server lacks the facts
 * (host pointers and pitches), as copy2d.c makes them: a memory type
 * outside HOST, DEVICE, ARRAY and UNIFIED, reserved fields that are not
 * NULL, a level of detail other than 0, a pitch below WidthInBytes, a
 * height below Height for more than one slice, and a NULL host pointer
 * with bytes to copy are CUDA_ERROR_INVALID_VALUE; a pitch of 0 means
 * packed rows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "stubs/copy/copy_between.h"
#include "stubs/copy/copy3d.h"
#include "stubs/copy/copy_plan.h"
#include "gen/cuda_names.h"
#include "stubs/mem/mapped.h"
#include "stubs/mem/memory.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

/* One side of a copy, resolved. */
struct side {
	CUmemorytype type;	/* HOST, DEVICE or ARRAY */
	char *host;
	CUdeviceptr device;
	CUarray array;
	CUcontext context;
	size_t x, y, z;
	size_t pitch;		/* host and device: never 0 */
	size_t height;		/* rows per slice */
};

/* A piece of a copy: depth slices from slice z, each rows rows from row,
 * each width bytes from x. */
struct piece {
	size_t z, depth, row, rows, x, width;
};

static CUresult resolve(CUmemorytype type, const void *host, CUdeviceptr device,
    CUarray array, CUcontext context, size_t x, size_t y, size_t z,
    size_t pitch, size_t height, unsigned lod, const CUDA_MEMCPY3D_PEER *c,
    struct side *s)
{
	memset(s, 0, sizeof *s);
	if (lod != 0)
		return CUDA_ERROR_INVALID_VALUE;
	switch (type) {
	case CU_MEMORYTYPE_HOST:
	case CU_MEMORYTYPE_DEVICE:
	case CU_MEMORYTYPE_ARRAY:
		break;
	case CU_MEMORYTYPE_UNIFIED:
		type = memory_is_device(device) ? CU_MEMORYTYPE_DEVICE :
		    CU_MEMORYTYPE_HOST;
		host = (const void *)(uintptr_t)device;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	s->type = type;
	s->host = (char *)(uintptr_t)host;
	s->device = device;
	s->array = array;
	s->context = context;
	s->x = x;
	s->y = y;
	s->z = z;
	s->pitch = pitch != 0 ? pitch : c->WidthInBytes;
	s->height = height != 0 ? height : c->Height;
	if (type == CU_MEMORYTYPE_ARRAY)
		return CUDA_SUCCESS;
	if (pitch != 0 && pitch < c->WidthInBytes)
		return CUDA_ERROR_INVALID_VALUE;
	/* A height of 0 is the copy's own (the H200's driver takes it so, in
	 * copies of several slices too); a smaller one overlaps slices. */
	if (c->Depth > 1 && height != 0 && height < c->Height)
		return CUDA_ERROR_INVALID_VALUE;
	if (type == CU_MEMORYTYPE_HOST && s->host == NULL &&
	    c->WidthInBytes != 0 && c->Height != 0 && c->Depth != 0)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* The wire's description of a device or array side at a piece. */
static copy_side wire_side(const struct side *s, const struct piece *p)
{
	copy_side w;

	memset(&w, 0, sizeof w);
	w.type = (int)s->type;
	w.device = s->device;
	w.array = route_strip(s->array);
	w.x_bytes = s->x + p->x;
	w.y = s->y + p->row;
	w.z = s->z + p->z;
	w.pitch = s->pitch;
	w.height = s->height;
	return w;
}

/* The first byte of a piece on a host side (NULL stays NULL: no bytes). */
static char *host_at(const struct side *s, const struct piece *p,
    size_t slice, size_t row)
{
	if (s->host == NULL)
		return NULL;
	return s->host + ((s->z + p->z + slice) * s->height + s->y + p->row +
	    row) * s->pitch + s->x + p->x;
}

/* Whether a piece lies packed in host memory, as it travels. */
static bool packed(const struct side *s, const struct piece *p)
{
	if (p->width == 0 || p->rows == 0 || p->depth == 0)
		return true;
	if (p->rows == 1 && p->depth == 1)
		return true;
	return s->pitch == p->width && (p->depth == 1 || s->height == p->rows);
}

/* Moves a piece between a host side and a packed buffer. */
static void move(const struct side *s, const struct piece *p, char *buf,
    bool to_buf)
{
	for (size_t k = 0; k < p->depth; k++)
		for (size_t i = 0; i < p->rows; i++) {
			char *packed_row = buf + (k * p->rows + i) * p->width;
			char *host = host_at(s, p, k, i);

			if (to_buf)
				memmove(packed_row, host, p->width);
			else
				memmove(host, packed_row, p->width);
		}
}

/* The pieces of a copy with a host side. */
struct plan {
	size_t width, height, depth;
	size_t slices;		/* whole slices per piece, 0: cut each slice */
	size_t z;
	struct rows_plan rows;
	bool in_slice, done;
};

static void plan_start(struct plan *pl, const CUDA_MEMCPY3D_PEER *c)
{
	memset(pl, 0, sizeof *pl);
	pl->width = c->WidthInBytes;
	pl->height = c->Height;
	pl->depth = c->Depth;
	if (pl->width != 0 && pl->height != 0 &&
	    pl->width <= ONCUDA_CHUNK_DEFAULT / pl->height)
		pl->slices = ONCUDA_CHUNK_DEFAULT / (pl->width * pl->height);
}

static bool plan_next(struct plan *pl, struct piece *p)
{
	struct rows_piece r;

	if (pl->done)
		return false;
	if (pl->width == 0 || pl->height == 0 || pl->depth == 0) {
		/* No bytes: one piece, for the server's driver to judge. */
		*p = (struct piece){ 0, pl->depth, 0, pl->height, 0, pl->width };
		pl->done = true;
		return true;
	}
	if (pl->slices != 0) {
		size_t n = pl->depth - pl->z;

		*p = (struct piece){ pl->z, n < pl->slices ? n : pl->slices,
		    0, pl->height, 0, pl->width };
		pl->z += p->depth;
		pl->done = pl->z == pl->depth;
		return true;
	}
	if (!pl->in_slice) {
		rows_plan_start(&pl->rows, pl->width, pl->height,
		    ONCUDA_CHUNK_DEFAULT);
		pl->in_slice = true;
	}
	(void)rows_plan_next(&pl->rows, &r);
	*p = (struct piece){ pl->z, 1, r.row, r.rows, r.x, r.width };
	if (pl->rows.done) {
		pl->in_slice = false;
		pl->done = ++pl->z == pl->depth;
	}
	return true;
}

/* Begins the call on the server of the copy's arrays, contexts and stream. */
static CUresult begin(struct call *k, const struct side *a,
    const struct side *b, const struct copy_stream *s, cu_handle *stream)
{
	CUstream st = (CUstream)(uintptr_t)s->handle;
	struct route rt = ROUTE_INIT;
	CUresult e;

	/* CU_STREAM_PER_THREAD is the thread's own stream (thread_stream.h),
	 * the one its launches and memsets on it went to. */
	if ((e = thread_stream(&st)) != CUDA_SUCCESS)
		return e;
	*stream = route_strip(st);
	route_handle(&rt, st, ROUTE_STREAM);
	if (a->type == CU_MEMORYTYPE_ARRAY)
		route_handle(&rt, a->array, ROUTE_HANDLE);
	if (b->type == CU_MEMORYTYPE_ARRAY)
		route_handle(&rt, b->array, ROUTE_HANDLE);
	if (a->context != NULL)
		route_handle(&rt, a->context, ROUTE_CONTEXT);
	if (b->context != NULL)
		route_handle(&rt, b->context, ROUTE_CONTEXT);
	return route_call(k, &rt, CALL_NO_REPLY);
}

static enum clnt_stat send_piece(CLIENT *c, const struct side *dev,
    bool to_dev, const struct piece *p, char *bytes, cu_handle stream,
    bool async, int *err)
{
	copy_extent e = { p->width, p->rows, p->depth };
	copy_side w = wire_side(dev, p);
	cu_handle ctx = route_strip(dev->context);

	if (to_dev)
		return wire_3d_to(c, &w, ctx, &e, bytes, stream, async, err);
	return wire_3d_from(c, bytes, &w, ctx, &e, stream, async, err);
}

static CUresult copy_with_host(const struct side *src, const struct side *dst,
    const CUDA_MEMCPY3D_PEER *c, const struct copy_stream *s)
{
	bool to_dev = src->type == CU_MEMORYTYPE_HOST;
	const struct side *host = to_dev ? src : dst, *dev = to_dev ? dst : src;
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	struct plan pl;
	struct piece p;
	cu_handle stream;
	char *buf = NULL;
	struct call k;
	CUresult e;

	if ((e = begin(&k, src, dst, s, &stream)) != CUDA_SUCCESS)
		return e;
	st = mapped_push(k.c, &err);
	/* After the downloads pending into what it writes (downloads.h). */
	if (!to_dev && host->host != NULL && c->Height != 0 && c->Depth != 0 &&
	    st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_settle(k.c, host->host + (host->z * host->height +
		    host->y) * host->pitch + host->x, ((c->Depth - 1) *
		    host->height + c->Height - 1) * host->pitch + c->WidthInBytes,
		    &err);
	plan_start(&pl, c);
	while (st == RPC_SUCCESS && err == CUDA_SUCCESS && plan_next(&pl, &p)) {
		char *bytes = host_at(host, &p, 0, 0);

		if (!packed(host, &p)) {
			/* The first piece is the largest. */
			if (buf == NULL &&
			    (buf = malloc(p.width * p.rows * p.depth)) == NULL) {
				err = CUDA_ERROR_OUT_OF_MEMORY;
				break;
			}
			bytes = buf;
			if (to_dev)
				move(host, &p, buf, true);
		}
		st = send_piece(k.c, dev, to_dev, &p, bytes, stream, s->async, &err);
		if (!to_dev && bytes == buf && st == RPC_SUCCESS && err == CUDA_SUCCESS)
			move(host, &p, buf, false);
	}
	free(buf);
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

static CUresult copy_on_device(const struct side *src, const struct side *dst,
    const CUDA_MEMCPY3D_PEER *c, const struct copy_stream *s)
{
	struct piece all = { 0, c->Depth, 0, c->Height, 0, c->WidthInBytes };
	copy_extent e = { c->WidthInBytes, c->Height, c->Depth };
	enum clnt_stat st;
	cu_handle stream;
	res_none r;
	struct call k;
	CUresult err;

	memset(&r, 0, sizeof r);
	if ((err = begin(&k, src, dst, s, &stream)) != CUDA_SUCCESS)
		return err;
	st = mapped_push(k.c, &r.err);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = cu_memcpy_3d_within(wire_side(dst, &all),
		    route_strip(dst->context), wire_side(src, &all),
		    route_strip(src->context), e, stream, s->async, &r, k.c);
	if (!s->async && st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &r.err);
	if ((err = call_end(&k, st)) != CUDA_SUCCESS)
		return err;
	return (CUresult)r.err;
}

/* The program's memory on both sides: after the stream's earlier work, here. */
static CUresult copy_host_to_host(const struct side *src,
    const struct side *dst, const CUDA_MEMCPY3D_PEER *c,
    const struct copy_stream *s)
{
	struct piece all = { 0, c->Depth, 0, c->Height, 0, c->WidthInBytes };
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	cu_handle stream;
	struct copy_stream wire;
	struct call k;
	CUresult e;

	if ((e = begin(&k, src, dst, s, &stream)) != CUDA_SUCCESS)
		return e;
	wire.handle = stream;
	wire.async = s->async;
	st = wire_sync(k.c, &wire, &err);
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (err != CUDA_SUCCESS || all.width == 0 || all.rows == 0 || all.depth == 0)
		return (CUresult)err;
	for (size_t z = 0; z < all.depth; z++)
		for (size_t y = 0; y < all.rows; y++)
			memmove(host_at(dst, &all, z, y), host_at(src, &all, z, y),
			    all.width);
	return CUDA_SUCCESS;
}

/*
 * Into a stream being captured, a host side (facing a device or array
 * side) becomes its mirror on the server (copy_capture_mirror), so that
 * the captured node reads or writes it at each replay as natively, and
 * the copy is made on the device.
 */
static CUresult capture_host_side(struct side *host, const struct side *other,
    const CUDA_MEMCPY3D_PEER *c, const struct copy_stream *s)
{
	size_t span;
	uint64_t mirror;
	CUresult e;

	if (!s->async || host->type != CU_MEMORYTYPE_HOST ||
	    other->type == CU_MEMORYTYPE_HOST || c->WidthInBytes == 0 ||
	    c->Height == 0 || c->Depth == 0 ||
	    !copy_host_span(host->x, host->y, host->z, host->pitch,
	    host->height, c->WidthInBytes, c->Height, c->Depth, &span))
		return CUDA_SUCCESS;
	if ((e = copy_capture_mirror(s, other->type == CU_MEMORYTYPE_DEVICE ?
	    other->device : 0, host->host, span, &mirror)) != CUDA_SUCCESS ||
	    mirror == 0)
		return e;
	host->type = CU_MEMORYTYPE_DEVICE;
	host->device = mirror;
	host->context = NULL;
	return CUDA_SUCCESS;
}

CUresult copy_3d(const CUDA_MEMCPY3D_PEER *c, const struct copy_stream *s)
{
	struct side src, dst;
	CUresult e;

	if (c == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	e = resolve(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
	    c->srcContext, c->srcXInBytes, c->srcY, c->srcZ, c->srcPitch,
	    c->srcHeight, (unsigned)c->srcLOD, c, &src);
	if (e != CUDA_SUCCESS)
		return e;
	e = resolve(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
	    c->dstContext, c->dstXInBytes, c->dstY, c->dstZ, c->dstPitch,
	    c->dstHeight, (unsigned)c->dstLOD, c, &dst);
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = capture_host_side(&src, &dst, c, s)) != CUDA_SUCCESS ||
	    (e = capture_host_side(&dst, &src, c, s)) != CUDA_SUCCESS)
		return e;
	if (src.type != CU_MEMORYTYPE_HOST && dst.type != CU_MEMORYTYPE_HOST)
		return copy_on_device(&src, &dst, c, s);
	if (src.type != CU_MEMORYTYPE_HOST || dst.type != CU_MEMORYTYPE_HOST)
		return copy_with_host(&src, &dst, c, s);
	return copy_host_to_host(&src, &dst, c, s);
}

void copy_3d_from_2d(const CUDA_MEMCPY2D *c, CUDA_MEMCPY3D_PEER *p)
{
	memset(p, 0, sizeof *p);
	p->srcXInBytes = c->srcXInBytes;
	p->srcY = c->srcY;
	p->srcMemoryType = c->srcMemoryType;
	p->srcHost = c->srcHost;
	p->srcDevice = c->srcDevice;
	p->srcArray = c->srcArray;
	p->srcPitch = c->srcPitch;
	p->dstXInBytes = c->dstXInBytes;
	p->dstY = c->dstY;
	p->dstMemoryType = c->dstMemoryType;
	p->dstHost = c->dstHost;
	p->dstDevice = c->dstDevice;
	p->dstArray = c->dstArray;
	p->dstPitch = c->dstPitch;
	p->WidthInBytes = c->WidthInBytes;
	p->Height = c->Height;
	p->Depth = 1;
}

/* A CUDA_MEMCPY3D as a peer copy with no contexts; reserved fields checked. */
static CUresult from_3d(const CUDA_MEMCPY3D *c, CUDA_MEMCPY3D_PEER *p)
{
	if (c == NULL || c->reserved0 != NULL || c->reserved1 != NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(p, 0, sizeof *p);
	p->srcXInBytes = c->srcXInBytes;
	p->srcY = c->srcY;
	p->srcZ = c->srcZ;
	p->srcLOD = c->srcLOD;
	p->srcMemoryType = c->srcMemoryType;
	p->srcHost = c->srcHost;
	p->srcDevice = c->srcDevice;
	p->srcArray = c->srcArray;
	p->srcPitch = c->srcPitch;
	p->srcHeight = c->srcHeight;
	p->dstXInBytes = c->dstXInBytes;
	p->dstY = c->dstY;
	p->dstZ = c->dstZ;
	p->dstLOD = c->dstLOD;
	p->dstMemoryType = c->dstMemoryType;
	p->dstHost = c->dstHost;
	p->dstDevice = c->dstDevice;
	p->dstArray = c->dstArray;
	p->dstPitch = c->dstPitch;
	p->dstHeight = c->dstHeight;
	p->WidthInBytes = c->WidthInBytes;
	p->Height = c->Height;
	p->Depth = c->Depth;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemcpy3D(const CUDA_MEMCPY3D *pCopy)
{
	CUDA_MEMCPY3D_PEER p;
	CUresult e;

	if ((e = from_3d(pCopy, &p)) != CUDA_SUCCESS)
		return e;
	return copy_3d(&p, &copy_sync);
}

ONCUDA_API CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy, CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };
	CUDA_MEMCPY3D_PEER p;
	CUresult e;

	if ((e = from_3d(pCopy, &p)) != CUDA_SUCCESS)
		return e;
	return copy_3d(&p, &s);
}

/*
 * The contexts name where an array side lives; for other memory the
 * address says it (unified addressing), and the driver takes a NULL
 * context there (seen on the H200 with driver 580).
 */
static CUresult peer(const CUDA_MEMCPY3D_PEER *c, const struct copy_stream *s)
{
	if (c == NULL ||
	    (c->srcMemoryType == CU_MEMORYTYPE_ARRAY && c->srcContext == NULL) ||
	    (c->dstMemoryType == CU_MEMORYTYPE_ARRAY && c->dstContext == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	return copy_3d(c, s);
}

ONCUDA_API CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy)
{
	return peer(pCopy, &copy_sync);
}

ONCUDA_API CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy,
    CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };

	return peer(pCopy, &s);
}
