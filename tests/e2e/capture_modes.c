/*
 * Capture modes across threads (cuThreadExchangeStreamCaptureMode and the
 * mode given to cuStreamBeginCapture).  While one thread captures, the
 * driver refuses "potentially unsafe" calls (here cuMemAlloc) of another
 * thread only when the capture is global and the other thread is in
 * global mode; a thread-local capture refuses its own thread's alone.
 * XLA captures thread-local while its autotuner unloads modules and
 * synchronizes on other threads.  Through oncuda the server makes every
 * call of the session on one thread, which must still judge each client
 * thread's calls as the driver would judge that thread's.
 */
#include <pthread.h>
#include <stdbool.h>

#include "check.h"

struct other {
	CUcontext ctx;
	bool relaxed;		/* the thread makes its mode relaxed first */
	CUresult alloc;		/* what its cuMemAlloc returned */
	int rc;
};

/* Another thread: an allocation while the first thread captures. */
static int other_thread(struct other *o)
{
	CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
	CUdeviceptr p = 0;

	CHECK_CU(cuCtxSetCurrent(o->ctx), CUDA_SUCCESS);
	if (o->relaxed) {
		/* Each thread starts global, whatever another chose. */
		CHECK_CU(cuThreadExchangeStreamCaptureMode(&mode),
			 CUDA_SUCCESS);
		CHECK_EQ(mode, CU_STREAM_CAPTURE_MODE_GLOBAL);
	}
	o->alloc = cuMemAlloc(&p, 4096);
	if (o->alloc == CUDA_SUCCESS)
		CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	return 0;
}

static void *other_main(void *arg)
{
	struct other *o = arg;

	o->rc = other_thread(o);
	return NULL;
}

/* Begins a capture in mode on s, queues a memset, runs the other thread
 * and ends the capture: *alloc the other thread's allocation, *end the
 * end's result. */
static int capture_beside(CUstream s, CUdeviceptr d, CUcontext ctx,
			  CUstreamCaptureMode mode, bool relaxed,
			  CUresult *alloc, CUresult *end)
{
	struct other o = { .ctx = ctx, .relaxed = relaxed };
	CUgraph g = NULL;
	pthread_t t;

	CHECK_CU(cuStreamBeginCapture(s, mode), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(d, 7, 16, s), CUDA_SUCCESS);
	CHECK(pthread_create(&t, NULL, other_main, &o) == 0);
	pthread_join(t, NULL);
	if (o.rc != 0)
		return -1;
	*alloc = o.alloc;
	*end = cuStreamEndCapture(s, &g);
	if (g != NULL)
		CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);
	return 0;
}

int test_capture_thread_modes(void)
{
	CUstreamCaptureMode mode;
	CUresult alloc, end;
	CUdeviceptr d, p;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	CUgraph g;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&d, 4096));

	/* Thread-local: the other thread allocates, the capture goes on. */
	TRY(capture_beside(s, d, ctx, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
			   false, &alloc, &end));
	CHECK_CU(alloc, CUDA_SUCCESS);
	CHECK_CU(end, CUDA_SUCCESS);

	/* Global: refused, and the capture with it. */
	TRY(capture_beside(s, d, ctx, CU_STREAM_CAPTURE_MODE_GLOBAL, false,
			   &alloc, &end));
	CHECK_CU(alloc, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	CHECK_CU(end, CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);

	/* Global, but the other thread relaxed. */
	TRY(capture_beside(s, d, ctx, CU_STREAM_CAPTURE_MODE_GLOBAL, true,
			   &alloc, &end));
	CHECK_CU(alloc, CUDA_SUCCESS);
	CHECK_CU(end, CUDA_SUCCESS);

	/* Relaxed: nobody is refused. */
	TRY(capture_beside(s, d, ctx, CU_STREAM_CAPTURE_MODE_RELAXED, false,
			   &alloc, &end));
	CHECK_CU(alloc, CUDA_SUCCESS);
	CHECK_CU(end, CUDA_SUCCESS);

	/* The thread's own thread-local capture refuses it. */
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&p, 4096), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	CHECK_CU(cuStreamEndCapture(s, &g),
		 CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);

	/* Unless this thread is relaxed; its mode is its own to keep. */
	mode = CU_STREAM_CAPTURE_MODE_RELAXED;
	CHECK_CU(cuThreadExchangeStreamCaptureMode(&mode), CUDA_SUCCESS);
	CHECK_EQ(mode, CU_STREAM_CAPTURE_MODE_GLOBAL);
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
		 CUDA_SUCCESS);
	alloc = cuMemAlloc(&p, 4096);
	mode = CU_STREAM_CAPTURE_MODE_GLOBAL;
	CHECK_CU(cuThreadExchangeStreamCaptureMode(&mode), CUDA_SUCCESS);
	CHECK_EQ(mode, CU_STREAM_CAPTURE_MODE_RELAXED);
	CHECK_CU(alloc, CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	CHECK_CU(cuStreamEndCapture(s, &g),
		 CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);

	return 0;
}
