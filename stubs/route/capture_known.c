/*
 * capture_known.c -- the captures this process began and has not seen
 * end, and each thread's capture mode (capture_known.h).
 *
 * A list, with a stream once per begin: programs capture on a few streams
 * at a time.  An end that fails for a reason that may leave the capture
 * going keeps its stream here until the server says the stream is not
 * capturing; a stream destroyed while capturing stays for good.  Either
 * costs round trips, and a capture kept too long may make the server's
 * thread refuse what the driver would refuse only while it ran.
 *
 * A thread is named by pthread_self(): a capture its thread left unended
 * at its exit would count as the capture of a later thread given the
 * same identifier, as a leaked capture would hold up that thread natively.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "stubs/route/capture_known.h"

struct origin {
	unsigned server;
	cu_handle stream;
	CUstreamCaptureMode mode;
	pthread_t thread;	/* the one that began it */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct origin *origins;
static size_t count, room;
static atomic_size_t unfinished;	/* count, read without the lock */

/* The driver's default for every thread. */
static _Thread_local CUstreamCaptureMode thread_mode =
    CU_STREAM_CAPTURE_MODE_GLOBAL;

bool capture_known_begun(unsigned server, cu_handle stream,
    CUstreamCaptureMode mode)
{
	bool kept = true;

	pthread_mutex_lock(&lock);
	if (count == room) {
		size_t more = room ? 2 * room : 8;
		struct origin *grown = realloc(origins, more * sizeof *grown);

		if (grown == NULL)
			kept = false;
		else {
			origins = grown;
			room = more;
		}
	}
	if (kept) {
		origins[count++] = (struct origin){ server, stream, mode,
		    pthread_self() };
		atomic_store(&unfinished, count);
	}
	pthread_mutex_unlock(&lock);
	return kept;
}

/* The newest entry for stream goes: a begin refused because the stream
 * already captures takes back its own entry, not the running capture's. */
void capture_known_ended(unsigned server, cu_handle stream)
{
	pthread_mutex_lock(&lock);
	for (size_t i = count; i-- > 0;)
		if (origins[i].server == server && origins[i].stream == stream) {
			origins[i] = origins[--count];
			break;
		}
	atomic_store(&unfinished, count);
	pthread_mutex_unlock(&lock);
}

bool capture_known_none(void)
{
	return atomic_load(&unfinished) == 0;
}

/*
 * Driver 580 takes a mode that is none of the three (CUDA_SUCCESS on the
 * H200), and so does the client: the server's thread gets it whenever the
 * calling thread's call is to be judged by its own mode.
 */
CUresult capture_known_exchange_mode(CUstreamCaptureMode *mode)
{
	CUstreamCaptureMode before = thread_mode;

	if (mode == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	thread_mode = *mode;
	*mode = before;
	return CUDA_SUCCESS;
}

/*
 * The server's thread began every capture of its session, so the driver
 * refuses its unsafe calls exactly when its mode is not relaxed and one
 * of them is not relaxed.  The calling thread's own mode gives that when
 * the calling thread would be refused natively; relaxed gives nothing
 * refused when it would not be.
 */
CUstreamCaptureMode capture_known_server_mode(unsigned server)
{
	bool refused = false;

	if (thread_mode == CU_STREAM_CAPTURE_MODE_RELAXED ||
	    capture_known_none())
		return thread_mode;
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < count && !refused; i++) {
		const struct origin *o = &origins[i];

		if (o->server != server ||
		    o->mode == CU_STREAM_CAPTURE_MODE_RELAXED)
			continue;
		refused = pthread_equal(o->thread, pthread_self()) ||
		    (o->mode == CU_STREAM_CAPTURE_MODE_GLOBAL &&
		    thread_mode == CU_STREAM_CAPTURE_MODE_GLOBAL);
	}
	pthread_mutex_unlock(&lock);
	return refused ? thread_mode : CU_STREAM_CAPTURE_MODE_RELAXED;
}
