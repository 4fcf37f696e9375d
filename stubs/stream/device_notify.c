/*
 * stubs/stream/device_notify.c -- cuDeviceRegisterAsyncNotification and
 * cuDeviceUnregisterAsyncNotification (idl/cuda.x, driver_notice): as the
 * log callbacks (log_callbacks.c), on the server of the device; the
 * program's function gets the handle the program got.
 */
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/link/say.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"
#include "stubs/stream/callback.h"
#include "stubs/stream/notice_sinks.h"

ONCUDA_API CUresult cuDeviceRegisterAsyncNotification(CUdevice device,
    CUasyncCallback callbackFunc, void *userData,
    CUasyncCallbackHandle *callback)
{
	struct route rt = ROUTE_INIT;
	CUasyncCallbackHandle h;
	CUdevice local;
	unsigned server;
	struct call k;
	res_handle r;
	uint64_t id;
	CUresult e;

	/* Nothing to run, or nowhere to say how to unregister. */
	if (callbackFunc == NULL || callback == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_device(&rt, device, &local);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	server = (unsigned)rt.server;
	if ((id = sink_add(ONCUDA_NOTICE_DEVICE, (union sink_fn){ .device =
	    callbackFunc }, userData, server)) == 0)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((e = callback_bind(server)) == CUDA_SUCCESS &&
	    (e = call_begin_on_nosync(&k, server, CALL_REPLY(r))) ==
	    CUDA_SUCCESS)
		e = call_done(&k, cu_device_register_async_notification(local,
		    id, &r, k.c), &r.err);
	if (e != CUDA_SUCCESS) {
		sink_remove(id, server, 0);
		return e;
	}
	h = (CUasyncCallbackHandle)(uintptr_t)route_tag(r.res_handle_u.value,
	    server);
	sink_bind(id, r.res_handle_u.value, h);
	*callback = h;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuDeviceUnregisterAsyncNotification(CUdevice device,
    CUasyncCallbackHandle callback)
{
	uint64_t handle = route_strip(callback);
	struct route rt = ROUTE_INIT;
	CUdevice local;
	struct call k;
	res_none r;
	CUresult e;

	route_device(&rt, device, &local);
	route_handle(&rt, callback, ROUTE_HANDLE);
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_device_unregister_async_notification(local,
	    handle, &r, k.c), &r.err)) == CUDA_SUCCESS)
		sink_remove(0, k.server, handle);
	return e;
}
