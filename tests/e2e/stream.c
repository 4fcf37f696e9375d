/*
 * Streams: creation, priorities, completion, and ordering between two
 * streams through an event.
 */
#include "check.h"

/* About 50 ms at the H200's clock: long enough to be caught running. */
#define BUSY_CYCLES 100000000ull

int test_streams(void)
{
	CUstream s, low, high;
	CUcontext ctx, owner = NULL;
	CUfunction spin;
	CUmodule m;
	CUdevice dev;
	unsigned flags = 99;
	int priority = 99;
	CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_ACTIVE;
	CUgraph graph = (CUgraph)&priority;
	const CUgraphNode *deps = (const CUgraphNode *)&priority;
	size_t ndeps = 99;
	unsigned long long id_low = 0, id_high = 0, id_ctx = 0;
	unsigned long long cycles = BUSY_CYCLES;
	void *params[] = { &cycles };
	CUresult r;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&spin, m, "spin"));

	CHECK_CU(cuStreamCreate(&s, CU_STREAM_DEFAULT), CUDA_SUCCESS);
	e2e_defer_stream(s);
	CHECK_CU(cuStreamGetFlags(s, &flags), CUDA_SUCCESS);
	CHECK_EQ(flags, CU_STREAM_DEFAULT);
	CHECK_CU(cuStreamGetCtx(s, &owner), CUDA_SUCCESS);
	CHECK(owner == ctx);

	/* Lower numbers are higher priorities; 0 and -1 exist everywhere
	 * that has priorities at all. */
	CHECK_CU(cuStreamCreateWithPriority(&low, CU_STREAM_NON_BLOCKING, 0),
		 CUDA_SUCCESS);
	e2e_defer_stream(low);
	CHECK_CU(cuStreamCreateWithPriority(&high, CU_STREAM_NON_BLOCKING, -1),
		 CUDA_SUCCESS);
	e2e_defer_stream(high);
	CHECK_CU(cuStreamGetPriority(low, &priority), CUDA_SUCCESS);
	CHECK_EQ(priority, 0);
	CHECK_CU(cuStreamGetPriority(high, &priority), CUDA_SUCCESS);
	CHECK_EQ(priority, -1);
	CHECK_CU(cuStreamGetFlags(high, &flags), CUDA_SUCCESS);
	CHECK_EQ(flags, CU_STREAM_NON_BLOCKING);

	/* oncuda offers no stream capture: a fresh stream is not capturing,
	 * and asking, as PyTorch and cuBLAS do before their launches, works. */
	CHECK_CU(cuStreamIsCapturing(s, &capture), CUDA_SUCCESS);
	CHECK_EQ(capture, CU_STREAM_CAPTURE_STATUS_NONE);
	capture = CU_STREAM_CAPTURE_STATUS_ACTIVE;
	CHECK_CU(cuStreamGetCaptureInfo(s, &capture, NULL, &graph, &deps,
					NULL, &ndeps), CUDA_SUCCESS);
	CHECK_EQ(capture, CU_STREAM_CAPTURE_STATUS_NONE);
	/* The other outputs are defined only while capturing: the real driver
	 * leaves them as they were (seen on driver 580), so they are not checked. */
	CHECK_CU(cuStreamIsCapturing(NULL, &capture), CUDA_SUCCESS);
	CHECK_EQ(capture, CU_STREAM_CAPTURE_STATUS_NONE);

	/* Ids, which cuBLASLt keys its state by: distinct per stream. */
	CHECK_CU(cuStreamGetId(low, &id_low), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetId(high, &id_high), CUDA_SUCCESS);
	CHECK(id_low != id_high);
	CHECK_CU(cuCtxGetId(NULL, &id_ctx), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetId(ctx, &id_low), CUDA_SUCCESS);
	CHECK(id_ctx == id_low);

	/* An idle stream is done. */
	CHECK_CU(cuStreamQuery(s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);

	/* A busy one is not, until it is synchronized. */
	CHECK_CU(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	r = cuStreamQuery(s);
	if (e2e_on_stand_in())
		e2e_skip_note("cuStreamQuery is never NOT_READY on the CPU "
			      "stand-in, which runs kernels to completion");
	else if (r != CUDA_ERROR_NOT_READY)
		return e2e_fail_cu(__FILE__, __LINE__, "cuStreamQuery(s) while "
				   "spin runs", r, "CUDA_ERROR_NOT_READY");
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuStreamQuery(s), CUDA_SUCCESS);

	CHECK_CU(cuStreamDestroy(s), CUDA_SUCCESS);
	e2e_forget((uintptr_t)s);
	return 0;
}

int test_stream_wait_event(void)
{
	enum { WORDS = 1 << 20 };
	unsigned *back = e2e_malloc(WORDS * sizeof(unsigned));
	unsigned long long cycles = BUSY_CYCLES, n = WORDS;
	unsigned v = 0xc0ffee, i;
	CUdeviceptr src, dst;
	void *spin_params[] = { &cycles };
	void *fill_params[] = { &src, &v, &n };
	CUfunction spin, fill;
	CUstream s1, s2;
	CUcontext ctx;
	CUevent e;
	CUmodule m;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&spin, m, "spin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	TRY(e2e_stream(&s1));
	TRY(e2e_stream(&s2));
	TRY(e2e_dalloc(&src, WORDS * sizeof(unsigned)));
	TRY(e2e_dalloc(&dst, WORDS * sizeof(unsigned)));
	CHECK_CU(cuMemsetD32(src, 0, WORDS), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(dst, 0, WORDS), CUDA_SUCCESS);
	CHECK_CU(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	e2e_defer_event(e);

	/* s1: wait a while, then fill src.  s2: copy src to dst, but only
	 * after s1's event.  Without the wait the copy would run first and
	 * see zeroes. */
	CHECK_CU(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, s1, spin_params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(fill, 64, 1, 1, 256, 1, 1, 0, s1, fill_params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(e, s1), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(s2, e, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(dst, src, WORDS * sizeof(unsigned), s2),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s2), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, dst, WORDS * sizeof(unsigned)),
		 CUDA_SUCCESS);
	for (i = 0; i < WORDS; i++)
		if (back[i] != v)
			return e2e_fail(__FILE__, __LINE__, "word %u of the "
					"copy is 0x%x, expected 0x%x: the copy "
					"did not wait for the fill", i,
					back[i], v);
	return 0;
}
