/*
 * copy.c -- linear copies: cuMemcpyHtoD, cuMemcpyDtoH, cuMemcpyDtoD,
 * cuMemcpy, their asynchronous forms (cuMemcpyDtoDAsync's sending is
 * generated glue, plain_cuMemcpyDtoDAsync).
 *
 * A copy is cut into pieces of ONCUDA_CHUNK_DEFAULT bytes sent in order
 * under one hold of the connection, so another thread's calls cannot come
 * between the pieces; the first error ends the copy, as far as it got.
 * An asynchronous download into the program's page-locked memory over TCP
 * is queued into the memory's mirror on the server and returns at once
 * (stubs/mem/downloads.h), chunk by chunk, or whole when it is large
 * and the data connections will bring its bytes back (mirror_fetch.h);
 * every other download into the program's memory
 * first lands those pending there (mapped_settle), so that they come in
 * the GPU's order.  Over TCP a large copy whose bytes cross the wire
 * travels on the session's data connections (stripe_copy.h), as one call
 * under the same hold.
 *
 * cuMemcpy and cuMemcpyAsync decide for each address whether it is device
 * memory (memory_is_device) and use the matching procedure.  A copy between
 * two host addresses is the client's own memory on both sides: it is done
 * here with memmove, after waiting for the stream (the NULL stream for
 * cuMemcpy), so it is synchronous and comes after the work queued before it.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "stubs/copy/copy_between.h"
#include "stubs/copy/copy_plan.h"
#include "stubs/copy/copy_wire.h"
#include "stubs/copy/mirror_fetch.h"
#include "stubs/copy/stripe_copy.h"
#include "gen/cuda_names.h"
#include "gen/glue_client.h"
#include "stubs/local/local_copy.h"
#include "stubs/route/capture_known.h"
#include "stubs/link/local_connect.h"
#include "stubs/mem/managed.h"
#include "stubs/mem/mapped.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/downloads.h"
#include "stubs/mem/host_mirror.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/memory.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

#define CHUNK ONCUDA_CHUNK_DEFAULT

/* p + offset, where a NULL p (allowed with 0 bytes) stays NULL. */
static const void *advance(const void *p, size_t offset)
{
	return p == NULL ? NULL : (const char *)p + offset;
}

static struct copy_stream on_stream(CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };

	return s;
}


/* Which server a copy goes to (copy_between.h); copy2d.c's too. */
CUresult copy_call(struct call *k, const struct copy_stream *s,
    CUdeviceptr dev, struct copy_stream *wire)
{
	CUstream named = (CUstream)(uintptr_t)s->handle;
	const void *stream;
	struct route rt = ROUTE_INIT;
	CUresult e;

	/* CU_STREAM_PER_THREAD is the thread's own stream (thread_stream.h),
	 * the one its launches and memsets on it went to. */
	if ((e = thread_stream(&named)) != CUDA_SUCCESS)
		return e;
	stream = named;
	*wire = *s;
	wire->handle = route_strip(stream);
	route_handle(&rt, stream, ROUTE_STREAM);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	if (s->async && stream != NULL && stream != CU_STREAM_LEGACY &&
	    stream != CU_STREAM_PER_THREAD)
		return call_begin_on(k, (unsigned)rt.server, CALL_NO_REPLY);
	return devmem_call(k, dev, CALL_NO_REPLY);
}

/*
 * Settles stream s for work the client does on the program's own memory
 * (copy_between.h): the stream's work is done, so the bytes it wrote are
 * the program's now and copies queued before have landed, and what the
 * GPU wrote into mapped memory is fetched.
 */
CUresult copy_host_settle(const struct copy_stream *s)
{
	struct copy_stream wire;
	int err = CUDA_SUCCESS;
	enum clnt_stat st;
	struct call k;
	CUresult e;

	if ((e = copy_call(&k, s, 0, &wire)) != CUDA_SUCCESS)
		return e;
	st = wire_sync(k.c, &wire, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

/*
 * A copy between two host memories, in its stream's order: the stream is
 * settled, then the bytes are moved here.
 */
static CUresult copy_host_to_host(void *dst, const void *src, size_t count,
    const struct copy_stream *s)
{
	CUresult e;

	if ((dst == NULL || src == NULL) && count != 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = copy_host_settle(s)) == CUDA_SUCCESS && count != 0) {
		managed_host_write(dst, count);
		memmove(dst, src, count);
	}
	return e;
}

/*
 * Whether s is an asynchronous copy's stream that is being captured: asked
 * of the server only while a capture is under way somewhere (and never of
 * the legacy stream, whose query would end a capture).
 */
static bool stream_capturing(const struct copy_stream *s)
{
	const void *stream = (const void *)(uintptr_t)s->handle;
	CUstreamCaptureStatus status;

	if (!s->async || capture_known_none() || stream == NULL ||
	    stream == CU_STREAM_LEGACY)
		return false;
	return plain_cuStreamIsCapturing((CUstream)(uintptr_t)s->handle,
	    &status) == CUDA_SUCCESS &&
	    status == CU_STREAM_CAPTURE_STATUS_ACTIVE;
}

CUresult copy_capture_mirror(const struct copy_stream *s, CUdeviceptr dev,
    const void *host, size_t span, uint64_t *mirror)
{
	struct copy_stream wire;
	int err = CUDA_SUCCESS;
	enum clnt_stat st;
	struct call k;
	CUresult e;

	*mirror = 0;
	if (span == 0 || !stream_capturing(s))
		return CUDA_SUCCESS;
	if ((e = copy_call(&k, s, dev, &wire)) != CUDA_SUCCESS)
		return e;
	st = host_mirror_for_gpu(k.c, host, span, mirror, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

/*
 * Copies count bytes between device memory at dev and host memory at host,
 * to the device when to_device, else to the host.
 */
static CUresult copy_pieces(bool to_device, CUdeviceptr dev, const void *host,
    size_t count, const struct copy_stream *s)
{
	size_t pieces = chunk_count(count, CHUNK);
	enum clnt_stat st = RPC_SUCCESS;
	struct copy_stream wire;
	int err = CUDA_SUCCESS;
	bool via_mirror, whole = false, striped = false;
	uint64_t mirror;
	struct call k;
	CUresult e;
	size_t i;

	if (host == NULL && count != 0)
		return CUDA_ERROR_INVALID_VALUE;
	/*
	 * Unified addressing: the program's own page-locked memory is a valid
	 * device pointer of a copy (XLA names it so), and it is host memory
	 * here, not the server's (hostmem.h): a copy between host memories.
	 */
	if (hostmem_contains((const void *)(uintptr_t)dev))
		return to_device ? copy_host_to_host((void *)(uintptr_t)dev,
		    host, count, s) : copy_host_to_host((void *)(uintptr_t)host,
		    (const void *)(uintptr_t)dev, count, s);
	/*
	 * While a capture is under way, an asynchronous copy from or to the
	 * program's page-locked memory at one address on both sides is the
	 * copy between that address and the device, made by the server's
	 * driver: a capture then records it as natively, a node reading or
	 * writing the mirror at each replay (kept coherent as mapped memory),
	 * where the bytes themselves could not be captured.
	 */
	if (s->async && !capture_known_none() &&
	    hostmem_placed_for_gpu(host, count))
		return to_device ? plain_cuMemcpyDtoDAsync(dev,
		    (CUdeviceptr)(uintptr_t)host, count,
		    (CUstream)(uintptr_t)s->handle) :
		    plain_cuMemcpyDtoDAsync((CUdeviceptr)(uintptr_t)host, dev,
		    count, (CUstream)(uintptr_t)s->handle);
	/*
	 * Into a stream being captured, natively a node that reads or writes
	 * the host memory at each replay: here the copy between the device
	 * and the host memory's mirror on the server (host_mirror.h).
	 */
	if ((e = copy_capture_mirror(s, dev, host, count, &mirror)) !=
	    CUDA_SUCCESS)
		return e;
	if (mirror != 0)
		return to_device ? plain_cuMemcpyDtoDAsync(dev, mirror, count,
		    (CUstream)(uintptr_t)s->handle) :
		    plain_cuMemcpyDtoDAsync(mirror, dev, count,
		    (CUstream)(uintptr_t)s->handle);
	if ((e = copy_call(&k, s, dev, &wire)) != CUDA_SUCCESS)
		return e;
	s = &wire;
	/* Into managed memory: the program's store, to be pushed; and the
	 * pages writable, should the bytes come by a system call. */
	if (!to_device)
		managed_host_write((void *)(uintptr_t)host, count);
	/* Same host: no bytes through the socket (local_copy.h). */
	if (count != 0 && local_link(k.c))
		return local_copy(&k, to_device, dev, host, count, s);
	/*
	 * An asynchronous download into the program's page-locked memory
	 * lands in its mirror on the server and returns at once; the bytes
	 * come at the program's next synchronizing call (downloads.h).
	 */
	via_mirror = !to_device && s->async && count != 0 &&
	    hostmem_download_mirror(host, count, &mirror);
	st = mapped_push(k.c, &err);
	/* A large one, where there are data connections, is queued whole:
	 * its bytes come back on them once it landed (mirror_fetch.h). */
	if (via_mirror && count >= stripe_min_bytes() && st == RPC_SUCCESS &&
	    err == CUDA_SUCCESS && (st = copy_stripes_bound(k.c, &whole)) ==
	    RPC_SUCCESS && whole) {
		st = downloads_queue(k.c, (void *)(uintptr_t)host, mirror, dev,
		    count, s->handle, mirror_fetch, &striped, &err);
		/* Too many pending: copied striped now, as below. */
		via_mirror = striped;
	}
	/* Into the program's memory straight from the wire: after the
	 * downloads into it that are pending (downloads.h). */
	if (!to_device && !via_mirror && st == RPC_SUCCESS &&
	    err == CUDA_SUCCESS)
		st = mapped_settle(k.c, host, count, &err);
	/* Large copies over TCP: on the data connections (stripe_copy.h); not
	 * a download queued into a mirror, whose bytes stay there for now. */
	if (!via_mirror && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = copy_striped(k.c, to_device, dev,
		    (void *)(uintptr_t)host, count, s, &err, &striped);
	for (i = 0; !striped && i < pieces && st == RPC_SUCCESS &&
	    err == CUDA_SUCCESS; i++) {
		size_t offset = i * CHUNK;
		size_t len = chunk_length(count, CHUNK, i);
		void *at = (void *)(uintptr_t)advance(host, offset);
		bool queued = false;

		if (to_device)
			st = wire_htod(k.c, dev + offset, advance(host, offset),
			    len, s, &err);
		else if (via_mirror)
			st = downloads_queue(k.c, at, mirror + offset,
			    dev + offset, len, s->handle, NULL, &queued, &err);
		if (to_device || queued || st != RPC_SUCCESS ||
		    err != CUDA_SUCCESS)
			continue;
		if (via_mirror)
			st = mapped_settle(k.c, at, len, &err);
		if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
			st = wire_dtoh(k.c, at, dev + offset, len, s, &err);
	}
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

/* cuMemcpy and cuMemcpyAsync: the addresses say which way the bytes go. */
static CUresult copy_unified(CUdeviceptr dst, CUdeviceptr src, size_t count,
    const struct copy_stream *s)
{
	unsigned dst_server, src_server;
	CUcontext dst_ctx, src_ctx;
	bool dst_device = memory_device_owner(dst, &dst_server, &dst_ctx);
	bool src_device = memory_device_owner(src, &src_server, &src_ctx);

	if (dst_device && src_device && dst_server != src_server)
		return copy_between_servers(dst_ctx, dst, src_ctx, src, count);
	if (dst_device && src_device)
		return s->async ?
		    cuMemcpyDtoDAsync(dst, src, count, (CUstream)(uintptr_t)s->handle) :
		    cuMemcpyDtoD(dst, src, count);
	if (dst_device)
		return copy_pieces(true, dst, (const void *)(uintptr_t)src,
		    count, s);
	if (src_device)
		return copy_pieces(false, src, (const void *)(uintptr_t)dst,
		    count, s);
	return copy_host_to_host((void *)(uintptr_t)dst,
	    (const void *)(uintptr_t)src, count, s);
}

ONCUDA_API CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
    size_t ByteCount)
{
	return copy_pieces(true, dstDevice, srcHost, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice,
    size_t ByteCount)
{
	return copy_pieces(false, srcDevice, dstHost, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice,
    const void *srcHost, size_t ByteCount, CUstream hStream)
{
	struct copy_stream s;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	s = on_stream(hStream);
	return copy_pieces(true, dstDevice, srcHost, ByteCount, &s);
}

ONCUDA_API CUresult cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice,
    size_t ByteCount, CUstream hStream)
{
	struct copy_stream s;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	s = on_stream(hStream);
	return copy_pieces(false, srcDevice, dstHost, ByteCount, &s);
}

/*
 * No bytes cross the wire, so one call does any size; unless the two
 * pointers are two servers' memory (copy_between.c).
 */
ONCUDA_API CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
    size_t ByteCount)
{
	unsigned dst_server, src_server;
	CUcontext dst_ctx, src_ctx;
	enum clnt_stat st;
	res_none r;
	struct call k;
	CUresult e;

	/* The program's page-locked memory on either side: see copy_pieces. */
	if (hostmem_contains((const void *)(uintptr_t)dstDevice) ||
	    hostmem_contains((const void *)(uintptr_t)srcDevice))
		return copy_unified(dstDevice, srcDevice, ByteCount, &copy_sync);
	if (memory_device_owner(dstDevice, &dst_server, &dst_ctx) &&
	    memory_device_owner(srcDevice, &src_server, &src_ctx) &&
	    dst_server != src_server)
		return copy_between_servers(dst_ctx, dstDevice, src_ctx,
		    srcDevice, ByteCount);
	memset(&r, 0, sizeof r);
	if ((e = devmem_call(&k, dstDevice, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = mapped_push(k.c, &r.err);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = cu_memcpy_dtod(dstDevice, srcDevice, ByteCount, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &r.err);
	e = call_end(&k, st);
	if (e != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/* The program's page-locked memory on either side: see copy_pieces. */
ONCUDA_API CUresult cuMemcpyDtoDAsync(CUdeviceptr dstDevice,
    CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)
{
	struct copy_stream s = on_stream(hStream);

	if (hostmem_contains((const void *)(uintptr_t)dstDevice) ||
	    hostmem_contains((const void *)(uintptr_t)srcDevice))
		return copy_unified(dstDevice, srcDevice, ByteCount, &s);
	return plain_cuMemcpyDtoDAsync(dstDevice, srcDevice, ByteCount,
	    hStream);
}

ONCUDA_API CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount)
{
	return copy_unified(dst, src, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
    size_t ByteCount, CUstream hStream)
{
	struct copy_stream s;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	s = on_stream(hStream);
	return copy_unified(dst, src, ByteCount, &s);
}
