/*
 * svc_notices.c -- cuLogsRegisterCallback, cuLogsUnregisterCallback,
 * cuDeviceRegisterAsyncNotification and
 * cuDeviceUnregisterAsyncNotification: the server's trampolines
 * registered with its driver for the client's registrations (idl/cuda.x,
 * driver_notice), and the handles the driver gave for them, which are this
 * client's to unregister.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/callback.h"
#include "server/session/notices.h"

/* The driver's handles of this client's registrations; 0: a free slot. */
static struct registration {
	uintptr_t handle;
	notice_kind kind;
} registered[ONCUDA_NOTICE_CALLBACKS_MAX];

static struct registration *find(uintptr_t handle, notice_kind kind)
{
	for (size_t i = 0; i < ONCUDA_NOTICE_CALLBACKS_MAX; i++)
		if (registered[i].handle == handle &&
		    (handle == 0 || registered[i].kind == kind))
			return &registered[i];
	return NULL;
}

/* A free slot once the notices can go out, or the error. */
static CUresult ready(struct registration **slot)
{
	/* They go on the callback connection, which the client bound. */
	if (!callback_bound())
		return CUDA_ERROR_NOT_SUPPORTED;
	if ((*slot = find(0, ONCUDA_NOTICE_LOG)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!notices_start())
		return CUDA_ERROR_OPERATING_SYSTEM;
	return CUDA_SUCCESS;
}

static void keep(struct registration *slot, uintptr_t handle,
    notice_kind kind, res_handle *r)
{
	slot->handle = handle;
	slot->kind = kind;
	r->res_handle_u.value = handle;
}

bool_t cu_logs_register_callback_svc(u_quad_t id, res_handle *r,
    struct svc_req *rq)
{
	struct registration *slot;
	CUlogsCallbackHandle h = NULL;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = ready(&slot)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuLogsRegisterCallback(notices_log_trampoline,
	    (void *)(uintptr_t)id, &h);
	if (r->err == CUDA_SUCCESS)
		keep(slot, (uintptr_t)h, ONCUDA_NOTICE_LOG, r);
	return TRUE;
}

bool_t cu_logs_unregister_callback_svc(cu_handle callback, res_none *r,
    struct svc_req *rq)
{
	struct registration *slot;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (callback == 0 || (slot = find((uintptr_t)callback,
	    ONCUDA_NOTICE_LOG)) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuLogsUnregisterCallback((CUlogsCallbackHandle)slot->handle);
	if (r->err == CUDA_SUCCESS)
		slot->handle = 0;
	return TRUE;
}

bool_t cu_device_register_async_notification_svc(int dev, u_quad_t id,
    res_handle *r, struct svc_req *rq)
{
	struct registration *slot;
	CUasyncCallbackHandle h = NULL;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = ready(&slot)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuDeviceRegisterAsyncNotification(dev,
	    notices_device_trampoline, (void *)(uintptr_t)id, &h);
	if (r->err == CUDA_SUCCESS)
		keep(slot, (uintptr_t)h, ONCUDA_NOTICE_DEVICE, r);
	return TRUE;
}

bool_t cu_device_unregister_async_notification_svc(int dev,
    cu_handle callback, res_none *r, struct svc_req *rq)
{
	struct registration *slot;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (callback == 0 || (slot = find((uintptr_t)callback,
	    ONCUDA_NOTICE_DEVICE)) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuDeviceUnregisterAsyncNotification(dev,
	    (CUasyncCallbackHandle)slot->handle);
	if (r->err == CUDA_SUCCESS)
		slot->handle = 0;
	return TRUE;
}
