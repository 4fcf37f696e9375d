/*
 * svc_download.c -- asynchronous downloads into the client's page-locked
 * memory (CU_MEMCPY_DTOH_MIRROR, CU_DOWNLOADS_LANDED; idl/cuda.x tells the
 * design, stubs/mem/downloads.c the client's side).
 *
 * The driver copies into the mirror on the program's stream and an event
 * of ours behind the copy says when it is complete; the bytes leave only
 * when the client asks, at a synchronizing call of the program's.  Each
 * download held costs an event and a small record: a client that queues
 * more than DOWNLOADS_HELD without asking is refused
 * (CUDA_ERROR_OUT_OF_MEMORY, deferred); the client's own limit is a
 * quarter of it.  A large download queued whole
 * (CU_MEMCPY_DTOH_MIRROR_WHOLE) lands without its bytes, which the client
 * then fetches from the mirror on the data connections
 * (svc_stripe.c, ONCUDA_MIRROR_DTOH) or, without them, here in pieces
 * (ONCUDA_MIRROR_READ).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/session/downloads.h"
#include "server/svc/svc_hostmem.h"

#define DOWNLOADS_HELD (4 * ONCUDA_DOWNLOADS_MAX)

static CUstream stream_of(cu_handle h)
{
	return (CUstream)(uintptr_t)h;
}

/* Why the download cannot be queued; CUDA_SUCCESS when it can. */
static CUresult download_check(cu_dptr src, cu_size size, cu_hostptr mirror,
    cu_handle stream, bool whole)
{
	CUresult err;

	if ((err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS)
		return err;
	if ((!whole && size > ONCUDA_CHUNK_MAX) ||
	    !hostmem_mirror_holds(mirror, size))
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = range_check(src, size, 1, "cuMemcpyDtoHAsync")) !=
	    CUDA_SUCCESS)
		return err;
	return capture_refuse_host_copy(stream, "cuMemcpyDtoHAsync");
}

/*
 * Queues the copy and an event behind it into *event (NULL when the event
 * could not be had: then the copy is waited for here, which CUDA allows).
 */
static CUresult queue(cu_dptr src, cu_size size, cu_hostptr mirror,
    CUstream s, CUevent *event)
{
	CUresult err;

	*event = NULL;
	err = cuMemcpyDtoHAsync((void *)(uintptr_t)mirror, (CUdeviceptr)src,
	    (size_t)size, s);
	if (err != CUDA_SUCCESS)
		return err;
	if (cuEventCreate(event, CU_EVENT_DISABLE_TIMING) == CUDA_SUCCESS &&
	    cuEventRecord(*event, s) == CUDA_SUCCESS)
		return CUDA_SUCCESS;
	if (*event != NULL)
		cuEventDestroy(*event);
	*event = NULL;
	return cuStreamSynchronize(s);
}

/* CU_MEMCPY_DTOH_MIRROR and, whole, CU_MEMCPY_DTOH_MIRROR_WHOLE. */
static void hold(cu_dptr src, cu_size size, cu_hostptr mirror,
    cu_handle stream, uint64_t seq, bool whole, res_none *r)
{
	CUcontext ctx = NULL;
	CUevent event = NULL;

	if (downloads_count() >= DOWNLOADS_HELD) {
		log_msg(LOG_WARN, "%u downloads wait to be fetched: refusing "
		    "more", downloads_count());
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->err = download_check(src, size, mirror, stream, whole);
	if (r->err == CUDA_SUCCESS)
		r->err = queue(src, size, mirror, stream_of(stream), &event);
	if (event != NULL && cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
		ctx = NULL;
	if (downloads_add(seq, r->err == CUDA_SUCCESS ?
	    (void *)(uintptr_t)mirror : NULL, (size_t)size, event, ctx,
	    r->err, whole))
		return;
	/* Not held: the client learns it from `held` at its next question. */
	if (event != NULL) {
		cuEventSynchronize(event);
		cuEventDestroy(event);
	}
	if (r->err == CUDA_SUCCESS)
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
}

bool_t cu_memcpy_dtoh_mirror_svc(cu_dptr src, cu_size size,
    cu_hostptr mirror, cu_handle stream, uint64_t seq, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	hold(src, size, mirror, stream, seq, false, r);
	return TRUE;
}

bool_t cu_memcpy_dtoh_mirror_whole_svc(cu_dptr src, cu_size size,
    cu_hostptr mirror, cu_handle stream, uint64_t seq, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	hold(src, size, mirror, stream, seq, true, r);
	return TRUE;
}

/*
 * Whether d is complete, waiting for it first when it lands in any byte of
 * [at, at + size); its error kept.
 */
static bool complete(struct download *d, cu_hostptr at, cu_size size)
{
	uintptr_t mirror = (uintptr_t)d->mirror;
	bool wait;
	CUresult err;

	if (d->event == NULL)
		return true;
	wait = size != 0 && d->size != 0 && (mirror < at ? at - mirror <
	    d->size : mirror - at < size);
	err = wait ? cuEventSynchronize(d->event) : cuEventQuery(d->event);
	if (err == CUDA_ERROR_NOT_READY)
		return false;
	if (err != CUDA_SUCCESS && d->err == CUDA_SUCCESS)
		d->err = err;
	return true;
}

/* Adds d to the answer; false: no memory for its bytes. */
static bool answer(landed_download *out, const struct download *d)
{
	out->seq = d->seq;
	out->err = d->err;
	out->bytes.bytes_len = 0;
	out->bytes.bytes_val = NULL;
	/* A whole one's bytes are fetched striped (ONCUDA_MIRROR_DTOH). */
	if (d->err != CUDA_SUCCESS || d->whole)
		return true;
	/* malloc(0) may answer NULL: never ask it for nothing. */
	if ((out->bytes.bytes_val = malloc(d->size > 0 ? d->size : 1)) == NULL)
		return false;
	memcpy(out->bytes.bytes_val, d->mirror, d->size);
	out->bytes.bytes_len = (u_int)d->size;
	return true;
}

bool_t cu_downloads_landed_svc(cu_hostptr wait_at, cu_size wait_size,
    res_landed *r, struct svc_req *rq)
{
	downloads_update *u = &r->res_landed_u.value;
	landed_downloads *list = &u->landed;
	struct download *d, *next;
	bool no_memory = false;
	size_t bytes = 0;

	(void)rq;
	memset(r, 0, sizeof(*r));
	r->err = CUDA_SUCCESS;
	for (d = downloads_first(); d != NULL; d = next) {
		next = d->next;
		if (!complete(d, wait_at, wait_size))
			continue;
		if (list->landed_downloads_len == ONCUDA_DOWNLOADS_MAX ||
		    (list->landed_downloads_len > 0 && !d->whole &&
		    d->size > ONCUDA_CHUNK_DEFAULT - bytes)) {
			u->more = TRUE;
			break;
		}
		if (list->landed_downloads_val == NULL &&
		    (list->landed_downloads_val = calloc(ONCUDA_DOWNLOADS_MAX,
		    sizeof(landed_download))) == NULL) {
			no_memory = true;
			break;
		}
		if (!answer(&list->landed_downloads_val[
		    list->landed_downloads_len], d)) {
			no_memory = true;
			break;
		}
		list->landed_downloads_len++;
		if (d->err == CUDA_SUCCESS && !d->whole)
			bytes += d->size;
		downloads_remove(d);
	}
	/* What fitted goes; the rest waits for the next question. */
	if (no_memory && list->landed_downloads_len > 0)
		u->more = TRUE;
	else if (no_memory) {
		log_msg(LOG_WARN, "downloads: no memory for the bytes of one");
		free(list->landed_downloads_val);
		memset(r, 0, sizeof(*r));
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	u->held = downloads_count();
	return TRUE;
}

bool_t oncuda_mirror_read_svc(cu_hostptr at, cu_size size, res_data *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof(*r));
	if (size > ONCUDA_CHUNK_MAX || !hostmem_mirror_holds(at, size)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	/* malloc(0) may answer NULL: never ask it for nothing. */
	if ((r->res_data_u.data.data_val = malloc(size > 0 ? size : 1)) ==
	    NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	memcpy(r->res_data_u.data.data_val, (const void *)(uintptr_t)at,
	    (size_t)size);
	r->res_data_u.data.data_len = (u_int)size;
	r->err = CUDA_SUCCESS;
	return TRUE;
}
