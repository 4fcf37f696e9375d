/*
 * The APIs of old CUDA that the driver still carries: the execution
 * control before CUDA 4.0 (cuFuncSetBlockShape, cuParamSet*, cuLaunchGrid),
 * the context usage count (cuCtxAttach, cuCtxDetach), and the previous
 * ABIs of current calls, which a program gets from cuGetProcAddress by
 * asking for an old CUDA version (cuMemAlloc at 3010 is the 32-bit ABI of
 * CUDA 3.1, cuCtxDestroy at 3020 the one before CUDA 4.0).
 */
#define CUDA_ENABLE_DEPRECATED 1

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "old_abi.h"

void *e2e_old_entry(const char *name, int version)
{
	CUdriverProcAddressQueryResult status;
	void *fn = NULL;

	if (cuGetProcAddress(name, &fn, version, 0, &status) != CUDA_SUCCESS ||
	    status != CU_GET_PROC_ADDRESS_SUCCESS)
		return NULL;
	return fn;
}

/* fill_u32(unsigned *p, unsigned v, unsigned long long n): its arguments
 * at offsets 0, 8 and 16 of a 24-byte parameter buffer. */
static int set_fill_args(CUfunction fill, CUdeviceptr p, unsigned v,
			 unsigned long long n)
{
	CHECK_CU(cuParamSetv(fill, 0, &p, sizeof(p)), CUDA_SUCCESS);
	CHECK_CU(cuParamSeti(fill, 8, v), CUDA_SUCCESS);
	CHECK_CU(cuParamSetv(fill, 16, &n, sizeof(n)), CUDA_SUCCESS);
	CHECK_CU(cuParamSetSize(fill, 24), CUDA_SUCCESS);
	return 0;
}

/* The first n words of p are v, the others still pattern. */
static int check_filled(CUdeviceptr p, unsigned v, size_t n,
			const unsigned *pattern, size_t words)
{
	unsigned *back = e2e_malloc(words * sizeof(unsigned));
	size_t i;

	CHECK_CU(cuMemcpyDtoH(back, p, words * sizeof(unsigned)),
		 CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		if (back[i] != v)
			return e2e_fail(__FILE__, __LINE__, "word %zu is 0x%x,"
					" expected 0x%x", i, back[i], v);
	CHECK_MEM(back + n, pattern + n, (words - n) * sizeof(unsigned));
	return 0;
}

int test_deprecated_launch(void)
{
	const size_t words = 4096;
	unsigned *pattern = e2e_malloc(words * sizeof(unsigned));
	float *data = e2e_malloc(256 * sizeof(float));
	float *back = e2e_malloc(256 * sizeof(float));
	CUfunction fill, scale;
	CUdeviceptr p, q;
	CUcontext ctx;
	CUstream s;
	CUdevice dev;
	CUmodule m;
	int i;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	TRY(e2e_get_function(&scale, m, "scale_dyn_smem"));
	TRY(e2e_dalloc(&p, words * sizeof(unsigned)));
	TRY(e2e_stream(&s));
	e2e_fill_random(pattern, words * sizeof(unsigned), 31);
	CHECK_CU(cuMemcpyHtoD(p, pattern, words * sizeof(unsigned)),
		 CUDA_SUCCESS);

	/* 4 blocks of 64 threads fill the first 1000 words. */
	CHECK_CU(cuFuncSetBlockShape(fill, 64, 1, 1), CUDA_SUCCESS);
	TRY(set_fill_args(fill, p, 0x11111111u, 1000));
	CHECK_CU(cuLaunchGrid(fill, 4, 1), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(check_filled(p, 0x11111111u, 1000, pattern, words));

	/* The state stays: a new value alone, a 2 x 2 grid on a stream. */
	CHECK_CU(cuParamSeti(fill, 8, 0x22222222u), CUDA_SUCCESS);
	CHECK_CU(cuLaunchGridAsync(fill, 2, 2, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(check_filled(p, 0x22222222u, 1000, pattern, words));

	/* cuLaunch is one block, whose threads stride over 500 words. */
	TRY(set_fill_args(fill, p, 0x33333333u, 500));
	CHECK_CU(cuLaunch(fill), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	{
		unsigned *now = e2e_malloc(words * sizeof(unsigned));

		CHECK_CU(cuMemcpyDtoH(now, p, words * sizeof(unsigned)),
			 CUDA_SUCCESS);
		for (i = 0; i < 500; i++)
			CHECK_EQ(now[i], 0x33333333u);
		for (i = 500; i < 1000; i++)
			CHECK_EQ(now[i], 0x22222222u);
	}

	/* A float argument and dynamic shared memory: p[i] *= 2.5. */
	for (i = 0; i < 256; i++)
		data[i] = (float)i;
	TRY(e2e_dalloc(&q, 256 * sizeof(float)));
	CHECK_CU(cuMemcpyHtoD(q, data, 256 * sizeof(float)), CUDA_SUCCESS);
	CHECK_CU(cuFuncSetBlockShape(scale, 128, 1, 1), CUDA_SUCCESS);
	CHECK_CU(cuFuncSetSharedSize(scale, 128 * sizeof(float)),
		 CUDA_SUCCESS);
	CHECK_CU(cuParamSetv(scale, 0, &q, sizeof(q)), CUDA_SUCCESS);
	CHECK_CU(cuParamSetf(scale, 8, 2.5f), CUDA_SUCCESS);
	CHECK_CU(cuParamSeti(scale, 12, 200), CUDA_SUCCESS);
	CHECK_CU(cuParamSetSize(scale, 16), CUDA_SUCCESS);
	CHECK_CU(cuLaunchGrid(scale, 2, 1), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, q, 256 * sizeof(float)), CUDA_SUCCESS);
	for (i = 0; i < 256; i++)
		CHECK(back[i] == (i < 200 ? (float)i * 2.5f : (float)i));

	/* Bad input: no function, a block of no threads. */
	CHECK_CU(cuFuncSetBlockShape(NULL, 1, 1, 1), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuFuncSetBlockShape(fill, 0, 1, 1), CUDA_ERROR_INVALID_VALUE);
	return 0;
}

int test_ctx_attach(void)
{
	CUcontext ctx, got = NULL, current = NULL;
	CUdevice dev;
	CUdeviceptr p;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(ctx);
	CHECK_CU(cuCtxAttach(&got, 1), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuCtxAttach(&got, 0), CUDA_SUCCESS);
	CHECK(got == ctx);
	/* Created once, attached once: the first detach leaves it alive. */
	CHECK_CU(cuCtxDetach(ctx), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&p, 4096), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == ctx);
	/* The second destroys it, and it is current no more. */
	CHECK_CU(cuCtxDetach(ctx), CUDA_SUCCESS);
	e2e_forget((uint64_t)(uintptr_t)ctx);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == NULL);
	CHECK_CU(cuCtxAttach(&got, 0), CUDA_ERROR_INVALID_CONTEXT);
	return 0;
}

typedef CUresult (*ctx_fn)(CUcontext);
typedef CUresult (*pop_fn)(CUcontext *);
typedef CUresult (*stream_fn)(CUstream);
typedef CUresult (*event_fn)(CUevent);
typedef CUresult (*elapsed_fn)(float *, CUevent, CUevent);
typedef CUresult (*register_fn)(void *, size_t, unsigned int);
typedef CUresult (*flags_fn)(CUdevice, unsigned int);

int test_older_abis(void)
{
	ctx_fn destroy, push;
	pop_fn pop;
	stream_fn stream_destroy;
	event_fn event_destroy;
	elapsed_fn elapsed;
	register_fn host_register;
	flags_fn set_flags;
	CUcontext ctx, popped = NULL, primary;
	CUevent a, b;
	CUstream s;
	CUdevice dev;
	float ms = -1;
	void *host;

	ENTRY(destroy, "cuCtxDestroy", 3020);
	ENTRY(push, "cuCtxPushCurrent", 3020);
	ENTRY(pop, "cuCtxPopCurrent", 3020);
	ENTRY(stream_destroy, "cuStreamDestroy", 3020);
	ENTRY(event_destroy, "cuEventDestroy", 3020);
	ENTRY(elapsed, "cuEventElapsedTime", 12000);
	ENTRY(host_register, "cuMemHostRegister", 6000);
	ENTRY(set_flags, "cuDevicePrimaryCtxSetFlags", 10000);

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(ctx);
	CHECK_CU(pop(&popped), CUDA_SUCCESS);
	CHECK(popped == ctx);
	CHECK_CU(push(ctx), CUDA_SUCCESS);

	CHECK_CU(cuStreamCreate(&s, CU_STREAM_DEFAULT), CUDA_SUCCESS);
	CHECK_CU(cuEventCreate(&a, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	CHECK_CU(cuEventCreate(&b, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(a, s), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(b, s), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(b), CUDA_SUCCESS);
	CHECK_CU(elapsed(&ms, a, b), CUDA_SUCCESS);
	CHECK(ms >= 0);
	CHECK_CU(event_destroy(a), CUDA_SUCCESS);
	CHECK_CU(event_destroy(b), CUDA_SUCCESS);
	CHECK_CU(stream_destroy(s), CUDA_SUCCESS);

	CHECK(posix_memalign(&host, 4096, 1 << 16) == 0);
	e2e_defer_free(host);
	CHECK_CU(host_register(host, 1 << 16, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemHostUnregister(host), CUDA_SUCCESS);

	CHECK_CU(destroy(ctx), CUDA_SUCCESS);
	e2e_forget((uint64_t)(uintptr_t)ctx);

	/* Before CUDA 11, an active primary context's flags stay. */
	CHECK_CU(cuDevicePrimaryCtxRetain(&primary, dev), CUDA_SUCCESS);
	e2e_defer_primary(dev);
	CHECK_CU(set_flags(dev, CU_CTX_SCHED_BLOCKING_SYNC),
		 CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE);
	return 0;
}

typedef CUresult (*alloc_v1_fn)(unsigned int *, unsigned int);
typedef CUresult (*free_v1_fn)(unsigned int);
typedef CUresult (*htod_v1_fn)(unsigned int, const void *, unsigned int);
typedef CUresult (*dtoh_v1_fn)(void *, unsigned int, unsigned int);
typedef CUresult (*dtod_v1_fn)(unsigned int, unsigned int, unsigned int);
typedef CUresult (*memset_v1_fn)(unsigned int, unsigned int, unsigned int);
typedef CUresult (*info_v1_fn)(unsigned int *, unsigned int *);
typedef CUresult (*total_v1_fn)(unsigned int *, CUdevice);

int test_abi_before_3_2(void)
{
	const unsigned bytes = 64 * 1024;
	unsigned *pattern = e2e_malloc(bytes);
	unsigned *back = e2e_malloc(bytes);
	alloc_v1_fn alloc;
	free_v1_fn dfree;
	htod_v1_fn htod;
	dtoh_v1_fn dtoh;
	dtod_v1_fn dtod;
	memset_v1_fn set32;
	info_v1_fn info;
	total_v1_fn total;
	unsigned int free_v1, total_v1, total_dev, a = 0, b = 0, i;
	size_t free_now, total_now, total_bytes;
	CUcontext ctx;
	CUdevice dev;
	CUresult e;

	ENTRY(alloc, "cuMemAlloc", 3010);
	ENTRY(dfree, "cuMemFree", 3010);
	ENTRY(htod, "cuMemcpyHtoD", 3010);
	ENTRY(dtoh, "cuMemcpyDtoH", 3010);
	ENTRY(dtod, "cuMemcpyDtoD", 3010);
	ENTRY(set32, "cuMemsetD32", 3010);
	ENTRY(info, "cuMemGetInfo", 3010);
	ENTRY(total, "cuDeviceTotalMem", 3010);
	TRY(e2e_primary_ctx(&dev, &ctx));

	/* Sizes beyond 4 GiB are the most an unsigned int holds. */
	CHECK_CU(cuDeviceTotalMem(&total_bytes, dev), CUDA_SUCCESS);
	CHECK_CU(total(&total_dev, dev), CUDA_SUCCESS);
	CHECK_EQ(total_dev, total_bytes > UINT32_MAX ? UINT32_MAX :
		 total_bytes);
	/* The H200's driver (580) answers the 32-bit cuMemGetInfo with
	 * CUDA_ERROR_INVALID_CONTEXT even in a current context; oncuda
	 * answers it from cuMemGetInfo_v2. */
	e = info(&free_v1, &total_v1);
	CHECK_CU(cuMemGetInfo(&free_now, &total_now), CUDA_SUCCESS);
	if (getenv("ONCUDA_TEST_REMOTE") != NULL)
		CHECK_EQ(total_v1, total_now > UINT32_MAX ? UINT32_MAX :
			 total_now);
	else
		CHECK(e == CUDA_SUCCESS || e == CUDA_ERROR_INVALID_CONTEXT);

	/* A 32-bit pointer names the low 4 GiB only: where the driver puts
	 * allocations elsewhere, the old ABI has none to give. */
	e = alloc(&a, bytes);
	if (e == CUDA_ERROR_INVALID_CONTEXT &&
	    getenv("ONCUDA_TEST_REMOTE") == NULL) {
		/* The H200's 580 refuses the 32-bit calls in this context. */
		e2e_skip_note("the driver refuses the 32-bit ABI here "
			      "(CUDA_ERROR_INVALID_CONTEXT)");
		return 0;
	}
	if (e == CUDA_ERROR_OUT_OF_MEMORY) {
		e2e_skip_note("no device memory in the low 4 GiB for the "
			      "32-bit cuMemAlloc");
		return 0;
	}
	CHECK_CU(e, CUDA_SUCCESS);
	CHECK(a != 0);
	e2e_defer_mem(a);
	CHECK_CU(alloc(&b, bytes), CUDA_SUCCESS);
	e2e_defer_mem(b);
	e2e_fill_random(pattern, bytes, 3);
	CHECK_CU(htod(a, pattern, bytes), CUDA_SUCCESS);
	CHECK_CU(dtod(b, a, bytes), CUDA_SUCCESS);
	CHECK_CU(set32(b, 0x5a5a5a5au, 16), CUDA_SUCCESS);
	CHECK_CU(dtoh(back, b, bytes), CUDA_SUCCESS);
	for (i = 0; i < 16; i++)
		CHECK_EQ(back[i], 0x5a5a5a5au);
	CHECK_MEM(back + 16, pattern + 16, bytes - 16 * sizeof(unsigned));
	CHECK_CU(dfree(b), CUDA_SUCCESS);
	e2e_forget(b);
	return 0;
}
