/*
 * event.c - events.
 *
 * Recording an event stamps it with CLOCK_MONOTONIC; since all earlier work
 * has already finished, the event is complete the moment it is recorded.
 * Recorded on a capturing stream, it takes part in the capture instead
 * (capture.c).
 */
#include <stdlib.h>

#include "fakecuda.h"

#define EVENT_FLAGS (CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | \
	CU_EVENT_INTERPROCESS)

static CUresult
lookup(CUevent handle, struct fc_event **e)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*e = fc_handle_lookup((uintptr_t)handle, FC_KIND_EVENT);
	return *e != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

static void
destroy(struct fc_event *e)
{
	struct fc_event **p;

	for (p = &e->ctx->events; *p != NULL; p = &(*p)->next) {
		if (*p == e) {
			*p = e->next;
			break;
		}
	}
	fc_capture_event_gone(e);
	fc_handle_drop(e->handle);
	free(e);
}

struct fc_event *
fc_event_lookup(CUevent handle)
{
	return fc_handle_lookup((uintptr_t)handle, FC_KIND_EVENT);
}

void
fc_event_destroy_all(struct fc_context *ctx)
{
	while (ctx->events != NULL)
		destroy(ctx->events);
}

FC_API CUresult
cuEventCreate(CUevent *phEvent, unsigned int Flags)
{
	struct fc_context *ctx;
	struct fc_event *e = NULL;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	/* Interprocess events must have timing disabled. */
	if (rc == CUDA_SUCCESS && (phEvent == NULL ||
	    (Flags & ~(unsigned int)EVENT_FLAGS) ||
	    ((Flags & CU_EVENT_INTERPROCESS) &&
	    !(Flags & CU_EVENT_DISABLE_TIMING))))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		e = calloc(1, sizeof(*e));
		if (e == NULL || (e->handle = fc_handle_new(FC_KIND_EVENT,
		    e)) == 0) {
			free(e);
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		}
	}
	if (rc == CUDA_SUCCESS) {
		e->ctx = ctx;
		e->flags = Flags;
		e->next = ctx->events;
		ctx->events = e;
		*phEvent = (CUevent)e->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags)
{
	struct fc_context *ctx;
	struct fc_event *e;
	bool captured = false;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = lookup(hEvent, &e);
	if (rc == CUDA_SUCCESS && e->ctx != ctx)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc == CUDA_SUCCESS && (flags & ~(unsigned int)
	    CU_EVENT_RECORD_EXTERNAL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_record(hStream, ctx, e, flags, &captured);
	if (rc == CUDA_SUCCESS && !captured) {
		clock_gettime(CLOCK_MONOTONIC, &e->when);
		e->recorded = true;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuEventRecord(CUevent hEvent, CUstream hStream)
{
	return cuEventRecordWithFlags(hEvent, hStream, CU_EVENT_RECORD_DEFAULT);
}

/*
 * Synchronize and query differ only on a pending event, which never exists;
 * both are illegal on an event recorded in an ongoing capture.
 */
static CUresult
event_state(CUevent handle)
{
	struct fc_event *e;
	CUresult rc;

	fc_lock();
	rc = lookup(handle, &e);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_event(e);
	if (rc == CUDA_SUCCESS)
		rc = e->ctx->sticky_error;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuEventSynchronize(CUevent hEvent)
{
	return event_state(hEvent);
}

FC_API CUresult
cuEventQuery(CUevent hEvent)
{
	return event_state(hEvent);
}

FC_API CUresult
cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd)
{
	struct fc_event *start, *end;
	double ms;
	CUresult rc;

	fc_lock();
	rc = lookup(hStart, &start);
	if (rc == CUDA_SUCCESS)
		rc = lookup(hEnd, &end);
	if (rc == CUDA_SUCCESS && pMilliseconds == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	/* The driver's answer for untimed and never-recorded events alike. */
	if (rc == CUDA_SUCCESS && (!start->recorded || !end->recorded ||
	    ((start->flags | end->flags) & CU_EVENT_DISABLE_TIMING)))
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS)
		rc = start->ctx->sticky_error;
	if (rc == CUDA_SUCCESS) {
		ms = (double)(end->when.tv_sec - start->when.tv_sec) * 1e3 +
		    (double)(end->when.tv_nsec - start->when.tv_nsec) / 1e6;
		*pMilliseconds = (float)ms;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuEventDestroy(CUevent hEvent)
{
	struct fc_event *e;
	CUresult rc;

	fc_lock();
	rc = lookup(hEvent, &e);
	if (rc == CUDA_SUCCESS)
		destroy(e);
	fc_unlock();
	return rc;
}
