/*
 * copy_between.c -- device-to-device copies between two servers, and
 * cuMemcpyPeer.
 *
 * Two servers' GPUs have no path between them but the client, so such a
 * copy comes to the client and goes out again: each piece of
 * ONCUDA_CHUNK_DEFAULT bytes is copied device-to-host from the source
 * server into one bounce buffer, then host-to-device to the other.  It
 * costs twice the bytes on the client's network link (in, then out), at
 * the speed of the slower of the two connections, with no overlap between
 * the two halves; it holds one connection at a time, so other threads'
 * calls can come between pieces, and it is synchronous: the asynchronous
 * forms wait too, cuMemcpyPeerAsync for its stream first, so that the
 * copy keeps its place in the stream's order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/copy/copy_between.h"
#include "stubs/copy/copy_plan.h"
#include "stubs/copy/copy_wire.h"
#include "gen/cuda_names.h"
#include "stubs/mem/mapped.h"
#include "stubs/route/route.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"

#define CHUNK ONCUDA_CHUNK_DEFAULT

/* One piece, one direction, on the server of ctx. */
static CUresult piece(CUcontext ctx, bool to_device, CUdeviceptr dev,
    void *bounce, size_t len)
{
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	struct call k;
	CUresult e;

	if ((e = call_begin_in(&k, ctx, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = mapped_push(k.c, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = to_device ?
		    wire_htod(k.c, dev, bounce, len, &copy_sync, &err) :
		    wire_dtoh(k.c, bounce, dev, len, &copy_sync, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

CUresult copy_between_servers(CUcontext dst_ctx, CUdeviceptr dst,
    CUcontext src_ctx, CUdeviceptr src, size_t count)
{
	size_t pieces = chunk_count(count, CHUNK);
	CUresult e = CUDA_SUCCESS;
	void *bounce;

	if (count == 0)
		return CUDA_SUCCESS;
	if ((bounce = malloc(count < CHUNK ? count : CHUNK)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < pieces && e == CUDA_SUCCESS; i++) {
		size_t offset = i * CHUNK;
		size_t len = chunk_length(count, CHUNK, i);

		e = piece(src_ctx, false, src + offset, bounce, len);
		if (e == CUDA_SUCCESS)
			e = piece(dst_ctx, true, dst + offset, bounce, len);
	}
	free(bounce);
	return e;
}


/* Both contexts must be the program's, of servers it named. */
static bool known_context(CUcontext ctx)
{
	return ctx != NULL && route_server_of(ctx) < rpc_server_count();
}

ONCUDA_API CUresult cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext,
    CUdeviceptr srcDevice, CUcontext srcContext, size_t ByteCount)
{
	enum clnt_stat st;
	res_none r;
	struct call k;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (!known_context(dstContext) || !known_context(srcContext))
		return CUDA_ERROR_INVALID_CONTEXT;
	if (route_server_of(dstContext) != route_server_of(srcContext))
		return copy_between_servers(dstContext, dstDevice, srcContext,
		    srcDevice, ByteCount);
	/*
	 * One server: with unified addressing its driver copies between its
	 * contexts' memory whichever is current, so one DtoD call does it.
	 */
	memset(&r, 0, sizeof r);
	if ((e = call_begin_in(&k, dstContext, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = mapped_push(k.c, &r.err);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = cu_memcpy_dtod(dstDevice, srcDevice, ByteCount, &r,
		    k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = mapped_pull(k.c, &r.err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/* cuMemcpyPeer_ptds: no stream, so the same copy. */
ONCUDA_API CUresult cuMemcpyPeer_ptds(CUdeviceptr dstDevice,
    CUcontext dstContext, CUdeviceptr srcDevice, CUcontext srcContext,
    size_t ByteCount)
{
	return cuMemcpyPeer(dstDevice, dstContext, srcDevice, srcContext,
	    ByteCount);
}

ONCUDA_API CUresult cuMemcpyPeerAsync(CUdeviceptr dstDevice,
    CUcontext dstContext, CUdeviceptr srcDevice, CUcontext srcContext,
    size_t ByteCount, CUstream hStream)
{
	cu_memcpy_dtod_async_argument a;
	enum clnt_stat st;
	struct call k;
	int err = CUDA_SUCCESS;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (!known_context(dstContext) || !known_context(srcContext))
		return CUDA_ERROR_INVALID_CONTEXT;
	if (route_server_of(dstContext) != route_server_of(srcContext)) {
		/* Work queued before the copy on the stream is done first. */
		if ((e = cuStreamSynchronize(hStream)) != CUDA_SUCCESS)
			return e;
		return copy_between_servers(dstContext, dstDevice, srcContext,
		    srcDevice, ByteCount);
	}
	/* One server: its DtoD copy on the stream, which must be its own. */
	if (hStream != NULL && hStream != CU_STREAM_LEGACY &&
	    hStream != CU_STREAM_PER_THREAD &&
	    route_server_of(hStream) != route_server_of(dstContext))
		return CUDA_ERROR_INVALID_HANDLE;
	a.dst = (cu_dptr)dstDevice;
	a.src = (cu_dptr)srcDevice;
	a.size = (cu_size)ByteCount;
	a.stream = route_strip(hStream);
	if ((e = call_begin_in(&k, dstContext, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = mapped_push(k.c, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = batch_send(k.c, CU_MEMCPY_DTOD_ASYNC,
		    (xdrproc_t)xdr_cu_memcpy_dtod_async_argument, &a);
	return call_done(&k, st, &err);
}

ONCUDA_API CUresult cuMemcpyPeerAsync_ptsz(CUdeviceptr dstDevice,
    CUcontext dstContext, CUdeviceptr srcDevice, CUcontext srcContext,
    size_t ByteCount, CUstream hStream)
{
	return cuMemcpyPeerAsync(dstDevice, dstContext, srcDevice, srcContext,
	    ByteCount, hStream == NULL ? CU_STREAM_PER_THREAD : hStream);
}
