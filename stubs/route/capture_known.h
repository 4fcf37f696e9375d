/*
 * capture_known.h -- which streams of this process may be capturing
 * (capture_known.c), so that "is this stream capturing?" can be answered
 * without a round trip while no capture is under way anywhere.
 *
 * A capture begins only with cuStreamBeginCapture* on its origin stream,
 * and other streams join it only by waiting on an event of a capturing
 * stream, so while no begun capture is unfinished no stream captures.
 */
#ifndef ONCUDA_CAPTURE_KNOWN_H
#define ONCUDA_CAPTURE_KNOWN_H

#include <stdbool.h>

#include "gen/cuda_rpc.h"

/* Before a begin is sent: stream (the server's value) of server may capture
 * from now.  false: no memory to record it (the begin is not to be sent). */
bool capture_known_begun(unsigned server, cu_handle stream);

/* The capture that began on stream is over: the begin failed, the end
 * ended it, or the server said the stream is not capturing. */
void capture_known_ended(unsigned server, cu_handle stream);

/* No capture begun in this process is unfinished. */
bool capture_known_none(void);

#endif
