/*
 * thread_stream.h -- each client thread's per-thread default stream.
 *
 * With the driver, CU_STREAM_PER_THREAD (and the NULL stream of the _ptsz
 * and _ptds entry points) names the calling thread's own default stream
 * in its current context: work on it is ordered after the thread's earlier
 * work on it, runs concurrently with other threads' default streams, and
 * synchronizes with the legacy NULL stream as a blocking stream does.  The
 * server makes a session's calls on few threads, so its driver's
 * CU_STREAM_PER_THREAD would be one stream shared by all client threads.
 *
 * So the client stands in for it: the first time a thread names
 * CU_STREAM_PER_THREAD in a context, it creates there a stream with flags
 * 0 (CU_STREAM_DEFAULT), which has exactly the per-thread stream's
 * relation to the legacy stream, keeps it for that thread and context, and
 * sends it wherever the thread named CU_STREAM_PER_THREAD.  One round trip
 * per thread and context; none per call.  The stream is destroyed when its
 * thread exits, and forgotten (the server destroyed it) when its context
 * goes away.
 */
#ifndef ONCUDA_THREAD_STREAM_H
#define ONCUDA_THREAD_STREAM_H

#include <cuda.h>

/*
 * When *h is CU_STREAM_PER_THREAD, replaces it with the calling thread's
 * per-thread stream in its current context, made there now if need be;
 * any other stream is left as it is.  The error of making it, or
 * CUDA_ERROR_INVALID_CONTEXT when the thread has no current context.
 */
CUresult thread_stream(CUstream *h);

/* The _ptsz and _ptds entry points: their NULL stream is the thread's. */
static inline CUstream thread_stream_null(CUstream h)
{
	return h == NULL ? CU_STREAM_PER_THREAD : h;
}

/*
 * Contexts of server went away: ctx, or, when ctx is NULL, any of that
 * server's (a primary context's last release or reset).  Their streams
 * died with them; the threads make new ones when they name
 * CU_STREAM_PER_THREAD again.  Under that server's connection lock.
 */
void thread_stream_forget(unsigned server, CUcontext ctx);

#endif
