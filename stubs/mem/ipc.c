/*
 * ipc.c -- interprocess communication: cuIpcGetMemHandle,
 * cuIpcOpenMemHandle, cuIpcCloseMemHandle, cuIpcGetEventHandle,
 * cuIpcOpenEventHandle.
 *
 * The handles are the server driver's bytes, opened by another client of
 * the same server under the rule of idl/cuda.x ("Interprocess
 * communication"), which the server enforces.  An export goes to the
 * server of the memory or event; an open, which names neither, to the
 * current context's server (a handle of another server is refused there).
 * Opened memory is recorded as device memory, as cuMemAlloc's, until it
 * is closed.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/* cuda.h maps cuIpcOpenMemHandle to _v2; the driver exports both. */
#undef cuIpcOpenMemHandle
ONCUDA_API CUresult cuIpcOpenMemHandle(CUdeviceptr *pdptr,
    CUipcMemHandle handle, unsigned int Flags);

ONCUDA_API CUresult cuIpcGetMemHandle(CUipcMemHandle *pHandle,
    CUdeviceptr dptr)
{
	res_ipc_handle r;
	struct call k;
	CUresult e;

	if (pHandle == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = devmem_call(&k, (uint64_t)dptr, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_ipc_get_mem_handle((cu_dptr)dptr, &r, k.c),
	    &r.err);
	if (e == CUDA_SUCCESS)
		memcpy(pHandle->reserved, r.res_ipc_handle_u.value.bytes,
		    sizeof pHandle->reserved);
	return e;
}

ONCUDA_API CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *pdptr,
    CUipcMemHandle handle, unsigned int Flags)
{
	ipc_handle wire;
	res_dev_range r;
	enum clnt_stat st;
	struct call k;
	CUresult e;

	if (pdptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(wire.bytes, handle.reserved, sizeof wire.bytes);
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = cu_ipc_open_mem_handle(wire, Flags, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS &&
	    !devmem_note_allocation(r.res_dev_range_u.value.base,
	    r.res_dev_range_u.value.size)) {
		/* Unrecorded device memory would pass for host memory. */
		res_none undo;

		memset(&undo, 0, sizeof undo);
		st = cu_ipc_close_mem_handle(r.res_dev_range_u.value.base,
		    &undo, k.c);
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if ((e = call_done(&k, st, &r.err)) == CUDA_SUCCESS)
		*pdptr = (CUdeviceptr)r.res_dev_range_u.value.base;
	return e;
}

ONCUDA_API CUresult cuIpcOpenMemHandle(CUdeviceptr *pdptr,
    CUipcMemHandle handle, unsigned int Flags)
{
	return cuIpcOpenMemHandle_v2(pdptr, handle, Flags);
}

ONCUDA_API CUresult cuIpcCloseMemHandle(CUdeviceptr dptr)
{
	enum clnt_stat st;
	struct call k;
	res_none r;
	CUresult e;

	if ((e = devmem_call(&k, (uint64_t)dptr, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	st = cu_ipc_close_mem_handle((cu_dptr)dptr, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		devmem_forget((uint64_t)dptr);
	return call_done(&k, st, &r.err);
}

ONCUDA_API CUresult cuIpcGetEventHandle(CUipcEventHandle *pHandle,
    CUevent event)
{
	res_ipc_handle r;
	struct call k;
	CUresult e;

	if (pHandle == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, event, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_ipc_get_event_handle(route_strip(event), &r, k.c),
	    &r.err);
	if (e == CUDA_SUCCESS)
		memcpy(pHandle->reserved, r.res_ipc_handle_u.value.bytes,
		    sizeof pHandle->reserved);
	return e;
}

ONCUDA_API CUresult cuIpcOpenEventHandle(CUevent *phEvent,
    CUipcEventHandle handle)
{
	ipc_handle wire;
	res_handle r;
	struct call k;
	CUresult e;

	if (phEvent == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(wire.bytes, handle.reserved, sizeof wire.bytes);
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_ipc_open_event_handle(wire, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*phEvent = (CUevent)(uintptr_t)route_tag(r.res_handle_u.value,
		    k.server);
	return e;
}
