/*
 * array.c -- creating CUDA arrays and mipmapped arrays, their descriptors
 * and memory requirements (idl/cuda.x, CU_ARRAY_CREATE and after), and the
 * ABI of CUDA 3.1 for them.
 *
 * The handles come back tagged with their server (route.h), as every
 * handle does; destroying them, and their levels and planes, are plain
 * calls (gen/glue_client.c).
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/link/say.h"
#include "stubs/route/route.h"

static array_desc desc_to_wire(const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	array_desc w;

	memset(&w, 0, sizeof w);
	w.width = d->Width;
	w.height = d->Height;
	w.depth = d->Depth;
	w.format = (int)d->Format;
	w.num_channels = d->NumChannels;
	w.flags = d->Flags;
	return w;
}

static CUDA_ARRAY3D_DESCRIPTOR desc_from_wire(const array_desc *w)
{
	CUDA_ARRAY3D_DESCRIPTOR d;

	memset(&d, 0, sizeof d);
	d.Width = (size_t)w->width;
	d.Height = (size_t)w->height;
	d.Depth = (size_t)w->depth;
	d.Format = (CUarray_format)w->format;
	d.NumChannels = w->num_channels;
	d.Flags = w->flags;
	return d;
}

/* Creates an array in the current context; three_d: cuArray3DCreate's. */
static CUresult create(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *d,
    bool three_d)
{
	res_handle r;
	struct call k;
	CUresult e;

	if (out == NULL || d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_array_create(desc_to_wire(d), three_d, &r, k.c),
	    &r.err);
	if (e == CUDA_SUCCESS)
		*out = (CUarray)(uintptr_t)route_tag(r.res_handle_u.value, k.server);
	return e;
}

static CUresult describe(CUDA_ARRAY3D_DESCRIPTOR *out, CUarray a, bool three_d)
{
	res_array_desc r;
	struct call k;
	CUresult e;

	if (out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, a, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_array_get_descriptor(route_strip(a), three_d, &r,
	    k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*out = desc_from_wire(&r.res_array_desc_u.value);
	return e;
}

ONCUDA_API CUresult cuArrayCreate(CUarray *pHandle,
    const CUDA_ARRAY_DESCRIPTOR *pAllocateArray)
{
	CUDA_ARRAY3D_DESCRIPTOR d;

	if (pAllocateArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&d, 0, sizeof d);
	d.Width = pAllocateArray->Width;
	d.Height = pAllocateArray->Height;
	d.Format = pAllocateArray->Format;
	d.NumChannels = pAllocateArray->NumChannels;
	return create(pHandle, &d, false);
}

ONCUDA_API CUresult cuArray3DCreate(CUarray *pHandle,
    const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray)
{
	return create(pHandle, pAllocateArray, true);
}

ONCUDA_API CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor,
    CUarray hArray)
{
	CUDA_ARRAY3D_DESCRIPTOR d;
	CUresult e;

	if (pArrayDescriptor == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = describe(&d, hArray, false)) != CUDA_SUCCESS)
		return e;
	pArrayDescriptor->Width = d.Width;
	pArrayDescriptor->Height = d.Height;
	pArrayDescriptor->Format = d.Format;
	pArrayDescriptor->NumChannels = d.NumChannels;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuArray3DGetDescriptor(
    CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	return describe(pArrayDescriptor, hArray, true);
}

/* The memory requirements of an array (mipmapped: of a mipmapped array). */
static CUresult requirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *out,
    const void *array, bool mipmapped, CUdevice device)
{
	struct route rt = ROUTE_INIT;
	res_mem_requirements r;
	CUdevice local;
	struct call k;
	CUresult e;

	if (out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_handle(&rt, array, ROUTE_HANDLE);
	route_device(&rt, device, &local);
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if (mipmapped)
		e = call_done(&k, cu_mipmapped_array_get_memory_requirements(
		    route_strip(array), local, &r, k.c), &r.err);
	else
		e = call_done(&k, cu_array_get_memory_requirements(
		    route_strip(array), local, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS) {
		memset(out, 0, sizeof *out);
		out->size = (size_t)r.res_mem_requirements_u.value.size;
		out->alignment = (size_t)r.res_mem_requirements_u.value.alignment;
	}
	return e;
}

ONCUDA_API CUresult cuArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUarray array,
    CUdevice device)
{
	return requirements(memoryRequirements, array, false, device);
}

ONCUDA_API CUresult cuMipmappedArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements,
    CUmipmappedArray mipmap, CUdevice device)
{
	return requirements(memoryRequirements, mipmap, true, device);
}

ONCUDA_API CUresult cuMipmappedArrayCreate(CUmipmappedArray *pHandle,
    const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
    unsigned int numMipmapLevels)
{
	res_handle r;
	struct call k;
	CUresult e;

	if (pHandle == NULL || pMipmappedArrayDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_mipmapped_array_create(
	    desc_to_wire(pMipmappedArrayDesc), numMipmapLevels, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*pHandle = (CUmipmappedArray)(uintptr_t)route_tag(
		    r.res_handle_u.value, k.server);
	return e;
}

/*
 * The ABI of CUDA 3.1: descriptors of unsigned int sizes, which cuda.h
 * declares only for the driver's own build.  A size that does not fit in
 * the old descriptor is refused as the driver refuses what it cannot
 * describe.
 */
struct desc_v1 {
	unsigned int Width;
	unsigned int Height;
	CUarray_format Format;
	unsigned int NumChannels;
};

struct desc3d_v1 {
	unsigned int Width;
	unsigned int Height;
	unsigned int Depth;
	CUarray_format Format;
	unsigned int NumChannels;
	unsigned int Flags;
};

#undef cuArrayCreate
#undef cuArray3DCreate
#undef cuArrayGetDescriptor
#undef cuArray3DGetDescriptor
ONCUDA_API CUresult cuArrayCreate(CUarray *pHandle, const struct desc_v1 *d);
ONCUDA_API CUresult cuArray3DCreate(CUarray *pHandle, const struct desc3d_v1 *d);
ONCUDA_API CUresult cuArrayGetDescriptor(struct desc_v1 *d, CUarray hArray);
ONCUDA_API CUresult cuArray3DGetDescriptor(struct desc3d_v1 *d, CUarray hArray);

ONCUDA_API CUresult cuArrayCreate(CUarray *pHandle, const struct desc_v1 *d)
{
	CUDA_ARRAY3D_DESCRIPTOR w;

	if (d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.Width = d->Width;
	w.Height = d->Height;
	w.Format = d->Format;
	w.NumChannels = d->NumChannels;
	return create(pHandle, &w, false);
}

ONCUDA_API CUresult cuArray3DCreate(CUarray *pHandle, const struct desc3d_v1 *d)
{
	CUDA_ARRAY3D_DESCRIPTOR w;

	if (d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&w, 0, sizeof w);
	w.Width = d->Width;
	w.Height = d->Height;
	w.Depth = d->Depth;
	w.Format = d->Format;
	w.NumChannels = d->NumChannels;
	w.Flags = d->Flags;
	return create(pHandle, &w, true);
}

static bool narrow(size_t v, unsigned int *out)
{
	*out = (unsigned int)v;
	return v <= UINT32_MAX;
}

ONCUDA_API CUresult cuArrayGetDescriptor(struct desc_v1 *d, CUarray hArray)
{
	CUDA_ARRAY3D_DESCRIPTOR w;
	CUresult e;

	if (d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = describe(&w, hArray, false)) != CUDA_SUCCESS)
		return e;
	if (!narrow(w.Width, &d->Width) || !narrow(w.Height, &d->Height))
		return CUDA_ERROR_INVALID_VALUE;
	d->Format = w.Format;
	d->NumChannels = w.NumChannels;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuArray3DGetDescriptor(struct desc3d_v1 *d, CUarray hArray)
{
	CUDA_ARRAY3D_DESCRIPTOR w;
	CUresult e;

	if (d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = describe(&w, hArray, true)) != CUDA_SUCCESS)
		return e;
	if (!narrow(w.Width, &d->Width) || !narrow(w.Height, &d->Height) ||
	    !narrow(w.Depth, &d->Depth))
		return CUDA_ERROR_INVALID_VALUE;
	d->Format = w.Format;
	d->NumChannels = w.NumChannels;
	d->Flags = w.Flags;
	return CUDA_SUCCESS;
}
