/*
 * server/session/capture.h -- whether a copy may use a host buffer of the
 * server on a stream that may be capturing (capture.c).
 */
#ifndef ONCUDA_SERVER_CAPTURE_H
#define ONCUDA_SERVER_CAPTURE_H

#include <cuda.h>

#include "gen/cuda_names.h"

/* The session is about to begin a capture (cuStreamBeginCapture). */
void capture_note_begun(void);

/*
 * CUDA_SUCCESS unless stream is being captured, in which case a copy
 * between device memory and one of the server's host buffers must not be
 * queued on it: the capture is invalidated (as an illegal call during a
 * capture invalidates it natively) and the answer is
 * CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED.  call names the entry point for
 * the log.
 */
CUresult capture_refuse_host_copy(cu_handle stream, const char *call);

#endif
