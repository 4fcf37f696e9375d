/*
 * svc_event_ahead.c -- events made ahead of the client's cuEventCreate
 * (CU_EVENT_CREATE_AHEAD, idl/cuda.x).
 *
 * Each event is made exactly as CU_EVENT_CREATE makes one, in the context
 * current in this session, and registered as this client's before it is
 * named in the reply: the client hands them out later, one a cuEventCreate,
 * without asking again.  A reply names only events that exist, so an
 * event that cannot be made, or registered under the client's handle
 * limit, ends the list; only when none could be made is the call an error.
 */
#include <stdint.h>
#include <stdlib.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"

bool_t cu_event_create_ahead_svc(u_int flags, u_int count, res_handles *r,
    struct svc_req *rq)
{
	cu_handle *made;
	u_int n = 0;
	CUresult err = CUDA_SUCCESS;

	(void)rq;
	if (count == 0 || count > ONCUDA_EVENTS_AHEAD_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((made = calloc(count, sizeof(*made))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	while (n < count) {
		CUevent ev;

		if ((err = cuEventCreate(&ev, (unsigned int)flags)) !=
		    CUDA_SUCCESS)
			break;
		if (!handle_add(HANDLE_EVENT, (cu_handle)(uintptr_t)ev, 0)) {
			(void)cuEventDestroy(ev);
			err = CUDA_ERROR_OUT_OF_MEMORY;
			break;
		}
		made[n++] = (cu_handle)(uintptr_t)ev;
	}
	if (n == 0) {
		free(made);
		r->err = err;
		return TRUE;
	}
	r->err = CUDA_SUCCESS;
	r->res_handles_u.value.cu_handles_len = n;
	r->res_handles_u.value.cu_handles_val = made;
	return TRUE;
}
