/*
 * stubs/stream/log_callbacks.c -- cuLogsRegisterCallback and
 * cuLogsUnregisterCallback (idl/cuda.x, driver_notice): the program's
 * function is kept (notice_sinks.h) under a number the server's
 * trampoline sends back with each message its driver logs, and runs on
 * the thread of the callback connection (callback.h).
 *
 * The registration is on the server of the calling thread's current
 * context: its driver's log is the one that holds this program's errors
 * there (cuLogsCurrent reads the same one).
 */
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/link/say.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"
#include "stubs/stream/callback.h"
#include "stubs/stream/notice_sinks.h"

ONCUDA_API CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc,
    void *userData, CUlogsCallbackHandle *callback_out)
{
	unsigned server = route_current_server();
	CUlogsCallbackHandle h;
	struct call k;
	res_handle r;
	uint64_t id;
	CUresult e;

	/* Nothing to run: no registration could ever call it. */
	if (callbackFunc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* Kept before the server registers, so that a message logged at
	 * once finds it. */
	if ((id = sink_add(ONCUDA_NOTICE_LOG, (union sink_fn){ .log =
	    callbackFunc }, userData, server)) == 0)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((e = callback_bind(server)) == CUDA_SUCCESS &&
	    (e = call_begin_on(&k, server, CALL_REPLY(r))) == CUDA_SUCCESS)
		e = call_done(&k, cu_logs_register_callback(id, &r, k.c),
		    &r.err);
	if (e != CUDA_SUCCESS) {
		sink_remove(id, server, 0);
		return e;
	}
	h = (CUlogsCallbackHandle)(uintptr_t)route_tag(r.res_handle_u.value,
	    server);
	sink_bind(id, r.res_handle_u.value, h);
	if (callback_out != NULL)
		*callback_out = h;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback)
{
	uint64_t handle = route_strip(callback);
	struct call k;
	res_none r;
	CUresult e;

	if ((e = route_call_handles(&k, callback, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_logs_unregister_callback(handle, &r, k.c),
	    &r.err)) == CUDA_SUCCESS)
		sink_remove(0, k.server, handle);
	return e;
}
