/*
 * svc_array.c -- CUDA arrays and mipmapped arrays: creating them, their
 * descriptors and memory requirements, destroying them.
 *
 * An array handle the driver gives out is registered as this client's
 * (owned by the context current at its creation, so that it is forgotten
 * with that context); every handle a client names is checked first.  The
 * descriptors are the driver's to judge: an impossible one gets its error.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/sparse_tiles.h"

static void desc_from_wire(const array_desc *w, CUDA_ARRAY3D_DESCRIPTOR *d)
{
	memset(d, 0, sizeof *d);
	d->Width = (size_t)w->width;
	d->Height = (size_t)w->height;
	d->Depth = (size_t)w->depth;
	d->Format = (CUarray_format)w->format;
	d->NumChannels = w->num_channels;
	d->Flags = w->flags;
}

static void desc_to_wire(const CUDA_ARRAY3D_DESCRIPTOR *d, array_desc *w)
{
	memset(w, 0, sizeof *w);
	w->width = d->Width;
	w->height = d->Height;
	w->depth = d->Depth;
	w->format = (int)d->Format;
	w->num_channels = d->NumChannels;
	w->flags = d->Flags;
}

/* Registers what the driver just made, or destroys it again. */
static void keep(res_handle *r, enum handle_kind kind, cu_handle h)
{
	if (r->err != CUDA_SUCCESS)
		return;
	if (!handle_add(kind, h, 0)) {
		if (kind == HANDLE_ARRAY)
			(void)cuArrayDestroy((CUarray)(uintptr_t)h);
		else
			(void)cuMipmappedArrayDestroy((CUmipmappedArray)(uintptr_t)h);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->res_handle_u.value = h;
}

bool_t cu_array_create_svc(array_desc desc, bool_t three_d, res_handle *r,
    struct svc_req *rq)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUarray a = NULL;

	(void)rq;
	memset(r, 0, sizeof *r);
	desc_from_wire(&desc, &d3);
	if (three_d) {
		r->err = cuArray3DCreate(&a, &d3);
	} else {
		CUDA_ARRAY_DESCRIPTOR d2 = { d3.Width, d3.Height, d3.Format,
		    d3.NumChannels };

		/* cuArrayCreate's descriptor has no depth or flags. */
		if (desc.depth != 0 || desc.flags != 0)
			r->err = CUDA_ERROR_INVALID_VALUE;
		else
			r->err = cuArrayCreate(&a, &d2);
	}
	keep(r, HANDLE_ARRAY, (cu_handle)(uintptr_t)a);
	return TRUE;
}

bool_t cu_array_get_descriptor_svc(cu_handle array, bool_t three_d,
    res_array_desc *r, struct svc_req *rq)
{
	CUarray a = (CUarray)(uintptr_t)array;
	CUDA_ARRAY3D_DESCRIPTOR d3;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_ARRAY, array, false)) != CUDA_SUCCESS)
		return TRUE;
	memset(&d3, 0, sizeof d3);
	if (three_d) {
		r->err = cuArray3DGetDescriptor(&d3, a);
	} else {
		CUDA_ARRAY_DESCRIPTOR d2;

		memset(&d2, 0, sizeof d2);
		r->err = cuArrayGetDescriptor(&d2, a);
		d3.Width = d2.Width;
		d3.Height = d2.Height;
		d3.Format = d2.Format;
		d3.NumChannels = d2.NumChannels;
	}
	if (r->err == CUDA_SUCCESS)
		desc_to_wire(&d3, &r->res_array_desc_u.value);
	return TRUE;
}

static void requirements_to_wire(const CUDA_ARRAY_MEMORY_REQUIREMENTS *m,
    res_mem_requirements *r)
{
	if (r->err != CUDA_SUCCESS)
		return;
	r->res_mem_requirements_u.value.size = m->size;
	r->res_mem_requirements_u.value.alignment = m->alignment;
}

bool_t cu_array_get_memory_requirements_svc(cu_handle array, int device,
    res_mem_requirements *r, struct svc_req *rq)
{
	CUDA_ARRAY_MEMORY_REQUIREMENTS m;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_ARRAY, array, false)) != CUDA_SUCCESS)
		return TRUE;
	memset(&m, 0, sizeof m);
	r->err = cuArrayGetMemoryRequirements(&m, (CUarray)(uintptr_t)array,
	    (CUdevice)device);
	requirements_to_wire(&m, r);
	return TRUE;
}

bool_t cu_mipmapped_array_create_svc(array_desc desc, u_int levels,
    res_handle *r, struct svc_req *rq)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUmipmappedArray m = NULL;

	(void)rq;
	memset(r, 0, sizeof *r);
	desc_from_wire(&desc, &d3);
	r->err = cuMipmappedArrayCreate(&m, &d3, levels);
	keep(r, HANDLE_MIPMAPPED_ARRAY, (cu_handle)(uintptr_t)m);
	return TRUE;
}

bool_t cu_mipmapped_array_get_memory_requirements_svc(cu_handle array,
    int device, res_mem_requirements *r, struct svc_req *rq)
{
	CUDA_ARRAY_MEMORY_REQUIREMENTS m;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_MIPMAPPED_ARRAY, array, false)) != CUDA_SUCCESS)
		return TRUE;
	memset(&m, 0, sizeof m);
	r->err = cuMipmappedArrayGetMemoryRequirements(&m,
	    (CUmipmappedArray)(uintptr_t)array, (CUdevice)device);
	requirements_to_wire(&m, r);
	return TRUE;
}

/*
 * The driver drops the mappings of a sparse array's tiles with the array,
 * so the server forgets them too (sparse_tiles.h).
 */
bool_t cu_array_destroy_svc(cu_handle array, res_none *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_ARRAY, array, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuArrayDestroy((CUarray)(uintptr_t)array);
	if (r->err == CUDA_SUCCESS) {
		handle_forget(HANDLE_ARRAY, array);
		sparse_tiles_forget(array);
	}
	return TRUE;
}

bool_t cu_mipmapped_array_destroy_svc(cu_handle array, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_MIPMAPPED_ARRAY, array, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuMipmappedArrayDestroy((CUmipmappedArray)(uintptr_t)array);
	if (r->err == CUDA_SUCCESS) {
		handle_forget(HANDLE_MIPMAPPED_ARRAY, array);
		sparse_tiles_forget(array);
	}
	return TRUE;
}
