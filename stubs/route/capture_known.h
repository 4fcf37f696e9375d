/*
 * capture_known.h -- the captures this process began and has not seen end
 * (capture_known.c): which streams may be capturing, so that "is this
 * stream capturing?" can be answered without a round trip while none is
 * under way, and which thread began each in which mode, so that the
 * server's one thread can judge each client thread's calls as the driver
 * would judge them on that thread.
 *
 * A capture begins only with cuStreamBeginCapture* on its origin stream,
 * and other streams join it only by waiting on an event of a capturing
 * stream, so while no begun capture is unfinished no stream captures.
 *
 * Capture modes.  While a capture is under way the driver refuses
 * "potentially unsafe" calls (cuMemAlloc, cuModuleUnload, a synchronize,
 * ...) with CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, depending on the
 * calling thread's mode (cuThreadExchangeStreamCaptureMode) and on which
 * thread began which capture in which mode: a thread in relaxed mode is
 * never refused; otherwise its own captures that are not relaxed refuse
 * it, and another thread's only when both that capture and this thread
 * are global.  The server runs every call of the session on one thread,
 * which began every capture; so before a client thread's call the server
 * thread's mode is set to the one under which the driver refuses exactly
 * what it would refuse that client thread (capture_known_server_mode).
 */
#ifndef ONCUDA_CAPTURE_KNOWN_H
#define ONCUDA_CAPTURE_KNOWN_H

#include <stdbool.h>

#include <cuda.h>

#include "gen/cuda_rpc.h"

/* Before a begin in mode is sent by the calling thread: stream (the
 * server's value) of server may capture from now.  false: no memory to
 * record it (the begin is not to be sent). */
bool capture_known_begun(unsigned server, cu_handle stream,
    CUstreamCaptureMode mode);

/* The capture that began on stream is over: the begin failed, the end
 * ended it, or the server said the stream is not capturing. */
void capture_known_ended(unsigned server, cu_handle stream);

/* No capture begun in this process is unfinished. */
bool capture_known_none(void);

/* cuThreadExchangeStreamCaptureMode for the calling thread: *mode
 * becomes its mode and *mode the one before. */
CUresult capture_known_exchange_mode(CUstreamCaptureMode *mode);

/* The mode server's thread needs for the calling thread's next call. */
CUstreamCaptureMode capture_known_server_mode(unsigned server);

#endif
