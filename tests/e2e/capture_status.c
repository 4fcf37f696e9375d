/*
 * The capture status of the streams PyTorch asks about every step (the
 * NULL stream, CU_STREAM_LEGACY, CU_STREAM_PER_THREAD): oncuda answers it
 * in the client while no capture it began is unfinished
 * (stubs/route/capture_known.h).  These tests check the answer before,
 * during and after captures, also captures that end badly or that another
 * stream joins, where the client must ask the server again.
 */
#include <stdint.h>

#include "check.h"

/* The three streams valid whenever a context is current, all NONE. */
static int none_on_default_streams(void)
{
	CUstream named[] = { NULL, CU_STREAM_LEGACY, CU_STREAM_PER_THREAD };
	CUstreamCaptureStatus status;
	cuuint64_t id;

	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
		status = CU_STREAM_CAPTURE_STATUS_ACTIVE;
		CHECK_CU(cuStreamIsCapturing(named[i], &status), CUDA_SUCCESS);
		CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);
		status = CU_STREAM_CAPTURE_STATUS_ACTIVE;
		CHECK_CU(cuStreamGetCaptureInfo(named[i], &status, &id, NULL,
						NULL, NULL, NULL), CUDA_SUCCESS);
		CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);
	}
	CHECK_CU(cuStreamIsCapturing(NULL, NULL), CUDA_ERROR_INVALID_VALUE);
	return 0;
}

/* While blocking stream s captures, the legacy stream reports it. */
static int legacy_sees_capture(void)
{
	CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;

	CHECK_CU(cuStreamIsCapturing(NULL, &status),
		 CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
	CHECK_CU(cuStreamIsCapturing(CU_STREAM_LEGACY, &status),
		 CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
	CHECK_CU(cuStreamGetCaptureInfo(NULL, &status, NULL, NULL, NULL, NULL,
					NULL), CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
	return 0;
}

int test_capture_status_known(void)
{
	CUstreamCaptureStatus status;
	CUgraph graph = NULL;
	CUstream s, joined;
	CUcontext ctx;
	CUdevice dev;
	CUevent fork, join;

	TRY(e2e_primary_ctx(&dev, &ctx));
	/* Blocking streams: the legacy stream waits for them. */
	CHECK_CU(cuStreamCreate(&s, CU_STREAM_DEFAULT), CUDA_SUCCESS);
	e2e_defer_stream(s);
	CHECK_CU(cuStreamCreate(&joined, CU_STREAM_DEFAULT), CUDA_SUCCESS);
	e2e_defer_stream(joined);
	CHECK_CU(cuEventCreate(&fork, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	e2e_defer_event(fork);
	CHECK_CU(cuEventCreate(&join, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	e2e_defer_event(join);
	TRY(none_on_default_streams());

	/* A capture, relaxed so that asking about the legacy stream is legal. */
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED),
		 CUDA_SUCCESS);
	TRY(legacy_sees_capture());
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	/* Another stream joins by waiting on the capture's event. */
	CHECK_CU(cuEventRecord(fork, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(joined, fork, 0), CUDA_SUCCESS);
	CHECK_CU(cuStreamIsCapturing(joined, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CHECK_CU(cuEventRecord(join, joined), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(s, join, 0), CUDA_SUCCESS);
	/*
	 * Ending it on a stream that did not begin it ends nothing, but (as
	 * the driver does, seen on the H200) invalidates it: the origin's end
	 * then ends it with that error and no graph.
	 */
	CHECK(cuStreamEndCapture(joined, &graph) != CUDA_SUCCESS);
	TRY(legacy_sees_capture());
	CHECK_CU(cuStreamEndCapture(s, &graph),
		 CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	TRY(none_on_default_streams());
	CHECK_CU(cuStreamIsCapturing(joined, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);

	/* A capture that fails to begin leaves nothing capturing. */
	CHECK(cuStreamBeginCapture(NULL, CU_STREAM_CAPTURE_MODE_RELAXED) !=
	      CUDA_SUCCESS);
	TRY(none_on_default_streams());

	/* One invalidated (a synchronizing call in a global capture), then
	 * ended: over too. */
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_INVALIDATED);
	CHECK_CU(cuStreamEndCapture(s, &graph),
		 CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	TRY(none_on_default_streams());
	return 0;
}
