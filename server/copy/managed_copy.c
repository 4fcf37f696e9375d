/*
 * server/copy/managed_copy.c -- managed memory read and written by the
 * copy engine (managed_copy.h).
 *
 * Reads land in two page-locked slots (a pinned buffer set: pinned_set.h),
 * allocated once per process at the first read, so that the caller
 * compares one while the next is copied into the other.  Each read is
 * marked by an event (dma_mark.h) that managed_copy_wait waits for.
 * A series is one push or pull: the capture mode it changed and the
 * context it pushed are undone at its end.  Its stream is the context's
 * (streams): made at the context's first series and kept, since making
 * and destroying one at every push and pull cost two driver calls each
 * time, for a push of a few bytes as for one of 4 MiB; it dies with its
 * context, which managed_copy_context_gone forgets.  Between requests
 * live the slots (whose registrations die with their contexts, as
 * pinned_set.c says) and the streams.  One thread serves the session: the
 * series is a file-level variable.
 *
 * Calls down only: pinned_set.c, the session's handles (its streams) and
 * its log.
 */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "server/copy/managed_copy.h"
#include "server/copy/pinned_set.h"
#include "server/session/handles.h"
#include "server/session/log.h"

#define SLOTS 2

static struct pinned_buffer ring[SLOTS];
static struct pinned_set slots = PINNED_SET(ring, MANAGED_COPY_PIECE);

/*
 * Each context's stream, made at its first series; past STREAMS_MAX
 * contexts at once, a series makes and destroys its own, as before.
 */
#define STREAMS_MAX 16

static struct kept {
	CUcontext ctx;		/* NULL: a free entry */
	CUstream stream;
} streams[STREAMS_MAX];

/* The series under way. */
static struct {
	bool begun;
	bool pushed;		/* its context was pushed: popped at the end */
	bool relaxed;		/* mode is the capture mode to restore */
	CUstreamCaptureMode mode;
	CUstream stream;
	bool own;		/* stream is the series' alone: destroyed at its end */
	unsigned int next;	/* the slot the next read takes */
	CUresult failed;	/* its first error; CUDA_SUCCESS: none */
} series;

/*
 * The fallback is the old way, slower on a discrete GPU: said once for a
 * series that cannot begin without a context (a library's managed
 * variables asked for before one is current: small, and expected), once
 * for the other reasons.
 */
static void say_once(bool no_context, const char *why, CUresult err)
{
	static bool said[2];

	if (said[no_context])
		return;
	said[no_context] = true;
	log_msg(LOG_INFO, "managed memory: %s (error %d), so the server's CPU "
	    "reads and writes it instead, which on a discrete GPU moves its "
	    "pages to this host's memory and back", why, (int)err);
}

/* Said once a session, at debug: an expected case, not a fault. */
static void log_once_busy(void)
{
	static bool said;

	if (said)
		return;
	said = true;
	log_msg(LOG_DEBUG, "managed memory: a stream of the client's still has "
	    "work, so the server's CPU reads and writes it for this push or "
	    "pull (and the next ones while that lasts)");
}

static void fail(const char *why, CUresult err)
{
	if (series.failed == CUDA_SUCCESS)
		series.failed = err;
	say_once(false, why, err);
}

/* Undoes what begin changed of the thread: its capture mode, its context. */
static void restore_thread(void)
{
	CUcontext popped;

	if (series.relaxed)
		(void)cuThreadExchangeStreamCaptureMode(&series.mode);
	if (series.pushed)
		(void)cuCtxPopCurrent(&popped);
	series.relaxed = false;
	series.pushed = false;
}

/*
 * The series' stream, in ctx, which is current: the context's kept one,
 * made now if it has none; a stream of the series' own where no entry is
 * free.
 */
static CUresult context_stream(CUcontext ctx)
{
	struct kept *free_entry = NULL;
	CUresult err;

	for (unsigned int i = 0; i < STREAMS_MAX; i++) {
		if (streams[i].ctx == ctx) {
			series.stream = streams[i].stream;
			return CUDA_SUCCESS;
		}
		if (streams[i].ctx == NULL && free_entry == NULL)
			free_entry = &streams[i];
	}
	err = cuStreamCreate(&series.stream, CU_STREAM_NON_BLOCKING);
	if (err != CUDA_SUCCESS)
		return err;
	if (free_entry == NULL) {
		series.own = true;
		return CUDA_SUCCESS;
	}
	free_entry->ctx = ctx;
	free_entry->stream = series.stream;
	return CUDA_SUCCESS;
}

/* A stream of the client's with nothing left to run (and not capturing,
 * whose queue cannot be asked without harm). */
static bool stream_idle(cu_handle h, void *arg)
{
	CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_NONE;
	CUstream s = (CUstream)(uintptr_t)h;

	(void)arg;
	if (cuStreamIsCapturing(s, &capture) != CUDA_SUCCESS ||
	    capture != CU_STREAM_CAPTURE_STATUS_NONE)
		return false;
	return cuStreamQuery(s) == CUDA_SUCCESS;
}

/*
 * Whether no stream of the client's has work left: the legacy stream, this
 * thread's per-thread one, and every stream it made.  Asked in the relaxed
 * capture mode (a query of the legacy stream during a global capture would
 * end it).  Why it matters: managed_copy.h, "Busy".
 */
static bool client_idle(void)
{
	return cuStreamQuery(CU_STREAM_LEGACY) == CUDA_SUCCESS &&
	    cuStreamQuery(CU_STREAM_PER_THREAD) == CUDA_SUCCESS &&
	    handle_each(HANDLE_STREAM, stream_idle, NULL);
}

bool managed_copy_begin(CUcontext ctx)
{
	CUcontext current = NULL;
	CUresult err;

	assert(!series.begun);
	memset(&series, 0, sizeof(series));
	if (cuCtxGetCurrent(&current) != CUDA_SUCCESS)
		current = NULL;
	if (current == NULL && ctx == NULL) {
		say_once(true, "no context is current to copy in",
		    CUDA_ERROR_INVALID_CONTEXT);
		return false;
	}
	if (current == NULL) {
		if ((err = cuCtxPushCurrent(ctx)) != CUDA_SUCCESS) {
			say_once(false, "its context cannot be made current",
			    err);
			return false;
		}
		series.pushed = true;
	}
	series.mode = CU_STREAM_CAPTURE_MODE_RELAXED;
	series.relaxed = cuThreadExchangeStreamCaptureMode(&series.mode) ==
	    CUDA_SUCCESS;
	if (!client_idle()) {
		log_once_busy();
		restore_thread();
		return false;
	}
	if ((err = context_stream(current != NULL ? current : ctx)) !=
	    CUDA_SUCCESS) {
		say_once(false, "no stream for its copies", err);
		restore_thread();
		return false;
	}
	series.begun = true;
	return true;
}

void managed_copy_context_gone(CUcontext ctx)
{
	for (unsigned int i = 0; i < STREAMS_MAX; i++)
		if (streams[i].ctx == ctx)
			streams[i].ctx = NULL;	/* destroyed with ctx */
}

int managed_copy_read(CUdeviceptr src, size_t len)
{
	struct pinned_buffer *b = &ring[series.next];
	CUresult err;

	assert(series.begun && len > 0 && len <= MANAGED_COPY_PIECE);
	if (series.failed != CUDA_SUCCESS)
		return -1;
	if (!pinned_set_allocate(&slots)) {
		fail("no page-locked buffers for its copies",
		    CUDA_ERROR_OUT_OF_MEMORY);
		return -1;
	}
	pinned_set_register(&slots);
	/* Its last read was waited for and used (the caller's promise). */
	(void)pinned_buffer_wait(b);
	err = cuMemcpyDtoHAsync(b->bytes, src, len, series.stream);
	if (err == CUDA_SUCCESS)
		err = pinned_set_mark(&slots, b, series.stream);
	if (err != CUDA_SUCCESS) {
		fail("a copy of it to this host failed", err);
		return -1;
	}
	series.next = (series.next + 1) % SLOTS;
	return (int)(b - ring);
}

const unsigned char *managed_copy_wait(int slot)
{
	CUresult err;

	assert(series.begun && slot >= 0 && slot < SLOTS);
	if ((err = pinned_buffer_wait(&ring[slot])) != CUDA_SUCCESS) {
		fail("a copy of it to this host failed", err);
		return NULL;
	}
	return (const unsigned char *)ring[slot].bytes;
}

bool managed_copy_write(CUdeviceptr dst, const void *src, size_t len)
{
	CUresult err;

	assert(series.begun);
	if (series.failed != CUDA_SUCCESS)
		return false;
	if ((err = cuMemcpyHtoDAsync(dst, src, len, series.stream)) !=
	    CUDA_SUCCESS) {
		fail("a copy into it failed", err);
		return false;
	}
	return true;
}

CUstream managed_copy_stream(void)
{
	assert(series.begun);
	return series.stream;
}

bool managed_copy_zero(CUdeviceptr dst, size_t len)
{
	CUresult err;

	assert(series.begun);
	if (series.failed != CUDA_SUCCESS)
		return false;
	if ((err = cuMemsetD8Async(dst, 0, len, series.stream)) !=
	    CUDA_SUCCESS) {
		fail("setting it to zero failed", err);
		return false;
	}
	return true;
}

bool managed_copy_end(void)
{
	CUresult err;

	assert(series.begun);
	pinned_set_drain(&slots);
	if ((err = cuStreamSynchronize(series.stream)) != CUDA_SUCCESS)
		fail("its copies failed", err);
	if (series.own)
		(void)cuStreamDestroy(series.stream);
	restore_thread();
	series.begun = false;
	return series.failed == CUDA_SUCCESS;
}
