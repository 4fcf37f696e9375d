/*
 * Events: recording, waiting, querying, timing.
 */
#include "check.h"

int test_events(void)
{
	unsigned long long cycles = 20000000ull;	/* about 10 ms */
	void *params[] = { &cycles };
	CUevent start, stop, untimed, never;
	CUfunction spin;
	CUcontext ctx;
	CUstream s;
	CUmodule m;
	CUdevice dev;
	float ms = -1.0f;
	CUresult r;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&spin, m, "spin"));
	TRY(e2e_stream(&s));

	CHECK_CU(cuEventCreate(&start, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(start);
	CHECK_CU(cuEventCreate(&stop, CU_EVENT_BLOCKING_SYNC), CUDA_SUCCESS);
	e2e_defer_event(stop);
	CHECK_CU(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING),
		 CUDA_SUCCESS);
	e2e_defer_event(untimed);
	CHECK_CU(cuEventCreate(&never, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(never);

	/* An event never recorded has nothing to wait for. */
	CHECK_CU(cuEventQuery(never), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(never), CUDA_SUCCESS);

	CHECK_CU(cuEventRecord(start, s), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(stop, s), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(untimed, s), CUDA_SUCCESS);
	r = cuEventQuery(stop);
	if (e2e_on_stand_in())
		e2e_skip_note("cuEventQuery is never NOT_READY on the CPU "
			      "stand-in, which runs kernels to completion");
	else if (r != CUDA_ERROR_NOT_READY)
		return e2e_fail_cu(__FILE__, __LINE__, "cuEventQuery(stop) "
				   "while spin runs", r,
				   "CUDA_ERROR_NOT_READY");
	CHECK_CU(cuEventSynchronize(stop), CUDA_SUCCESS);
	CHECK_CU(cuEventQuery(stop), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(untimed), CUDA_SUCCESS);

	CHECK_CU(cuEventElapsedTime(&ms, start, stop), CUDA_SUCCESS);
	CHECK(ms >= 0.0f);
	/* Timing needs both events to have it. */
	CHECK_CU(cuEventElapsedTime(&ms, start, untimed),
		 CUDA_ERROR_INVALID_HANDLE);
	/* ...and both to have been recorded. */
	CHECK_CU(cuEventElapsedTime(&ms, start, never),
		 CUDA_ERROR_INVALID_HANDLE);

	CHECK_CU(cuEventDestroy(never), CUDA_SUCCESS);
	e2e_forget((uintptr_t)never);
	return 0;
}
