/*
 * Work the program does not wait for: launches, asynchronous copies and
 * memsets, event records.  oncuda sends these without waiting for a reply
 * (stubs/wire/batch.h), so these tests pin down what a program may rely on:
 * the order of its work, that none is lost, that queued work starts while
 * the program computes on the CPU, and when an error of such a call is
 * reported.  They hold for the real driver too, which may report the
 * error at the call itself.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

#define LAUNCHES 10000

struct counter {
	CUfunction vec_add;
	CUdeviceptr value;	/* one float, incremented by each launch */
	CUdeviceptr one;	/* one float, 1.0 */
	int n;
	void *params[4];
};

static int counter_setup(struct counter *k, CUfunction vec_add)
{
	const unsigned one_bits = 0x3f800000;	/* 1.0f */

	k->vec_add = vec_add;
	k->n = 1;
	TRY(e2e_dalloc(&k->value, sizeof(float)));
	TRY(e2e_dalloc(&k->one, sizeof(float)));
	CHECK_CU(cuMemsetD32(k->value, 0, 1), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(k->one, one_bits, 1), CUDA_SUCCESS);
	/* vec_add(a, b, c, n) with c == a: value += 1. */
	k->params[0] = &k->value;
	k->params[1] = &k->one;
	k->params[2] = &k->value;
	k->params[3] = &k->n;
	return 0;
}

static CUresult counter_step(struct counter *k, CUstream s)
{
	return cuLaunchKernel(k->vec_add, 1, 1, 1, 32, 1, 1, 0, s, k->params,
			      NULL);
}

static int counter_read(const struct counter *k, CUdeviceptr p, float want)
{
	float got = -1;

	CHECK_CU(cuMemcpyDtoH(&got, p, sizeof(got)), CUDA_SUCCESS);
	if (got != want)
		return e2e_fail(__FILE__, __LINE__, "counter is %g, expected "
				"%g", (double)got, (double)want);
	(void)k;
	return 0;
}

static int setup(CUfunction *f, const char *name)
{
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(f, m, name));
	return 0;
}

/* Nothing lost, nothing reordered: among launches, and with the other
 * calls that are not waited for. */
int test_queued_order(void)
{
	const float hundred = 100.0f;
	struct counter k;
	CUdeviceptr copy;
	size_t free_bytes, total;
	CUfunction f;
	int i;

	TRY(setup(&f, "vec_add"));
	TRY(counter_setup(&k, f));
	for (i = 0; i < LAUNCHES; i++) {
		CHECK_CU(counter_step(&k, NULL), CUDA_SUCCESS);
		/* Calls that wait for a reply, amid the queued ones. */
		if (i % 1000 == 999)
			CHECK_CU(cuMemGetInfo(&free_bytes, &total),
				 CUDA_SUCCESS);
	}
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(counter_read(&k, k.value, (float)LAUNCHES));

	TRY(e2e_dalloc(&copy, sizeof(float)));
	CHECK_CU(cuMemsetD32Async(k.value, 0, 1, NULL), CUDA_SUCCESS);
	for (i = 0; i < 3; i++)
		CHECK_CU(counter_step(&k, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(copy, k.value, sizeof(float), NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoDAsync(k.value, &hundred, sizeof(hundred), NULL),
		 CUDA_SUCCESS);
	CHECK_CU(counter_step(&k, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(counter_read(&k, copy, 3.0f));
	TRY(counter_read(&k, k.value, 101.0f));
	return 0;
}

/*
 * The error of a launch the function cannot run (dynamic shared memory
 * past its limit, 48 KiB unless raised, within what the device offers, so
 * that only the server's driver knows): at the launch natively, through
 * oncuda at the next synchronizing call and only there, and once.
 */
#define TOO_SHARED (100u << 10)
int test_queued_errors(void)
{
	unsigned long long count = 64;
	unsigned v = 7;
	CUdeviceptr words;
	void *params[] = { &words, &v, &count };
	size_t free_bytes, total;
	CUdevice dev;
	CUstream s;
	CUfunction f;
	CUresult r;
	float back;

	TRY(setup(&f, "fill_u32"));
	TRY(e2e_dalloc(&words, count * sizeof(unsigned)));
	TRY(e2e_stream(&s));
	r = cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, TOO_SHARED, NULL, params,
			   NULL);
	if (r == CUDA_ERROR_INVALID_VALUE) {
		e2e_skip_note("the driver refuses the launch at the call");
		return 0;
	}
	CHECK_EQ(r, CUDA_SUCCESS);
	/* Not before: these calls do not synchronize. */
	CHECK_CU(cuCtxGetDevice(&dev), CUDA_SUCCESS);
	CHECK_CU(cuMemGetInfo(&free_bytes, &total), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_INVALID_VALUE);
	/* Not twice, and the context still works. */
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);

	/* The first of two errors, then nothing. */
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, TOO_SHARED, s, params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 2 * TOO_SHARED, s,
				params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamQuery(s), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuStreamQuery(s), CUDA_SUCCESS);

	/* A synchronous copy waits for queued work: it reports too. */
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, TOO_SHARED, NULL, params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(&back, words, sizeof(back)),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpyDtoH(&back, words, sizeof(back)), CUDA_SUCCESS);

	/* A function the server never gave out, the arguments in a buffer
	 * (remote only: a driver may crash on a made-up handle). */
	if (getenv("ONCUDA_TEST_REMOTE") != NULL &&
	    strcmp(getenv("ONCUDA_TEST_REMOTE"), "1") == 0) {
		size_t none = 0;
		void *extra[] = { CU_LAUNCH_PARAM_BUFFER_SIZE, &none,
				  CU_LAUNCH_PARAM_END };

		CHECK_CU(cuLaunchKernel((CUfunction)(uintptr_t)0x1234, 1, 1, 1,
					1, 1, 1, 0, NULL, NULL, extra),
			 CUDA_SUCCESS);
		CHECK_CU(cuMemGetInfo(&free_bytes, &total), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_INVALID_HANDLE);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	}

	/* What the client can see for itself stays immediate. */
	CHECK_CU(cuLaunchKernel(f, 1, 1, 0, 64, 1, 1, 0, NULL, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU2(cuEventRecord(NULL, NULL), CUDA_ERROR_INVALID_HANDLE,
		  CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * A launch, then CPU work with no CUDA call, then a query: the kernel ran
 * meanwhile, as it does natively.  Had the launch waited in oncuda's send
 * buffer for the next call, the query would find it just started.
 */
int test_queued_start(void)
{
	unsigned long long cycles = 20000000;	/* about 10 ms on an H200 */
	void *params[] = { &cycles };
	volatile unsigned long spins = 0;
	CUfunction spin;
	CUstream s;
	double until;

	TRY(setup(&spin, "spin"));
	TRY(e2e_stream(&s));
	if (e2e_on_stand_in())
		e2e_skip_note("the stand-in runs kernels at once; "
			      "tests/batch/check.sh times the delay there");
	CHECK_CU(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	for (until = now_seconds() + 0.3; now_seconds() < until;)
		spins++;
	CHECK_CU(cuStreamQuery(s), CUDA_SUCCESS);
	return 0;
}

struct launcher {
	struct counter k;
	CUcontext ctx;
	CUstream s;
	int rc;
};

static int launch_many(struct launcher *l)
{
	int i;

	CHECK_CU(cuCtxSetCurrent(l->ctx), CUDA_SUCCESS);
	for (i = 0; i < LAUNCHES / 5; i++)
		CHECK_CU(counter_step(&l->k, l->s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(l->s), CUDA_SUCCESS);
	return 0;
}

static void *launcher_main(void *arg)
{
	struct launcher *l = arg;

	l->rc = launch_many(l);
	return NULL;
}

/* Two threads, each launching on a stream of its own, at once. */
int test_queued_threads(void)
{
	struct launcher l[2];
	pthread_t t[2];
	CUfunction f;
	int i;

	TRY(setup(&f, "vec_add"));
	memset(l, 0, sizeof(l));
	for (i = 0; i < 2; i++) {
		TRY(counter_setup(&l[i].k, f));
		TRY(e2e_stream(&l[i].s));
		CHECK_CU(cuCtxGetCurrent(&l[i].ctx), CUDA_SUCCESS);
	}
	for (i = 0; i < 2; i++)
		CHECK(pthread_create(&t[i], NULL, launcher_main, &l[i]) == 0);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < 2; i++) {
		if (l[i].rc != 0)
			return -1;
		TRY(counter_read(&l[i].k, l[i].k.value,
				 (float)(LAUNCHES / 5)));
	}
	return 0;
}
