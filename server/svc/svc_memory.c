/*
 * svc_memory.c -- device memory: allocation, release and queries.
 *
 * Each allocation this client holds is recorded with its size and
 * context, so that a free, or the end of a context, gives its bytes back to
 * the client's budget (--max-memory); the record also enters and leaves the
 * client's device ranges (ranges.h), which its copies and memsets are
 * checked against.
 */
#include <stdint.h>
#include <stdlib.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/limits.h"
#include "server/session/ranges.h"
#include "server/svc/mapped_shadow.h"
#include "server/svc/svc_memory.h"

struct allocation {
	CUdeviceptr dptr;
	uint64_t bytes;
	CUcontext ctx;
	struct allocation *next;
};

/*
 * Buckets of a fixed count: a client holding many thousands of allocations
 * makes chains of a few dozen, which costs less than the copy that follows.
 */
#define ALLOCATION_BUCKETS 1024
static struct allocation *allocations[ALLOCATION_BUCKETS];

static struct allocation **bucket(CUdeviceptr dptr)
{
	/* Allocations are at least 256-byte aligned: skip the zero bits. */
	return &allocations[(dptr >> 8) % ALLOCATION_BUCKETS];
}

static struct allocation **find(CUdeviceptr dptr)
{
	struct allocation **at = bucket(dptr);

	while (*at != NULL && (*at)->dptr != dptr)
		at = &(*at)->next;
	return at;
}

static void forget(struct allocation **at)
{
	struct allocation *gone = *at;

	*at = gone->next;
	memory_give(gone->bytes, USAGE_DEVICE);
	ranges_remove(gone->dptr, RANGE_ALLOCATION, gone->dptr);
	/* Managed memory is kept coherent from its birth (svc_managed.c). */
	mapped_shadow_mirror_gone((void *)(uintptr_t)gone->dptr);
	free(gone);
}

/*
 * Records a fresh allocation of bytes, already taken from the budget.
 * false when the record cannot be made: the caller frees the memory.
 */
static bool record(CUdeviceptr dptr, uint64_t bytes)
{
	struct allocation **at = find(dptr);
	struct allocation *a;

	/* A value the driver reuses belonged to a context that died
	 * unseen; its bytes are no longer held. */
	if (*at != NULL)
		forget(at);
	if ((a = malloc(sizeof(*a))) == NULL)
		return false;
	a->dptr = dptr;
	a->bytes = bytes;
	if (cuCtxGetCurrent(&a->ctx) != CUDA_SUCCESS)
		a->ctx = NULL;
	if (!ranges_add(dptr, bytes, RANGE_ALLOCATION, dptr, a->ctx)) {
		free(a);
		return false;
	}
	a->next = *bucket(dptr);
	*bucket(dptr) = a;
	return true;
}

bool allocation_record(CUdeviceptr dptr, uint64_t bytes)
{
	return record(dptr, bytes);
}

bool allocation_known(CUdeviceptr dptr)
{
	return *find(dptr) != NULL;
}

void allocation_forget(CUdeviceptr dptr)
{
	struct allocation **at = find(dptr);

	if (*at != NULL)
		forget(at);
}

void allocations_context_gone(CUcontext ctx)
{
	for (size_t i = 0; i < ALLOCATION_BUCKETS; i++) {
		struct allocation **at = &allocations[i];

		while (*at != NULL) {
			if ((*at)->ctx == ctx)
				forget(at);
			else
				at = &(*at)->next;
		}
	}
}

void allocations_forget_all(void)
{
	for (size_t i = 0; i < ALLOCATION_BUCKETS; i++)
		while (allocations[i] != NULL)
			forget(&allocations[i]);
}

bool_t cu_mem_alloc_svc(cu_size size, res_dptr *r, struct svc_req *rq)
{
	CUdeviceptr dptr;

	(void)rq;
	if (!memory_take(size, USAGE_DEVICE, "device memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemAlloc(&dptr, (size_t)size);
	if (r->err == CUDA_SUCCESS && !record(dptr, size)) {
		cuMemFree(dptr);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err == CUDA_SUCCESS)
		r->res_dptr_u.value = dptr;
	else
		memory_give(size, USAGE_DEVICE);
	return TRUE;
}

bool_t cu_mem_free_svc(cu_dptr dptr, res_none *r, struct svc_req *rq)
{
	struct allocation **at;

	(void)rq;
	r->err = cuMemFree((CUdeviceptr)dptr);
	if (r->err == CUDA_SUCCESS && *(at = find((CUdeviceptr)dptr)) != NULL)
		forget(at);
	return TRUE;
}

bool_t cu_mem_alloc_pitch_svc(cu_size width, cu_size height,
    u_int elem_size, res_pitched_alloc *r, struct svc_req *rq)
{
	uint64_t least, bytes;
	CUdeviceptr dptr;
	size_t pitch;

	(void)rq;
	/* The driver pads each row to its pitch: check the least it can
	 * take first, and what it took once it has answered. */
	if (__builtin_mul_overflow(width, height, &least) ||
	    !memory_take(least, USAGE_DEVICE, "device memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	memory_give(least, USAGE_DEVICE);
	r->err = cuMemAllocPitch(&dptr, &pitch, (size_t)width, (size_t)height,
	    elem_size);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (__builtin_mul_overflow((uint64_t)pitch, height, &bytes) ||
	    !memory_take(bytes, USAGE_DEVICE, "device memory")) {
		cuMemFree(dptr);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	if (!record(dptr, bytes)) {
		memory_give(bytes, USAGE_DEVICE);
		cuMemFree(dptr);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_pitched_alloc_u.value.dptr = dptr;
	r->res_pitched_alloc_u.value.pitch = pitch;
	return TRUE;
}

bool_t cu_mem_get_info_svc(res_mem_info *r, struct svc_req *rq)
{
	size_t free_bytes, total_bytes;

	(void)rq;
	r->err = cuMemGetInfo(&free_bytes, &total_bytes);
	if (r->err == CUDA_SUCCESS) {
		r->res_mem_info_u.value.free = free_bytes;
		r->res_mem_info_u.value.total = total_bytes;
	}
	return TRUE;
}

bool_t cu_mem_get_address_range_svc(cu_dptr dptr, res_dev_range *r,
    struct svc_req *rq)
{
	CUdeviceptr base;
	size_t size;

	(void)rq;
	r->err = cuMemGetAddressRange(&base, &size, (CUdeviceptr)dptr);
	if (r->err == CUDA_SUCCESS) {
		r->res_dev_range_u.value.base = base;
		r->res_dev_range_u.value.size = size;
	}
	return TRUE;
}
