/*
 * server/session/capture.c -- copies with a host side and stream capture.
 *
 * A capture is the driver's: the calls the client sends one-way reach the
 * driver on the captured stream and become nodes there.  Only a copy whose
 * host side is a buffer of the server (staging slots, the upload pool, a
 * decoded message, the same-host area) cannot be captured, because a
 * replay would read or write that buffer long after it was reused; such a
 * copy invalidates the capture instead.  Until the session begins its
 * first capture no stream can be capturing (a capture starts only with
 * cuStreamBeginCapture, and other streams join it only by waiting on its
 * events), so the copy paths ask the driver nothing until then.
 */
#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "server/session/capture.h"
#include "server/session/log.h"

/* Whether this session has begun a capture (see the head of the file). */
static bool capture_begun;

void capture_note_begun(void)
{
	capture_begun = true;
}

CUresult capture_refuse_host_copy(cu_handle stream, const char *call)
{
	CUstreamCaptureStatus status;
	CUstream s = (CUstream)(uintptr_t)stream;

	if (!capture_begun)
		return CUDA_SUCCESS;
	if (cuStreamIsCapturing(s, &status) != CUDA_SUCCESS ||
	    status != CU_STREAM_CAPTURE_STATUS_ACTIVE)
		return CUDA_SUCCESS;
	/*
	 * Querying a capturing stream is illegal in every capture mode: the
	 * driver answers CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED and
	 * invalidates the capture, which is what the program must see.
	 */
	(void)cuStreamQuery(s);
	log_msg(LOG_INFO, "%s into a capturing stream refused: a replay "
	    "would use a host buffer of the server's", call);
	return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}
