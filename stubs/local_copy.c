/*
 * local_copy.c -- copies on the same-host path (local.h).
 *
 * A copy from or to shared memory (cuMemAllocHost, cuMemHostAlloc) is one
 * call naming the range; the server's driver copies straight between the
 * shared pages and the GPU, as fast as it would for its own pinned memory.
 *
 * Pageable memory goes through a staging area shared with the server and
 * registered there once, at the first such copy: the client copies a piece
 * in and the server's driver moves it to the GPU (or the reverse), piece
 * after piece, with nothing allocated per call.  Each piece waits for the
 * one before; a pipeline (filling piece k+1 while the GPU takes piece k)
 * would need calls that do not wait for their reply.
 *
 * The server keeps the staging area for the whole session, registered
 * with the driver whatever contexts come and go (svc_local.c); it is
 * addressed as base 0.
 */
#include <string.h>
#include <sys/mman.h>

#include "cuda_rpc.h"
#include "hostmem.h"
#include "local.h"
#include "mapped.h"
#include "rpc.h"

/* Bytes staged per call: large enough that the call's cost (~15 us) is small. */
#define STAGING_BYTES (8u << 20)

/* How a copy runs on the server (ONCUDA_LOCAL_HTOD in idl/cuda.x). */
enum copy_how { HOW_SYNC = 0, HOW_ON_STREAM = 1, HOW_ON_STREAM_WAIT = 2 };

/* The client's view of the staging area; NULL until the first pageable copy. */
static void *staging;

void local_staging_forget(void)
{
	if (staging != NULL)
		munmap(staging, STAGING_BYTES);
	staging = NULL;
}

static enum clnt_stat staging_ready(CLIENT *c, int *err)
{
	uint64_t unused;

	if (staging != NULL)
		return RPC_SUCCESS;
	return local_share(c, STAGING_BYTES, ONCUDA_LOCAL_STAGING, &staging,
	    &unused, err);
}

static enum clnt_stat call(CLIENT *c, bool to_device, uint64_t base,
    uint64_t offset, CUdeviceptr dev, size_t len, const struct copy_stream *s,
    enum copy_how how, int *err)
{
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	if (to_device)
		st = oncuda_local_htod_13000(base, offset, dev, len, s->handle,
		    how, &r, c);
	else
		st = oncuda_local_dtoh_13000(base, offset, dev, len, s->handle,
		    how, &r, c);
	*err = r.err;
	return st;
}

/* One piece through the staging area. */
static enum clnt_stat staged_piece(CLIENT *c, bool to_device, CUdeviceptr dev,
    char *host, size_t len, const struct copy_stream *s, int *err)
{
	enum copy_how how = s->async ? HOW_ON_STREAM_WAIT : HOW_SYNC;
	enum clnt_stat st;

	if ((st = staging_ready(c, err)) != RPC_SUCCESS || staging == NULL)
		return st;
	if (to_device)
		memcpy(staging, host, len);
	st = call(c, to_device, 0, 0, dev, len, s, how, err);
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS && !to_device)
		memcpy(host, staging, len);
	return st;
}

bool local_copy(bool to_device, CUdeviceptr dev, const void *host,
    size_t count, const struct copy_stream *s, CUresult *result)
{
	enum clnt_stat st;
	uint64_t base, offset;
	int err = CUDA_SUCCESS;
	CLIENT *c;

	if ((c = rpc_begin()) == NULL) {
		*result = rpc_unavailable();
		return true;
	}
	if (!local_path_active()) {
		(void)rpc_end(RPC_SUCCESS);
		return false;
	}
	st = mapped_push(c, &err);
	if (st != RPC_SUCCESS || err != CUDA_SUCCESS) {
		/* as far as it got */
	} else if (hostmem_shared_range(host, count, &base, &offset)) {
		st = call(c, to_device, base, offset, dev, count, s,
		    s->async ? HOW_ON_STREAM : HOW_SYNC, &err);
	} else {
		for (size_t done = 0; done < count && st == RPC_SUCCESS &&
		    err == CUDA_SUCCESS; done += STAGING_BYTES) {
			size_t len = count - done < STAGING_BYTES ?
			    count - done : STAGING_BYTES;

			st = staged_piece(c, to_device, dev + done,
			    (char *)(uintptr_t)host + done, len, s, &err);
		}
	}
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(c, &err);
	if ((*result = rpc_end(st)) == CUDA_SUCCESS)
		*result = (CUresult)err;
	return true;
}
