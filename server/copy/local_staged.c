/*
 * server/copy/local_staged.c -- the same-host staging area, and
 * ONCUDA_LOCAL_STAGED_HTOD and _DTOH: the pipelined pieces of a same-host
 * copy from or to pageable memory (issue 4).
 *
 * The area is memory the client shared (svc_local.c maps it) and becomes
 * the area by ONCUDA_LOCAL_REGISTER with ONCUDA_LOCAL_STAGING.  It is kept
 * apart from the client's page-locked memory: it must outlive the contexts
 * the program destroys (the driver unregisters memory with the context it
 * was registered in, and svc_hostmem.c then unmaps it), and a stale address
 * of it must never name other memory.  So it is addressed as base 0, stays
 * mapped for the session, and is registered again when a copy finds the
 * driver no longer knows it; the process's exit unmaps it.
 *
 * The client copies between the program's memory and one slot of the
 * staging area while the driver moves another slot: these procedures
 * queue a slot's DMA and reply without waiting for it.  Each slot keeps an
 * event recorded after its last DMA, waited for before the slot is used
 * again, and the reply of each procedure promises the client the slots it
 * will touch next: after STAGED_HTOD no other slot's DMA runs; after
 * STAGED_DTOH the waited-for slot is filled.  After an error nothing runs,
 * so a client that gives up on a copy may use the whole area again.
 *
 * The slots' marks are a pinned buffer set (pinned_set.h) whose memory is
 * the area: events are made per DMA in the current context (the one the
 * stream belongs to) and destroyed once waited for.  A copy of several pieces
 * ends with ONCUDA_LOCAL_HTOD or _DTOH on the area, which waits for all
 * slots first (svc_local.c); an asynchronous upload of one piece is a
 * STAGED_HTOD alone, whose DMA may still run when the next request comes
 * (as a native asynchronous upload from pageable memory returns once its
 * bytes are staged).  Its event may so outlive its context:
 * pinned_sets_context_gone forgets the events of a context destroyed,
 * which went with it, rather than wait on them.
 *
 * Calls down only: pinned_set.c and the session's handles, ranges and
 * limits; svc_local.c calls it, never the other way round.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/copy/local_staged.h"
#include "server/copy/pinned_set.h"
#include "server/session/limits.h"
#include "server/session/ranges.h"

/* The slots' marks; their bytes are the area's (local_staging_slot). */
static struct pinned_buffer slots[ONCUDA_LOCAL_SLOTS];
static struct pinned_set marks = PINNED_SET(slots, 0);

/* The staging area: mapped for the whole session once made. */
static void *staging;
static size_t staging_size;

/* Registers the staging area unless the driver knows it already. */
static CUresult staging_registered(void)
{
	CUmemorytype type;
	CUresult err;

	if (cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
	    (CUdeviceptr)(uintptr_t)staging) == CUDA_SUCCESS)
		return CUDA_SUCCESS;
	err = cuMemHostRegister(staging, staging_size, CU_MEMHOSTREGISTER_PORTABLE);
	return err == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED ? CUDA_SUCCESS : err;
}

CUresult local_area_replace(void *p, size_t size)
{
	local_staged_drain();
	if (staging != NULL) {
		(void)cuMemHostUnregister(staging);
		munmap(staging, staging_size);
		memory_give(staging_size, USAGE_PAGE_LOCKED);
	}
	staging = NULL;
	if (!memory_take(size, USAGE_PAGE_LOCKED,
	    "page-locked host memory (staging)")) {
		munmap(p, size);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	staging = p;
	staging_size = size;
	return staging_registered();
}

void *local_area_range(cu_size offset, cu_size size)
{
	if (staging == NULL || staging_registered() != CUDA_SUCCESS ||
	    offset > staging_size || size > staging_size - offset)
		return NULL;
	return (char *)staging + offset;
}

/*
 * The server's address of slot `slot` of the staging area
 * (ONCUDA_LOCAL_SLOTS equal parts), registered with the driver, when size
 * bytes fit in it; NULL otherwise.
 */
static void *local_staging_slot(unsigned int slot, uint64_t size)
{
	size_t slot_size = staging_size / ONCUDA_LOCAL_SLOTS;

	if (slot >= ONCUDA_LOCAL_SLOTS || size > slot_size)
		return NULL;
	return local_area_range((uint64_t)slot * slot_size, size);
}

void local_staged_drain(void)
{
	pinned_set_drain(&marks);
}

/* Queues the DMA between slot and dev, size bytes, on stream. */
static CUresult queue_dma(bool to_device, unsigned int slot, cu_dptr dev,
    cu_size size, cu_handle stream)
{
	CUstream s = (CUstream)(uintptr_t)stream;
	void *host;
	CUresult err;

	if (slot >= ONCUDA_LOCAL_SLOTS ||
	    (host = local_staging_slot(slot, size)) == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = range_check(dev, size, 1, to_device ? "cuMemcpyHtoD" :
	    "cuMemcpyDtoH")) != CUDA_SUCCESS)
		return err;
	if ((err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS ||
	    (err = capture_refuse_host_copy(stream, to_device ?
	    "cuMemcpyHtoDAsync" : "cuMemcpyDtoHAsync")) != CUDA_SUCCESS)
		return err;
	if ((err = pinned_buffer_wait(&slots[slot])) != CUDA_SUCCESS)
		return err;
	err = to_device ? cuMemcpyHtoDAsync(dev, host, (size_t)size, s) :
	    cuMemcpyDtoHAsync(host, dev, (size_t)size, s);
	if (err != CUDA_SUCCESS)
		return err;
	return pinned_set_mark(&marks, &slots[slot], s);
}

bool_t oncuda_local_staged_htod_svc(u_int slot, cu_dptr dst,
    cu_size size, cu_handle stream, res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = queue_dma(true, slot, dst, size, stream);
	for (unsigned int i = 0; i < ONCUDA_LOCAL_SLOTS; i++)
		if (i != slot && r->err == CUDA_SUCCESS)
			r->err = pinned_buffer_wait(&slots[i]);
	if (r->err != CUDA_SUCCESS)
		local_staged_drain();
	return TRUE;
}

bool_t oncuda_local_staged_dtoh_svc(u_int slot, cu_dptr src,
    cu_size size, cu_handle stream, u_int wait, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = CUDA_SUCCESS;
	if (size != 0)
		r->err = queue_dma(false, slot, src, size, stream);
	if (r->err == CUDA_SUCCESS && wait != ONCUDA_LOCAL_NO_SLOT)
		r->err = wait < ONCUDA_LOCAL_SLOTS ? pinned_buffer_wait(&slots[wait]) :
		    CUDA_ERROR_INVALID_VALUE;
	if (r->err != CUDA_SUCCESS)
		local_staged_drain();
	return TRUE;
}
