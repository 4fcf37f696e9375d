/*
 * svc_copy.c -- linear copies between the client's bytes and device memory.
 *
 * Bytes arrive in the RPC arguments, which the dispatcher frees as soon as
 * the procedure returns, and leave in a malloc'ed result buffer that the
 * dispatcher frees once it is sent.  Asynchronous uploads therefore copy
 * the bytes into a buffer of their own first, and free it from the stream.
 * A program that queues uploads faster than its streams run them would
 * make those copies grow without bound, so their total is limited
 * (--max-upload); past it an upload copies from the arguments and waits
 * for its stream, which CUDA allows any async copy to do.
 *
 * The device side of every copy must lie inside memory this client owns
 * (range_check, ranges.h), checked before the driver sees it.
 *
 * Large synchronous uploads and all large downloads pass through the
 * page-locked slots of server/copy/staging.c instead (staging.h), and large
 * asynchronous ones through the page-locked pool of server/copy/upload_pool.c
 * while one of its buffers is free (upload_pool.h); --max-upload counts
 * only the copies made here.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/svc_copy.h"
#include "server/copy/staging.h"
#include "server/copy/upload_pool.h"

static CUstream stream_of(cu_handle h)
{
	return (CUstream)(uintptr_t)h;
}

/*
 * Each upload copy starts with a header giving its size, so that the
 * release, which runs on a driver thread with only the pointer, can take
 * its bytes off the count.  The header keeps the copy's alignment.
 */
union upload_header {
	uint64_t bytes;
	max_align_t align;
};

/* Bytes of upload copies alive; the driver's threads release them. */
static _Atomic uint64_t uploads_in_flight;
static bool upload_limit_logged;

static void upload_free(void *buf)
{
	union upload_header *h = (union upload_header *)buf - 1;

	atomic_fetch_sub(&uploads_in_flight, h->bytes);
	free(h);
}

static void CUDA_CB upload_free_fn(void *buf)
{
	upload_free(buf);
}

char *upload_copy(const char *bytes, cu_size size)
{
	uint64_t before = atomic_fetch_add(&uploads_in_flight, size);
	union upload_header *h;

	if (before + size > limits.upload || before + size < before) {
		atomic_fetch_sub(&uploads_in_flight, size);
		if (!upload_limit_logged)
			log_msg(LOG_WARN, "async uploads in flight reached "
			    "--max-upload (%llu bytes): further ones wait for "
			    "their stream", (unsigned long long)limits.upload);
		upload_limit_logged = true;
		return NULL;
	}
	if ((h = malloc(sizeof(*h) + (size_t)size)) == NULL) {
		atomic_fetch_sub(&uploads_in_flight, size);
		return NULL;
	}
	h->bytes = size;
	/* An empty opaque decodes to a NULL pointer, which memcpy may not
	 * be given even for no bytes (found by tests/fuzz). */
	if (size > 0)
		memcpy(h + 1, bytes, (size_t)size);
	return (char *)(h + 1);
}

CUresult free_after_upload(CUresult queued, CUstream stream, void *buf)
{
	CUresult err;

	if (queued != CUDA_SUCCESS) {
		upload_free(buf);
		return queued;
	}
	/* Runs on a driver thread once everything queued before it is done. */
	err = cuLaunchHostFunc(stream, upload_free_fn, buf);
	if (err == CUDA_SUCCESS)
		return CUDA_SUCCESS;
	/* Could not queue the release: wait for the copy, then free here.
	 * The copy itself was queued, so its outcome is the stream's. */
	err = cuStreamSynchronize(stream);
	upload_free(buf);
	return err;
}

CUresult upload_in_place(CUresult queued, CUstream stream)
{
	return queued == CUDA_SUCCESS ? cuStreamSynchronize(stream) : queued;
}

/* malloc(0) may give NULL, so never ask it. */
char *host_buffer(cu_size size)
{
	return malloc(size > 0 ? (size_t)size : 1);
}

void reply_with(res_data *r, char *buf, cu_size size)
{
	if (r->err != CUDA_SUCCESS) {
		free(buf);
		return;
	}
	r->res_data_u.data.data_val = buf;
	r->res_data_u.data.data_len = (u_int)size;
}

bool_t cu_memcpy_htod_svc(cu_dptr dst, cu_bytes data, res_none *r,
    struct svc_req *rq)
{
	if ((r->err = range_check(dst, data.cu_bytes_len, 1, "cuMemcpyHtoD"))
	    != CUDA_SUCCESS)
		return TRUE;
	if (staging_holds(data.cu_bytes_val))
		r->err = staging_upload((CUdeviceptr)dst, data.cu_bytes_val,
		    data.cu_bytes_len);
	else
		r->err = cuMemcpyHtoD((CUdeviceptr)dst, data.cu_bytes_val,
		    data.cu_bytes_len);
	staging_start(rq->rq_xprt);
	return TRUE;
}

bool_t cu_memcpy_dtoh_svc(cu_dptr src, cu_size size, res_data *r,
    struct svc_req *rq)
{
	char *buf;

	if (size > ONCUDA_CHUNK_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = range_check(src, size, 1, "cuMemcpyDtoH")) !=
	    CUDA_SUCCESS)
		return TRUE;
	staging_start(rq->rq_xprt);
	if (staging_download((CUdeviceptr)src, (size_t)size, NULL, r))
		return TRUE;
	if ((buf = host_buffer(size)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemcpyDtoH(buf, (CUdeviceptr)src, (size_t)size);
	reply_with(r, buf, size);
	return TRUE;
}

bool_t cu_memcpy_dtod_svc(cu_dptr dst, cu_dptr src, cu_size size,
    res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = range_check(dst, size, 1, "cuMemcpyDtoD")) !=
	    CUDA_SUCCESS ||
	    (r->err = range_check(src, size, 1, "cuMemcpyDtoD")) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemcpyDtoD((CUdeviceptr)dst, (CUdeviceptr)src,
	    (size_t)size);
	return TRUE;
}

bool_t cu_memcpy_htod_async_svc(cu_dptr dst, cu_bytes data,
    cu_handle stream, res_none *r, struct svc_req *rq)
{
	char *buf;

	upload_pool_start(rq->rq_xprt);
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS ||
	    (r->err = range_check(dst, data.cu_bytes_len, 1,
	    "cuMemcpyHtoDAsync")) != CUDA_SUCCESS ||
	    (r->err = capture_refuse_host_copy(stream,
	    "cuMemcpyHtoDAsync")) != CUDA_SUCCESS)
		return TRUE;
	if (upload_pool_holds(data.cu_bytes_val)) {
		r->err = upload_pool_upload((CUdeviceptr)dst,
		    data.cu_bytes_val, data.cu_bytes_len, stream_of(stream));
		return TRUE;
	}
	if ((buf = upload_copy(data.cu_bytes_val, data.cu_bytes_len)) == NULL) {
		r->err = upload_in_place(cuMemcpyHtoDAsync((CUdeviceptr)dst,
		    data.cu_bytes_val, data.cu_bytes_len, stream_of(stream)),
		    stream_of(stream));
		return TRUE;
	}
	r->err = free_after_upload(cuMemcpyHtoDAsync((CUdeviceptr)dst, buf,
	    data.cu_bytes_len, stream_of(stream)), stream_of(stream), buf);
	return TRUE;
}

bool_t cu_memcpy_dtoh_async_svc(cu_dptr src, cu_size size,
    cu_handle stream, res_data *r, struct svc_req *rq)
{
	char *buf;

	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (size > ONCUDA_CHUNK_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = range_check(src, size, 1, "cuMemcpyDtoHAsync")) !=
	    CUDA_SUCCESS)
		return TRUE;
	staging_start(rq->rq_xprt);
	/* The bytes travel back in this reply, so wait for them. */
	if (staging_download((CUdeviceptr)src, (size_t)size,
	    stream_of(stream), r))
		return TRUE;
	if ((buf = host_buffer(size)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemcpyDtoHAsync(buf, (CUdeviceptr)src, (size_t)size,
	    stream_of(stream));
	if (r->err == CUDA_SUCCESS)
		r->err = cuStreamSynchronize(stream_of(stream));
	reply_with(r, buf, size);
	return TRUE;
}
