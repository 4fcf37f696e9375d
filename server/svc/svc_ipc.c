/*
 * svc_ipc.c -- interprocess communication between the sessions of one
 * oncudad: IPC memory and event handles.
 *
 * A session exports a handle into the daemon's table (ipc_registry.h) and
 * opens only one the table says a session of its own identity exported,
 * so that no client opens memory the server would not let it touch (the
 * rule of idl/cuda.x, "Interprocess communication").  An opened allocation
 * joins this client's device ranges until it is closed, its context
 * destroyed, or the session ends (the driver then closes it).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/ipc_registry.h"
#include "server/session/log.h"
#include "server/session/ranges.h"

/* The bases this client opened and has not closed. */
struct opened {
	CUdeviceptr base;
	struct opened *next;
};
static struct opened *opened;

static const char *verdict_text(enum ipc_verdict v)
{
	return v == IPC_FOREIGN ? "exported by a client of another identity "
	    "(key, or uid on the same-host socket)" :
	    "not exported by a client of this server";
}

/* CUDA_SUCCESS when this session may open handle, else the refusal. */
static CUresult admit(enum ipc_kind kind, const ipc_handle *handle,
    const char *call)
{
	enum ipc_verdict v = ipc_registry_check(kind, handle->bytes);

	if (v == IPC_ALLOWED)
		return CUDA_SUCCESS;
	log_msg(LOG_INFO, "%s refused: the handle was %s", call,
	    verdict_text(v));
	return CUDA_ERROR_INVALID_VALUE;
}

/* Enters what the driver exported into the table and the result. */
static void publish(enum ipc_kind kind, const char bytes[CU_IPC_HANDLE_SIZE],
    res_ipc_handle *r)
{
	if (!ipc_registry_add(kind, bytes)) {
		log_msg(LOG_WARN, "cannot enter an IPC handle: the table of "
		    "exported handles is full or missing");
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	memcpy(r->res_ipc_handle_u.value.bytes, bytes, CU_IPC_HANDLE_SIZE);
}

bool_t cu_ipc_get_mem_handle_svc(cu_dptr dptr, res_ipc_handle *r,
    struct svc_req *rq)
{
	CUipcMemHandle h;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = range_check(dptr, 1, 1, "cuIpcGetMemHandle")) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuIpcGetMemHandle(&h, (CUdeviceptr)dptr);
	if (r->err == CUDA_SUCCESS)
		publish(IPC_MEMORY, h.reserved, r);
	return TRUE;
}

bool_t cu_ipc_open_mem_handle_svc(ipc_handle handle, u_int flags,
    res_dev_range *r, struct svc_req *rq)
{
	CUipcMemHandle h;
	CUdeviceptr dptr, base;
	size_t size;
	CUcontext ctx;
	struct opened *o;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = admit(IPC_MEMORY, &handle, "cuIpcOpenMemHandle")) !=
	    CUDA_SUCCESS)
		return TRUE;
	memcpy(h.reserved, handle.bytes, CU_IPC_HANDLE_SIZE);
	if ((r->err = cuIpcOpenMemHandle(&dptr, h, flags)) != CUDA_SUCCESS)
		return TRUE;
	if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
		ctx = NULL;
	o = malloc(sizeof *o);
	if (o == NULL ||
	    cuMemGetAddressRange(&base, &size, dptr) != CUDA_SUCCESS ||
	    !ranges_add(dptr, size - (dptr - base), RANGE_IPC, dptr, ctx)) {
		free(o);
		cuIpcCloseMemHandle(dptr);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	o->base = dptr;
	o->next = opened;
	opened = o;
	r->res_dev_range_u.value.base = dptr;
	r->res_dev_range_u.value.size = size - (dptr - base);
	return TRUE;
}

bool_t cu_ipc_close_mem_handle_svc(cu_dptr dptr, res_none *r,
    struct svc_req *rq)
{
	struct opened **at = &opened, *gone;

	(void)rq;
	memset(r, 0, sizeof *r);
	while (*at != NULL && (*at)->base != (CUdeviceptr)dptr)
		at = &(*at)->next;
	if (*at == NULL) {
		log_msg(LOG_INFO, "cuIpcCloseMemHandle of 0x%llx, which this "
		    "client did not open", (unsigned long long)dptr);
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	/* Gone from the ranges first: the driver unmaps it now. */
	ranges_forget_owner(RANGE_IPC, dptr);
	gone = *at;
	*at = gone->next;
	free(gone);
	r->err = cuIpcCloseMemHandle((CUdeviceptr)dptr);
	return TRUE;
}

bool_t cu_ipc_get_event_handle_svc(cu_handle event, res_ipc_handle *r,
    struct svc_req *rq)
{
	CUipcEventHandle h;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_EVENT, event, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuIpcGetEventHandle(&h, (CUevent)(uintptr_t)event);
	if (r->err == CUDA_SUCCESS)
		publish(IPC_EVENT, h.reserved, r);
	return TRUE;
}

bool_t cu_ipc_open_event_handle_svc(ipc_handle handle, res_handle *r,
    struct svc_req *rq)
{
	CUipcEventHandle h;
	CUevent ev;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = admit(IPC_EVENT, &handle, "cuIpcOpenEventHandle")) !=
	    CUDA_SUCCESS)
		return TRUE;
	memcpy(h.reserved, handle.bytes, CU_IPC_HANDLE_SIZE);
	if ((r->err = cuIpcOpenEventHandle(&ev, h)) != CUDA_SUCCESS)
		return TRUE;
	if (!handle_add(HANDLE_EVENT, (cu_handle)(uintptr_t)ev, 0)) {
		cuEventDestroy(ev);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_handle_u.value = (cu_handle)(uintptr_t)ev;
	return TRUE;
}
