/*
 * managed.c - managed memory: cuMemAllocManaged, prefetches, advice, range
 * attributes and cuStreamAttachMemAsync.
 *
 * Managed memory is host memory here, like the stand-in's device memory,
 * from the same window far from the heap (alloc_table.c): a client of
 * oncudad, another process, maps its side of the allocation at the same
 * address, which must be free there.  The stand-in has one memory, so
 * prefetches move nothing; they are checked and remembered, as advice is,
 * for the range attributes.  What is remembered is per allocation: the
 * tests advise and prefetch whole allocations.
 */
#include <string.h>

#include "fakecuda.h"

/* What advice and prefetches said of one allocation. */
struct managed_state {
	uintptr_t base;
	bool read_mostly;
	CUmemLocation preferred;	/* type NONE (0): none */
	CUmemLocation last_prefetch;	/* type NONE: never prefetched */
	bool accessed_by[FC_MAX_DEVICES];
	struct managed_state *next;
};

static struct managed_state *states;

/* The state of the allocation at base, made when first asked for. */
static struct managed_state *
state_of(uintptr_t base)
{
	struct managed_state *s;

	for (s = states; s != NULL; s = s->next)
		if (s->base == base)
			return s;
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->base = base;
	s->next = states;
	states = s;
	return s;
}

/* A fresh allocation at base: what an earlier one there said is void. */
static void
state_forget(uintptr_t base)
{
	struct managed_state **at, *s;

	for (at = &states; (s = *at) != NULL; at = &s->next) {
		if (s->base == base) {
			*at = s->next;
			free(s);
			return;
		}
	}
}

/*
 * The driver packs managed allocations under 2 MiB into 2 MiB blocks, in
 * 512-byte steps, several to a page (driver 580 on an H200: 4 bytes, then
 * 4 more at +512); so does the stand-in, whose clients must map such
 * pages once for several allocations.  A block's space is not reused.
 */
#define PACK_BLOCK (2u << 20)
#define PACK_STEP 512u

static CUresult
alloc_packed(struct fc_context *ctx, size_t size, unsigned int flags,
    struct fc_alloc **out)
{
	static uintptr_t block, next;
	size_t need = (size + PACK_STEP - 1) / PACK_STEP * PACK_STEP;
	void *p;

	if (block == 0 || next + need > block + PACK_BLOCK) {
		if ((p = fc_alloc_window(PACK_BLOCK)) == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		block = next = (uintptr_t)p;
	}
	if (fc_alloc_place(ctx, FC_MEM_MANAGED, next, size, flags, out) !=
	    CUDA_SUCCESS)
		return CUDA_ERROR_OUT_OF_MEMORY;
	next += need;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_unsafe();
	if (rc == CUDA_SUCCESS && (dptr == NULL || bytesize == 0 ||
	    (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && bytesize < PACK_BLOCK)
		rc = alloc_packed(ctx, bytesize, flags, &a);
	else if (rc == CUDA_SUCCESS)
		rc = fc_alloc_create(ctx, FC_MEM_MANAGED, bytesize, flags, &a);
	if (rc == CUDA_SUCCESS) {
		state_forget(a->base);
		*dptr = (CUdeviceptr)a->base;
	}
	fc_unlock();
	return rc;
}

/* The managed allocation holding all of [ptr, ptr + count), or NULL. */
static struct fc_alloc *
managed_range(CUdeviceptr ptr, size_t count)
{
	struct fc_alloc *a = fc_alloc_find((uintptr_t)ptr);

	if (a == NULL || a->kind != FC_MEM_MANAGED || count == 0 ||
	    count > a->size - ((uintptr_t)ptr - a->base))
		return NULL;
	return a;
}

static bool
location_valid(CUmemLocation l)
{
	switch (l.type) {
	case CU_MEM_LOCATION_TYPE_DEVICE:
		return l.id >= 0 && l.id < fc_device_count();
	case CU_MEM_LOCATION_TYPE_HOST:
	case CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT:
		return true;
	case CU_MEM_LOCATION_TYPE_HOST_NUMA:
		return l.id == 0;
	default:
		return false;
	}
}

FC_API CUresult
cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
    CUmemLocation location, unsigned int flags, CUstream hStream)
{
	struct fc_context *ctx;
	struct fc_alloc *a = NULL;
	struct managed_state *s;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc == CUDA_SUCCESS && (flags != 0 || !location_valid(location) ||
	    (a = managed_range(devPtr, count)) == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		if ((s = state_of(a->base)) == NULL)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		else
			s->last_prefetch = location;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice,
    CUmemLocation location)
{
	struct fc_context *ctx;
	struct fc_alloc *a = NULL;
	struct managed_state *s = NULL;
	bool device = location.type == CU_MEM_LOCATION_TYPE_DEVICE;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && (a = managed_range(devPtr, count)) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && advice != CU_MEM_ADVISE_SET_READ_MOSTLY &&
	    advice != CU_MEM_ADVISE_UNSET_READ_MOSTLY &&
	    !location_valid(location))
		rc = CUDA_ERROR_INVALID_DEVICE;
	if (rc == CUDA_SUCCESS && (s = state_of(a->base)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		switch (advice) {
		case CU_MEM_ADVISE_SET_READ_MOSTLY:
		case CU_MEM_ADVISE_UNSET_READ_MOSTLY:
			s->read_mostly = advice == CU_MEM_ADVISE_SET_READ_MOSTLY;
			break;
		case CU_MEM_ADVISE_SET_PREFERRED_LOCATION:
			s->preferred = location;
			break;
		case CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
			memset(&s->preferred, 0, sizeof(s->preferred));
			break;
		case CU_MEM_ADVISE_SET_ACCESSED_BY:
		case CU_MEM_ADVISE_UNSET_ACCESSED_BY:
			if (device)
				s->accessed_by[location.id] =
				    advice == CU_MEM_ADVISE_SET_ACCESSED_BY;
			break;
		default:
			rc = CUDA_ERROR_INVALID_VALUE;
		}
	}
	fc_unlock();
	return rc;
}

/* A location as the CUDA 8 attributes give it: a device or CU_DEVICE_CPU. */
static int
as_device(CUmemLocation l)
{
	if (l.type == CU_MEM_LOCATION_TYPE_DEVICE)
		return l.id;
	if (l.type == CU_MEM_LOCATION_TYPE_NONE)
		return CU_DEVICE_INVALID;
	return CU_DEVICE_CPU;
}

static CUresult
range_attribute(void *data, size_t size, CUmem_range_attribute attribute,
    const struct managed_state *s)
{
	int *out = data;

	if (size < 4 || size % 4 != 0 ||
	    (attribute != CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY && size != 4))
		return CUDA_ERROR_INVALID_VALUE;
	switch (attribute) {
	case CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY:
		*out = s->read_mostly;
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION:
		*out = as_device(s->preferred);
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION:
		*out = as_device(s->last_prefetch);
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE:
		*out = s->preferred.type;
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID:
		*out = s->preferred.id;
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE:
		*out = s->last_prefetch.type;
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID:
		*out = s->last_prefetch.id;
		return CUDA_SUCCESS;
	case CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY: {
		size_t n = 0;

		for (size_t i = 0; i < size / 4; i++)
			out[i] = CU_DEVICE_INVALID;
		for (int d = 0; d < FC_MAX_DEVICES && n < size / 4; d++)
			if (s->accessed_by[d])
				out[n++] = d;
		return CUDA_SUCCESS;
	}
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

FC_API CUresult
cuMemRangeGetAttribute(void *data, size_t dataSize,
    CUmem_range_attribute attribute, CUdeviceptr devPtr, size_t count)
{
	struct managed_state *s = NULL;
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (data == NULL ||
	    (a = managed_range(devPtr, count)) == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (s = state_of(a->base)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS)
		rc = range_attribute(data, dataSize, attribute, s);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemRangeGetAttributes(void **data, size_t *dataSizes,
    CUmem_range_attribute *attributes, size_t numAttributes,
    CUdeviceptr devPtr, size_t count)
{
	CUresult rc = CUDA_SUCCESS;

	if (data == NULL || dataSizes == NULL || attributes == NULL ||
	    numAttributes == 0)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < numAttributes && rc == CUDA_SUCCESS; i++)
		rc = cuMemRangeGetAttribute(data[i], dataSizes[i],
		    attributes[i], devPtr, count);
	return rc;
}

FC_API CUresult
cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr, size_t length,
    unsigned int flags)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc == CUDA_SUCCESS && ((a = fc_alloc_find((uintptr_t)dptr)) ==
	    NULL || a->kind != FC_MEM_MANAGED ||
	    (length != 0 && (a->base != (uintptr_t)dptr ||
	    length != a->size)) ||
	    (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST &&
	    flags != CU_MEM_ATTACH_SINGLE)))
		rc = CUDA_ERROR_INVALID_VALUE;
	fc_unlock();
	return rc;
}
