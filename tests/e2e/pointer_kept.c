/*
 * Pointer attributes asked again and again, as launchers ask them before
 * every launch.  oncuda answers the second question about its own
 * allocations from the first answer (stubs/mem/pointer.c): these tests
 * compare those answers with the ones a round trip gets (a list holding an
 * attribute that is never kept goes whole to the server), and check that
 * they follow the memory when it is freed, allocated again, or goes with
 * its context.  Natively every answer is the driver's, and the same.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

/* The attributes of an allocation that are the same at every address in it. */
static const CUpointer_attribute kept[] = {
	CU_POINTER_ATTRIBUTE_CONTEXT,
	CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
	CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
	CU_POINTER_ATTRIBUTE_BUFFER_ID,
	CU_POINTER_ATTRIBUTE_IS_MANAGED,
	CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
	CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE,
	CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
	CU_POINTER_ATTRIBUTE_RANGE_SIZE,
	CU_POINTER_ATTRIBUTE_MAPPED,
	CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
	CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
	CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE,
};
#define KEPT (sizeof kept / sizeof kept[0])

/*
 * Asks each attribute of ptr alone, twice (through oncuda the second is
 * answered from the first), then all in one list with ACCESS_FLAGS, which
 * is never kept, so that the server answers the list; every answer must
 * agree, and an attribute the driver refuses for this memory is refused
 * both times.  The single answers go to one_by_one (0 where refused).
 */
static int same_answers(CUdeviceptr ptr, uint64_t *one_by_one)
{
	uint64_t again[KEPT], listed[KEPT + 1];
	CUpointer_attribute list[KEPT + 1];
	CUresult got[KEPT];
	void *data[KEPT + 1];

	memset(one_by_one, 0, KEPT * sizeof *one_by_one);
	memset(again, 0, sizeof again);
	memset(listed, 0, sizeof listed);
	for (size_t i = 0; i < KEPT; i++) {
		got[i] = cuPointerGetAttribute(&one_by_one[i], kept[i], ptr);
		CHECK_CU(cuPointerGetAttribute(&again[i], kept[i], ptr), got[i]);
		list[i] = kept[i];
		data[i] = &listed[i];
	}
	list[KEPT] = CU_POINTER_ATTRIBUTE_ACCESS_FLAGS;
	data[KEPT] = &listed[KEPT];
	CHECK_CU(cuPointerGetAttributes(KEPT + 1, list, data, ptr),
		 CUDA_SUCCESS);
	for (size_t i = 0; i < KEPT; i++) {
		if (got[i] != CUDA_SUCCESS)
			listed[i] = one_by_one[i] = 0;
		if (again[i] != one_by_one[i] || listed[i] != one_by_one[i])
			return e2e_fail(__FILE__, __LINE__,
			    "attribute %d of 0x%llx: %#llx, then %#llx, listed %#llx",
			    (int)kept[i], (unsigned long long)ptr,
			    (unsigned long long)one_by_one[i],
			    (unsigned long long)again[i],
			    (unsigned long long)listed[i]);
	}
	/* And the list of kept ones alone, twice (answered whole in the client). */
	for (int round = 0; round < 2; round++) {
		memset(listed, 0, sizeof listed);
		CHECK_CU(cuPointerGetAttributes(KEPT, list, data, ptr),
			 CUDA_SUCCESS);
		for (size_t i = 0; i < KEPT; i++)
			if (got[i] != CUDA_SUCCESS)
				listed[i] = 0;
		CHECK_MEM(listed, one_by_one, KEPT * sizeof *one_by_one);
	}
	return 0;
}

static size_t at(CUpointer_attribute a)
{
	for (size_t i = 0; i < KEPT; i++)
		if (kept[i] == a)
			return i;
	return 0;
}

int test_pointer_attributes_kept(void)
{
	uint64_t first[KEPT], second[KEPT], moved[KEPT];
	CUdeviceptr d, d2, mapped_d = 0;
	CUcontext ctx, own;
	void *host = NULL, *answer = NULL;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuMemAlloc(&d, 5000), CUDA_SUCCESS);
	TRY(same_answers(d + 100, first));
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_DEVICE_POINTER)], d + 100);
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_RANGE_START_ADDR)], d);
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_RANGE_SIZE)], 5000);
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_MEMORY_TYPE)], CU_MEMORYTYPE_DEVICE);
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_CONTEXT)], (uintptr_t)ctx);
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)], (uint64_t)dev);
	/* Another address of it: its own device pointer, the rest alike. */
	TRY(same_answers(d + 4999, moved));
	CHECK_EQ(moved[at(CU_POINTER_ATTRIBUTE_DEVICE_POINTER)], d + 4999);
	moved[at(CU_POINTER_ATTRIBUTE_DEVICE_POINTER)] = d + 100;
	CHECK_MEM(moved, first, sizeof first);
	/* Device memory has no host address: an error each time. */
	CHECK_CU(cuPointerGetAttribute(&answer, CU_POINTER_ATTRIBUTE_HOST_POINTER,
				       d), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuPointerGetAttribute(&answer, CU_POINTER_ATTRIBUTE_HOST_POINTER,
				       d), CUDA_ERROR_INVALID_VALUE);

	/* Freed: the driver no longer knows it. */
	CHECK_CU(cuMemFree(d), CUDA_SUCCESS);
	CHECK_CU(cuPointerGetAttribute(&answer, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
				       d + 100), CUDA_ERROR_INVALID_VALUE);
	/* Allocated again (often at the same address): a new buffer. */
	CHECK_CU(cuMemAlloc(&d2, 5000), CUDA_SUCCESS);
	e2e_defer_mem(d2);
	TRY(same_answers(d2 + 100, second));
	CHECK_EQ(second[at(CU_POINTER_ATTRIBUTE_RANGE_START_ADDR)], d2);
	CHECK(second[at(CU_POINTER_ATTRIBUTE_BUFFER_ID)] !=
	      first[at(CU_POINTER_ATTRIBUTE_BUFFER_ID)]);

	/* Memory of a context that is destroyed goes with it. */
	CHECK_CU(cuCtxCreate(&own, NULL, 0, dev), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&d, 4096), CUDA_SUCCESS);
	TRY(same_answers(d, first));
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_CONTEXT)], (uintptr_t)own);
	CHECK_CU(cuCtxDestroy(own), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
	CHECK_CU(cuPointerGetAttribute(&answer, CU_POINTER_ATTRIBUTE_CONTEXT, d),
		 CUDA_ERROR_INVALID_VALUE);

	/* Mapped page-locked memory: its device side answers the program's
	 * host addresses. */
	CHECK_CU(cuMemHostAlloc(&host, 8192, CU_MEMHOSTALLOC_DEVICEMAP),
		 CUDA_SUCCESS);
	e2e_defer_host(host);
	CHECK_CU(cuMemHostGetDevicePointer(&mapped_d, host, 0), CUDA_SUCCESS);
	TRY(same_answers(mapped_d + 8, first));
	for (int i = 0; i < 2; i++) {
		answer = NULL;
		CHECK_CU(cuPointerGetAttribute(&answer,
		    CU_POINTER_ATTRIBUTE_HOST_POINTER, mapped_d + 8 + 100 * i),
		    CUDA_SUCCESS);
		CHECK(answer == (char *)host + 8 + 100 * i);
	}
	CHECK_EQ(first[at(CU_POINTER_ATTRIBUTE_MEMORY_TYPE)], CU_MEMORYTYPE_HOST);
	return 0;
}

/* Memory whose answers oncuda does not keep still answers right, twice. */
int test_pointer_attributes_not_kept(void)
{
	uint64_t answers[KEPT];
	unsigned managed = 0;
	CUdeviceptr m, a;
	CUcontext ctx;
	CUdevice dev;
	int pools = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuMemAllocManaged(&m, 4096, CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
	e2e_defer_mem(m);
	for (int i = 0; i < 2; i++) {
		CHECK_CU(cuPointerGetAttribute(&managed,
		    CU_POINTER_ATTRIBUTE_IS_MANAGED, m + 8), CUDA_SUCCESS);
		CHECK_EQ(managed, 1);
	}
	CHECK_CU(cuDeviceGetAttribute(&pools,
	    CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, dev), CUDA_SUCCESS);
	if (!pools)
		return 0;
	CHECK_CU(cuMemAllocAsync(&a, 4096, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	TRY(same_answers(a + 8, answers));
	CHECK_EQ(answers[at(CU_POINTER_ATTRIBUTE_RANGE_START_ADDR)], a);
	CHECK_CU(cuMemFreeAsync(a, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	return 0;
}

/*
 * cuPointerSetAttribute: SYNC_MEMOPS set on device memory reads back set;
 * no other attribute can be set.
 */
int test_pointer_set_attribute(void)
{
	unsigned int one = 1, got = 0;
	CUcontext ctx, other = NULL;
	CUdevice dev;
	CUdeviceptr p;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&p, 4096));
	CHECK_CU(cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
	    p), CUDA_SUCCESS);
	CHECK_CU(cuPointerGetAttribute(&got, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
	    p), CUDA_SUCCESS);
	CHECK_EQ(got, 1u);
	CHECK(cuPointerSetAttribute(&other, CU_POINTER_ATTRIBUTE_CONTEXT, p) !=
	    CUDA_SUCCESS);
	CHECK_CU(cuPointerSetAttribute(NULL, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
	    p), CUDA_ERROR_INVALID_VALUE);
	return 0;
}
