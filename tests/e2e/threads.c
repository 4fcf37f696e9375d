/*
 * Two threads, each with a context of its own current, working at once.
 * The current context belongs to the calling thread, so a forwarder that
 * keeps one "current context" per process mixes their work up.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define ROUNDS	50
#define WORDS	4096

struct worker {
	unsigned id;
	CUdevice dev;
	int rc;
};

static int work(struct worker *w)
{
	unsigned *pattern = e2e_malloc(WORDS * sizeof(unsigned));
	unsigned *back = e2e_malloc(WORDS * sizeof(unsigned));
	CUcontext ctx = NULL, current = NULL;
	unsigned long long half = WORDS / 2;
	CUdeviceptr p = 0;
	CUmodule m;
	CUfunction fill;
	unsigned round, v, i;
	void *params[] = { &p, &v, &half };

	CHECK_CU(cuCtxCreate(&ctx, NULL, 0, w->dev), CUDA_SUCCESS);
	e2e_defer_ctx(ctx);
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));

	for (round = 0; round < ROUNDS; round++) {
		CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
		CHECK(current == ctx);
		/* Memory freed at the end of each round: the context's
		 * destruction frees it if a check returns early. */
		CHECK_CU(cuMemAlloc(&p, WORDS * sizeof(unsigned)),
			 CUDA_SUCCESS);
		e2e_fill_random(pattern, WORDS * sizeof(unsigned),
				w->id * 1000 + round + 1);
		CHECK_CU(cuMemcpyHtoD(p, pattern, WORDS * sizeof(unsigned)),
			 CUDA_SUCCESS);
		/* Fill the first half with a value naming thread and round. */
		v = w->id << 24 | round;
		CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 64, 1, 1, 0, NULL,
					params, NULL), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		CHECK_CU(cuMemcpyDtoH(back, p, WORDS * sizeof(unsigned)),
			 CUDA_SUCCESS);
		for (i = 0; i < half; i++)
			if (back[i] != v)
				return e2e_fail(__FILE__, __LINE__, "thread "
						"%u round %u: word %u is 0x%x, "
						"expected 0x%x", w->id, round,
						i, back[i], v);
		CHECK_MEM(back + half, pattern + half,
			  (WORDS - half) * sizeof(unsigned));
		CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	}
	/* Leave this thread's stack empty; the runner destroys ctx. */
	CHECK_CU(cuCtxPopCurrent(&current), CUDA_SUCCESS);
	CHECK(current == ctx);
	return 0;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;

	w->rc = work(w);
	return NULL;
}

int test_threads(void)
{
	struct worker w[2];
	pthread_t t[2];
	CUcontext current = (CUcontext)(uintptr_t)1;
	CUdevice dev;
	int i, started = 0;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	for (i = 0; i < 2; i++) {
		w[i] = (struct worker){ .id = (unsigned)i + 1, .dev = dev };
		if (pthread_create(&t[i], NULL, worker_main, &w[i]) != 0)
			break;
		started++;
	}
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	CHECK(started == 2);
	for (i = 0; i < 2; i++)
		if (w[i].rc != 0)
			return -1;	/* the worker recorded why */
	/* Nothing the workers made current leaked into this thread. */
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == NULL);
	return 0;
}
