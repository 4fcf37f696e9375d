/*
 * svc_log_callbacks.c -- cuLogsRegisterCallback and
 * cuLogsUnregisterCallback: the server's trampoline registered with its
 * driver for each of the client's registrations (idl/cuda.x,
 * log_message), and the handles the driver gave for them, which are this
 * client's to unregister.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/callback.h"
#include "server/session/log_forward.h"

/* The driver's handles of this client's registrations; NULL: free. */
static CUlogsCallbackHandle registered[ONCUDA_LOG_CALLBACKS_MAX];

static CUlogsCallbackHandle *slot_of(CUlogsCallbackHandle h)
{
	for (size_t i = 0; i < ONCUDA_LOG_CALLBACKS_MAX; i++)
		if (registered[i] == h)
			return &registered[i];
	return NULL;
}

bool_t cu_logs_register_callback_svc(u_quad_t id, res_handle *r,
    struct svc_req *rq)
{
	CUlogsCallbackHandle h = NULL, *slot;

	(void)rq;
	memset(r, 0, sizeof(*r));
	/* The messages go on the callback connection, bound first. */
	if (!callback_bound()) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	if ((slot = slot_of(NULL)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	if (!log_forward_start()) {
		r->err = CUDA_ERROR_OPERATING_SYSTEM;
		return TRUE;
	}
	r->err = cuLogsRegisterCallback(log_forward_trampoline,
	    (void *)(uintptr_t)id, &h);
	if (r->err == CUDA_SUCCESS) {
		*slot = h;
		r->res_handle_u.value = (cu_handle)(uintptr_t)h;
	}
	return TRUE;
}

bool_t cu_logs_unregister_callback_svc(cu_handle callback, res_none *r,
    struct svc_req *rq)
{
	CUlogsCallbackHandle h = (CUlogsCallbackHandle)(uintptr_t)callback,
	    *slot;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (h == NULL || (slot = slot_of(h)) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuLogsUnregisterCallback(h);
	if (r->err == CUDA_SUCCESS)
		*slot = NULL;
	return TRUE;
}
