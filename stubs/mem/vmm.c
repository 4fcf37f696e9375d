/*
 * vmm.c -- virtual memory management: granularity, reservations, physical
 * allocations (CUmemGenericAllocationHandle), mappings and access.
 *
 * All of it is the server's; the client records what is mapped as device
 * memory (device_ranges.c), as it records cuMemAlloc's, so cuMemcpy tells
 * it from host memory, and forgets it at cuMemUnmap.  An allocation handle
 * is a number, not a pointer, but carries its server's tag in bits 56-63
 * like every handle (route.h).
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/vmm.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

CUresult location_call(struct call *k, const CUmemLocation *l,
    mem_location *wire, void *reply, size_t size)
{
	CUdevice local;
	CUresult e;

	*wire = mem_location_pack(l);
	if (l->type != CU_MEM_LOCATION_TYPE_DEVICE)
		return call_begin(k, reply, size);
	e = route_call_device(k, l->id, true, &local, reply, size);
	wire->id = local;
	return e;
}

static const void *handle_ptr(CUmemGenericAllocationHandle h)
{
	return (const void *)(uintptr_t)h;
}

/* Begins call k on the server of allocation handle h. */
static CUresult handle_call(struct call *k, CUmemGenericAllocationHandle h,
    void *reply, size_t size)
{
	return route_call_handles(k, handle_ptr(h), ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, reply, size);
}

ONCUDA_API CUresult cuMemGetAllocationGranularity(size_t *granularity,
    const CUmemAllocationProp *prop, CUmemAllocationGranularity_flags option)
{
	mem_alloc_prop wire;
	res_size r;
	struct call k;
	CUresult e;

	if (granularity == NULL || prop == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	wire = mem_alloc_prop_pack(prop);
	if ((e = location_call(&k, &prop->location, &wire.location,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_get_allocation_granularity(wire, (int)option,
	    &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*granularity = (size_t)r.res_size_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size,
    size_t alignment, CUdeviceptr addr, unsigned long long flags)
{
	res_dptr r;
	struct call k;
	CUresult e;

	if (ptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_address_reserve(size, alignment, addr, flags,
	    &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*ptr = (CUdeviceptr)r.res_dptr_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size)
{
	res_none r;
	struct call k;
	CUresult e;

	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_address_free(ptr, size, &r, k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuMemCreate(CUmemGenericAllocationHandle *handle,
    size_t size, const CUmemAllocationProp *prop, unsigned long long flags)
{
	mem_alloc_prop wire;
	res_handle r;
	struct call k;
	CUresult e;

	if (handle == NULL || prop == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* Windows' metadata means nothing to a Linux server. */
	if (prop->win32HandleMetaData != NULL)
		return CUDA_ERROR_INVALID_VALUE;
	wire = mem_alloc_prop_pack(prop);
	if ((e = location_call(&k, &prop->location, &wire.location,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_create(size, wire, flags, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*handle = route_tag(r.res_handle_u.value, k.server);
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemRelease(CUmemGenericAllocationHandle handle)
{
	res_none r;
	struct call k;
	CUresult e;

	if ((e = handle_call(&k, handle, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_release(route_strip(handle_ptr(handle)), &r,
	    k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
    CUmemGenericAllocationHandle handle, unsigned long long flags)
{
	res_none r;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if ((e = handle_call(&k, handle, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	st = cu_mem_map(ptr, size, offset, route_strip(handle_ptr(handle)),
	    flags, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && !devmem_note(ptr, size)) {
		/* Unrecorded device memory would pass for host memory. */
		res_none undo;

		memset(&undo, 0, sizeof undo);
		st = cu_mem_unmap(ptr, size, &undo, k.c);
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemUnmap(CUdeviceptr ptr, size_t size)
{
	res_none r;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	st = cu_mem_unmap(ptr, size, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && size != 0) {
		/* The range may hold several mappings: recording it whole drops
		 * them (they overlap it), and forgetting it drops it. */
		if (devmem_note(ptr, size))
			devmem_forget(ptr);
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size,
    const CUmemAccessDesc *desc, size_t count)
{
	mem_access_desc descs[ONCUDA_ACCESS_DESCS_MAX];
	mem_access_descs list = { (u_int)count, descs };
	res_none r;
	struct call k;
	CUresult e;

	if ((desc == NULL && count != 0) || count > ONCUDA_ACCESS_DESCS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	/* Device ids go as the program numbers them: the server's own with
	 * one server; memory of one server is no other's device's to reach. */
	for (size_t i = 0; i < count; i++)
		descs[i] = mem_access_desc_pack(&desc[i]);
	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_set_access(ptr, size, list, &r, k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuMemGetAccess(unsigned long long *flags,
    const CUmemLocation *location, CUdeviceptr ptr)
{
	res_size r;
	struct call k;
	CUresult e;

	if (flags == NULL || location == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_get_access(mem_location_pack(location), ptr, &r,
	    k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*flags = r.res_size_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemGetAllocationPropertiesFromHandle(
    CUmemAllocationProp *prop, CUmemGenericAllocationHandle handle)
{
	res_alloc_prop r;
	struct call k;
	CUresult e;

	if (prop == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = handle_call(&k, handle, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_get_allocation_properties_from_handle(
	    route_strip(handle_ptr(handle)), &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*prop = mem_alloc_prop_unpack(&r.res_alloc_prop_u.value);
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemRetainAllocationHandle(
    CUmemGenericAllocationHandle *handle, void *addr)
{
	res_handle r;
	struct call k;
	CUresult e;

	if (handle == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = devmem_call(&k, (uint64_t)(uintptr_t)addr, CALL_NO_REPLY)) !=
	    CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k,
	    cu_mem_retain_allocation_handle((cu_dptr)(uintptr_t)addr, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*handle = route_tag(r.res_handle_u.value, k.server);
	return (CUresult)r.err;
}
