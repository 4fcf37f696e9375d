/*
 * Managed memory used beside a stream that stays busy: a kernel spins on
 * one stream while the program, on another, has a kernel fill a managed
 * buffer, waits for its own stream, reads the buffer, writes two inputs
 * and launches a kernel that adds them, waits again and reads the sum.
 * Natively the spinning stream is NOT_READY all along: cuStreamSynchronize
 * waits for its stream alone, and a launch for nothing.
 *
 * Through oncuda the waits pull the kernels' bytes and the launch pushes
 * the program's, and the server reads and writes managed memory with the
 * copy engine on a non-blocking stream of its own
 * (server/copy/managed_copy.h).  Both streams here are blocking ones, so
 * copies on the legacy stream would wait for the spinning kernel: the
 * waits and the launch would take as long as the spin, and the busy
 * stream would be done when the test asks.  The buffers are attached to
 * the program's stream, so its host accesses are allowed while the other
 * stream runs even where CONCURRENT_MANAGED_ACCESS is 0 (as oncuda says).
 * The stand-in runs kernels at once: there only the bytes are checked.
 *
 * The spinning kernel waits on an event recorded after the fill, so the
 * fill has the GPU first, the way a program's own work comes before a
 * long kernel it queues behind it.
 *
 * managed_busy_full does it with buffers of 4 MiB, past the size from
 * which the server finds the GPU's changes with a hashing kernel of its
 * own (server/copy/managed_hash.h), and with the spinning kernel holding
 * every multiprocessor: the hashing kernel would wait for it, so the
 * server reads the memory through the copy engine while a stream of the
 * program's is busy.  The add kernel then waits for multiprocessors
 * natively too, so the last wait is not checked there.  (Without the
 * event the fill itself waited for the spin's blocks on the H200, natively
 * as through oncuda, and the test failed both ways.)
 */
#include <stdbool.h>
#include <stdint.h>

#include "check.h"


/* The spinning stream is still busy, where the GPU is a real one. */
static int still_busy(CUstream busy, const char *after)
{
	CUresult r = cuStreamQuery(busy);

	if (e2e_on_stand_in())
		return 0;
	if (r != CUDA_ERROR_NOT_READY)
		return e2e_fail(__FILE__, __LINE__, "%s, the other stream's "
				"spinning kernel is over (cuStreamQuery %d): "
				"the call waited for it", after, (int)r);
	return 0;
}

static int managed_buffer(CUdeviceptr *p, unsigned N, CUstream s)
{
	CHECK_CU(cuMemAllocManaged(p, N * sizeof(float), CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	e2e_defer_mem(*p);
	CHECK_CU(cuStreamAttachMemAsync(s, *p, 0, CU_MEM_ATTACH_SINGLE),
		 CUDA_SUCCESS);
	return 0;
}

/* N floats a buffer, the spinning kernel in spin_blocks blocks; holds_gpu
 * when those blocks leave no multiprocessor free. */
static int busy_beside(unsigned N, unsigned spin_blocks, bool holds_gpu)
{
	unsigned long long cycles = 2000000000ull;	/* about 1 s on an H200 */
	void *spin_params[] = { &cycles };
	CUdeviceptr a, b, c;
	CUfunction spin, fill, add;
	CUstream busy, mine;
	CUevent filled;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	float *fa, *fb, *fc;
	unsigned i;
	int ready, n = (int)N;
	void *add_params[] = { &a, &b, &c, &n };

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&spin, m, "spin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	TRY(e2e_get_function(&add, m, "vec_add"));
	CHECK_CU(cuStreamCreate(&busy, CU_STREAM_DEFAULT), CUDA_SUCCESS);
	e2e_defer_stream(busy);
	CHECK_CU(cuStreamCreate(&mine, CU_STREAM_DEFAULT), CUDA_SUCCESS);
	e2e_defer_stream(mine);
	TRY(managed_buffer(&a, N, mine));
	TRY(managed_buffer(&b, N, mine));
	TRY(managed_buffer(&c, N, mine));
	CHECK_CU(cuStreamSynchronize(mine), CUDA_SUCCESS);
	fa = (float *)(uintptr_t)a;
	fb = (float *)(uintptr_t)b;
	fc = (float *)(uintptr_t)c;
	if (e2e_on_stand_in())
		e2e_skip_note("the stand-in runs kernels at once: only the "
			      "bytes are checked");

	CHECK_CU(cuEventCreate(&filled, CU_EVENT_DISABLE_TIMING),
		 CUDA_SUCCESS);
	e2e_defer_event(filled);
	TRY(e2e_fill_u32(fill, c, 0x3f800000u, N, mine));	/* 1.0f */
	CHECK_CU(cuEventRecord(filled, mine), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(busy, filled, 0), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(spin, spin_blocks, 1, 1, 1, 1, 1, 0, busy,
				spin_params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(mine), CUDA_SUCCESS);
	TRY(still_busy(busy, "after cuStreamSynchronize of the other stream"));
	for (i = 0; i < N; i++)
		if (fc[i] != 1.0f)
			return e2e_fail(__FILE__, __LINE__, "c[%u] is %g after "
					"the fill, expected 1", i, fc[i]);

	for (i = 0; i < N; i++) {
		fa[i] = (float)i;
		fb[i] = (float)(2 * i);
	}
	CHECK_CU(cuLaunchKernel(add, N / 256, 1, 1, 256, 1, 1, 0, mine,
				add_params, NULL), CUDA_SUCCESS);
	TRY(still_busy(busy, "after a launch on the other stream"));
	CHECK_CU(cuStreamSynchronize(mine), CUDA_SUCCESS);
	if (!holds_gpu)
		TRY(still_busy(busy, "after the second cuStreamSynchronize"));
	for (i = 0; i < N; i++)
		if (fc[i] != (float)(3 * i))
			return e2e_fail(__FILE__, __LINE__, "c[%u] is %g, "
					"expected %u", i, fc[i], 3 * i);
	CHECK_CU(cuStreamSynchronize(busy), CUDA_SUCCESS);
	return 0;
}

int test_managed_busy(void)
{
	return busy_beside(4096, 1, false);
}

int test_managed_busy_full(void)
{
	CUdevice dev;
	int sms = 0;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&sms,
	    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
	/* 64 blocks a multiprocessor: more than one can hold at once (32
	 * on sm_90), so none is left free while the first ones spin. */
	return busy_beside(1u << 20, (unsigned)sms * 64, true);
}
