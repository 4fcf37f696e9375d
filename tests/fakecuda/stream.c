/*
 * stream.c - streams.
 *
 * The stand-in runs every operation to completion when it is issued, so a
 * stream is only a validated handle with flags and a priority: it is always
 * idle, and synchronizing it reports nothing but a kernel fault.
 */
#include <stdlib.h>

#include "fakecuda.h"

/* Stream priorities of a Hopper part: 0 is the lowest, -5 the highest. */
#define LEAST_PRIORITY    0
#define GREATEST_PRIORITY (-5)

static bool
is_default_stream(CUstream handle)
{
	return handle == NULL || handle == CU_STREAM_LEGACY ||
	    handle == CU_STREAM_PER_THREAD;
}

/* Work may be queued on the default stream or on a stream of ctx. */
CUresult
fc_stream_check(CUstream handle, struct fc_context *ctx)
{
	struct fc_stream *s;

	if (is_default_stream(handle))
		return CUDA_SUCCESS;
	s = fc_handle_lookup((uintptr_t)handle, FC_KIND_STREAM);
	return s != NULL && s->ctx == ctx ? CUDA_SUCCESS :
	    CUDA_ERROR_INVALID_HANDLE;
}

/*
 * Finds a stream by handle.  The default stream has no object; *s is then
 * NULL and the context is the current one.
 */
static CUresult
lookup(CUstream handle, struct fc_stream **s, struct fc_context **ctx)
{
	CUresult rc;

	if (is_default_stream(handle)) {
		*s = NULL;
		return fc_context_current(ctx);
	}
	rc = fc_check_init();
	if (rc != CUDA_SUCCESS)
		return rc;
	*s = fc_handle_lookup((uintptr_t)handle, FC_KIND_STREAM);
	if (*s == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	*ctx = (*s)->ctx;
	return CUDA_SUCCESS;
}

static void
destroy(struct fc_stream *s)
{
	struct fc_stream **p;

	fc_capture_stream_gone(s);	/* while the context still lists s */
	for (p = &s->ctx->streams; *p != NULL; p = &(*p)->next) {
		if (*p == s) {
			*p = s->next;
			break;
		}
	}
	fc_handle_drop(s->handle);
	free(s);
}

void
fc_stream_destroy_all(struct fc_context *ctx)
{
	while (ctx->streams != NULL)
		destroy(ctx->streams);
}

FC_API CUresult
cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags,
    int priority)
{
	struct fc_context *ctx;
	struct fc_stream *s = NULL;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && (phStream == NULL ||
	    (flags & ~(unsigned int)CU_STREAM_NON_BLOCKING)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		s = calloc(1, sizeof(*s));
		if (s == NULL || (s->handle = fc_handle_new(FC_KIND_STREAM,
		    s)) == 0) {
			free(s);
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		}
	}
	if (rc == CUDA_SUCCESS) {
		/* Out-of-range priorities are clamped, as the driver does. */
		if (priority > LEAST_PRIORITY)
			priority = LEAST_PRIORITY;
		if (priority < GREATEST_PRIORITY)
			priority = GREATEST_PRIORITY;
		s->ctx = ctx;
		s->flags = flags;
		s->priority = priority;
		s->next = ctx->streams;
		ctx->streams = s;
		*phStream = (CUstream)s->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamCreate(CUstream *phStream, unsigned int Flags)
{
	return cuStreamCreateWithPriority(phStream, Flags, LEAST_PRIORITY);
}

FC_API CUresult
cuStreamDestroy(CUstream hStream)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = lookup(hStream, &s, &ctx);
	if (rc == CUDA_SUCCESS && s == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS)
		destroy(s);
	fc_unlock();
	return rc;
}

/*
 * Synchronize and query differ only on a busy stream, which never exists;
 * both are illegal on a capturing stream.
 */
static CUresult
stream_state(CUstream handle)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = lookup(handle, &s, &ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_wait(handle, ctx);
	if (rc == CUDA_SUCCESS)
		rc = ctx->sticky_error;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamSynchronize(CUstream hStream)
{
	return stream_state(hStream);
}

FC_API CUresult
cuStreamQuery(CUstream hStream)
{
	return stream_state(hStream);
}

FC_API CUresult
cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	struct fc_event *e;
	CUresult rc;

	fc_lock();
	rc = lookup(hStream, &s, &ctx);
	if (rc == CUDA_SUCCESS && (e = fc_event_lookup(hEvent)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS &&
	    (Flags & ~(unsigned int)CU_EVENT_WAIT_EXTERNAL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = ctx->sticky_error;
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_wait(hStream, ctx, e, Flags);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamGetPriority(CUstream hStream, int *priority)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = lookup(hStream, &s, &ctx);
	if (rc == CUDA_SUCCESS && priority == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*priority = s != NULL ? s->priority : LEAST_PRIORITY;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamGetFlags(CUstream hStream, unsigned int *flags)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = lookup(hStream, &s, &ctx);
	if (rc == CUDA_SUCCESS && flags == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*flags = s != NULL ? s->flags : CU_STREAM_DEFAULT;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamGetCtx(CUstream hStream, CUcontext *pctx)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	CUresult rc;

	if (pctx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = lookup(hStream, &s, &ctx);
	if (rc == CUDA_SUCCESS)
		*pctx = (CUcontext)ctx->handle;
	fc_unlock();
	return rc;
}

/*
 * Handles are never reused (state.c), so a stream's handle is its id; the
 * default streams, which have no handle of their own, take their special
 * values.
 */
FC_API CUresult
cuStreamGetId(CUstream hStream, unsigned long long *streamId)
{
	struct fc_stream *s;
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = lookup(hStream, &s, &ctx);
	if (rc == CUDA_SUCCESS && streamId == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*streamId = s != NULL ? s->handle : (uintptr_t)hStream;
	fc_unlock();
	return rc;
}

/* The range cuStreamCreateWithPriority clamps to, as the runtime asks it. */
FC_API CUresult
cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (leastPriority != NULL)
		*leastPriority = LEAST_PRIORITY;
	if (greatestPriority != NULL)
		*greatestPriority = GREATEST_PRIORITY;
	return CUDA_SUCCESS;
}
