/*
 * Events made in numbers, as a training loop makes them: each a new event
 * whatever the flags, one that nothing recorded, that works where it was
 * made, and that destroying leaves no error behind; the same in a context
 * made and destroyed around them, and from several threads at once.
 * Through oncuda most come from the events the server made ahead
 * (stubs/context/event_ahead.h); tests/batch/check.sh counts the round
 * trips of this test in the client's trace.  test_events_ahead_primary,
 * in a process of its own, does the same across the primary context's last
 * release and its reset, after which the driver gives the same handle back
 * for a context whose events are gone.
 */
#include <pthread.h>
#include <string.h>

#include "check.h"

#define PER_FLAGS 40		/* the trace check counts on this */
#define THREADS 4
#define PER_THREAD 60

static const unsigned int flag_sets[] = {
	CU_EVENT_DEFAULT, CU_EVENT_BLOCKING_SYNC, CU_EVENT_DISABLE_TIMING,
	CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING,
};
#define FLAG_SETS (sizeof(flag_sets) / sizeof(flag_sets[0]))

/* Whether e appears among the n events of made. */
static int seen(const CUevent *made, int n, CUevent e)
{
	for (int i = 0; i < n; i++) {
		if (made[i] == e)
			return 1;
	}
	return 0;
}

/* Makes n events of flags on s: each new, unrecorded, recordable; timed
 * ones time, untimed ones refuse to.  Destroys them all. */
static int make_and_use(unsigned int flags, int n, CUstream s)
{
	CUevent made[PER_FLAGS];
	float ms;

	if (n > PER_FLAGS)
		return e2e_fail(__FILE__, __LINE__, "%d events asked", n);
	for (int i = 0; i < n; i++) {
		CUevent e = NULL;

		CHECK_CU(cuEventCreate(&e, flags), CUDA_SUCCESS);
		CHECK(e != NULL && !seen(made, i, e));
		made[i] = e;
		CHECK_CU(cuEventQuery(e), CUDA_SUCCESS);
	}
	for (int i = 0; i < n; i++)
		CHECK_CU(cuEventRecord(made[i], s), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(made[n - 1]), CUDA_SUCCESS);
	CHECK_CU(cuEventElapsedTime(&ms, made[0], made[n - 1]),
		 (flags & CU_EVENT_DISABLE_TIMING) != 0 ?
		 CUDA_ERROR_INVALID_HANDLE : CUDA_SUCCESS);
	for (int i = 0; i < n; i++)
		CHECK_CU(cuEventDestroy(made[i]), CUDA_SUCCESS);
	/* The destroys left no error for the next synchronizing call. */
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

/* Events in a context of its own, made current, then destroyed: it goes
 * with whatever was made for it ahead, leaving no error behind. */
static int in_own_context(CUdevice dev, CUcontext primary)
{
	CUcontext own, popped;
	CUevent e;

	for (int round = 0; round < 2; round++) {
		CHECK_CU(cuCtxCreate(&own, NULL, 0, dev), CUDA_SUCCESS);
		e2e_defer_ctx(own);
		TRY(make_and_use(CU_EVENT_DEFAULT, 3, NULL));
		/* One kept in hand across the destroy, as a program may. */
		CHECK_CU(cuEventCreate(&e, CU_EVENT_DEFAULT), CUDA_SUCCESS);
		CHECK_CU(cuCtxDestroy(own), CUDA_SUCCESS);
		e2e_forget((uintptr_t)own);
		CHECK_CU2(cuCtxGetCurrent(&popped), CUDA_SUCCESS,
			  CUDA_ERROR_INVALID_CONTEXT);
		CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		/* The primary context's events are its own, not the dead one's. */
		TRY(make_and_use(CU_EVENT_DEFAULT, 3, NULL));
	}
	return 0;
}

struct worker {
	CUcontext ctx;
	int failed;
};

static void *worker_run(void *arg)
{
	struct worker *w = arg;

	if (cuCtxSetCurrent(w->ctx) != CUDA_SUCCESS) {
		w->failed = 1;
		return NULL;
	}
	for (int i = 0; i < PER_THREAD / 10 && !w->failed; i++)
		w->failed = make_and_use(flag_sets[i % FLAG_SETS], 10, NULL);
	return NULL;
}

int test_events_ahead(void)
{
	struct worker workers[THREADS];
	pthread_t threads[THREADS];
	CUcontext ctx;
	CUevent e;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	for (unsigned int f = 0; f < FLAG_SETS; f++)
		TRY(make_and_use(flag_sets[f], PER_FLAGS, s));

	CHECK_CU(cuEventCreate(NULL, CU_EVENT_DEFAULT),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuEventDestroy(NULL), CUDA_ERROR_INVALID_HANDLE);
	/* A second destroy names an event that is gone: refused at the call
	 * or, oncuda's destroy being one-way, at the next synchronize. */
	CHECK_CU(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	CHECK_CU(cuEventDestroy(e), CUDA_SUCCESS);
	CHECK_CU_ASYNC(cuEventDestroy(e), CUDA_ERROR_INVALID_HANDLE);

	TRY(in_own_context(dev, ctx));

	memset(workers, 0, sizeof(workers));
	for (int i = 0; i < THREADS; i++) {
		workers[i].ctx = ctx;
		CHECK(pthread_create(&threads[i], NULL, worker_run,
				     &workers[i]) == 0);
	}
	for (int i = 0; i < THREADS; i++)
		pthread_join(threads[i], NULL);
	for (int i = 0; i < THREADS; i++)
		CHECK(!workers[i].failed);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

int test_events_ahead_primary(void)
{
	CUcontext ctx, again;
	CUdevice dev;
	CUevent e;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	for (int round = 0; round < 2; round++) {
		CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, dev), CUDA_SUCCESS);
		CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
		/* One made and kept, so that more were made for later. */
		CHECK_CU(cuEventCreate(&e, CU_EVENT_DISABLE_TIMING),
			 CUDA_SUCCESS);
		TRY(make_and_use(CU_EVENT_DISABLE_TIMING, 3, NULL));
		if (round == 0) {
			/* The last release destroys the context. */
			CHECK_CU(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
			CHECK_CU(cuDevicePrimaryCtxRetain(&again, dev),
				 CUDA_SUCCESS);
			CHECK_CU(cuCtxSetCurrent(again), CUDA_SUCCESS);
		} else {
			CHECK_CU(cuDevicePrimaryCtxReset(dev), CUDA_SUCCESS);
			CHECK_CU(cuDevicePrimaryCtxRetain(&again, dev),
				 CUDA_SUCCESS);
			CHECK_CU(cuCtxSetCurrent(again), CUDA_SUCCESS);
		}
		/* Events of the context now, none of the one that died. */
		TRY(make_and_use(CU_EVENT_DISABLE_TIMING, 10, NULL));
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		/* The reset may have ended the references (the stand-in's
		 * does): one release is right either way, and this process
		 * ends with the test. */
		CHECK_CU(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
	}
	return 0;
}
