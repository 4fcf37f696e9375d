/*
 * svc_vmm.c -- virtual memory management: reservations, physical
 * allocations and the mappings between them.
 *
 * The driver trusts the addresses and handles it is given, so the client's
 * reservations, allocation handles and mappings are recorded here, and
 * every call is checked against them first: a map must fall inside one
 * reservation of the client's and name an allocation of the client's.
 * Each run of contiguous mappings inside a reservation is one of the
 * client's device ranges (ranges.h, owner: the reservation), so a copy may
 * cross the seam between two mappings as it may natively.  Physical memory
 * is counted against --max-memory from cuMemCreate until the last retain
 * is released and it is mapped nowhere (at no address, and in no tile of
 * a sparse array: vmm_tile_mapped), which is when the driver frees it.
 *
 * A program holds a few of each, so they are kept in plain arrays.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/svc_vmm.h"

struct reservation {
	uint64_t base, size;
};

struct physical {
	cu_handle handle;
	uint64_t bytes;		/* taken from the budget */
	unsigned refs;		/* cuMemCreate and retains not yet released */
	unsigned maps;		/* mappings of it */
};

struct mapping {
	uint64_t ptr, size;
	cu_handle handle;
};

static struct reservation *reservations;
static size_t reservation_count;
static struct physical *physicals;
static size_t physical_count;
static struct mapping *mappings;
static size_t mapping_count;

/* Room for one more element in *array of *count; false: out of memory. */
static bool room(void **array, size_t count, size_t elem)
{
	void *grown;

	if ((count & (count - 1)) != 0 && count != 0)
		return true;	/* capacity is the next power of two */
	grown = realloc(*array, (count == 0 ? 4 : count * 2) * elem);
	if (grown == NULL)
		return false;
	*array = grown;
	return true;
}

/* The reservation holding [ptr, ptr + size), or NULL. */
static struct reservation *reservation_holding(uint64_t ptr, uint64_t size)
{
	for (size_t i = 0; i < reservation_count; i++) {
		struct reservation *v = &reservations[i];

		if (ptr >= v->base && ptr - v->base <= v->size &&
		    size <= v->size - (ptr - v->base))
			return v;
	}
	return NULL;
}

/*
 * The physical allocation of handle h: a live one (refs > 0) first, as
 * the driver may reuse the value of one released but still mapped.
 */
static struct physical *physical_of(cu_handle h)
{
	struct physical *found = NULL;

	for (size_t i = 0; i < physical_count; i++)
		if (physicals[i].handle == h &&
		    (found == NULL || physicals[i].refs > 0))
			found = &physicals[i];
	return found;
}

/*
 * Forgets a physical allocation once nothing holds it.  Its handle went
 * with its last release (the driver's handle is invalid then, though
 * mappings keep the memory).
 */
static void physical_settle(struct physical *p)
{
	if (p->refs != 0 || p->maps != 0)
		return;
	memory_give(p->bytes, USAGE_DEVICE);
	*p = physicals[--physical_count];
}

static int by_ptr(const void *a, const void *b)
{
	const struct mapping *x = a, *y = b;

	return x->ptr < y->ptr ? -1 : x->ptr > y->ptr;
}

/*
 * Makes the device ranges of reservation v its runs of contiguous
 * mappings, after a map or unmap changed them.  false: out of memory
 * (some run could not be recorded).
 */
static bool reranges(const struct reservation *v)
{
	uint64_t start = 0, end = 0;
	bool ok = true;

	ranges_forget_owner(RANGE_MAPPING, v->base);
	qsort(mappings, mapping_count, sizeof *mappings, by_ptr);
	for (size_t i = 0; i <= mapping_count; i++) {
		const struct mapping *m = i < mapping_count ? &mappings[i] : NULL;

		if (m != NULL && (m->ptr < v->base || m->ptr - v->base >= v->size))
			continue;
		if (m != NULL && end != 0 && m->ptr == end) {
			end += m->size;
			continue;
		}
		if (end != 0)
			ok &= ranges_add(start, end - start, RANGE_MAPPING,
			    v->base, NULL);
		if (m != NULL) {
			start = m->ptr;
			end = m->ptr + m->size;
		}
	}
	return ok;
}

bool_t cu_mem_get_allocation_granularity_svc(mem_alloc_prop prop, int option,
    res_size *r, struct svc_req *rq)
{
	CUmemAllocationProp p = mem_alloc_prop_unpack(&prop);
	size_t g;

	(void)rq;
	r->err = cuMemGetAllocationGranularity(&g, &p,
	    (CUmemAllocationGranularity_flags)option);
	if (r->err == CUDA_SUCCESS)
		r->res_size_u.value = g;
	return TRUE;
}

bool_t cu_mem_address_reserve_svc(cu_size size, cu_size alignment,
    cu_dptr addr, cu_size flags, res_dptr *r, struct svc_req *rq)
{
	CUdeviceptr ptr;

	(void)rq;
	if (!room((void **)&reservations, reservation_count, sizeof *reservations)) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemAddressReserve(&ptr, (size_t)size, (size_t)alignment,
	    (CUdeviceptr)addr, flags);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	reservations[reservation_count++] = (struct reservation){ ptr, size };
	r->res_dptr_u.value = ptr;
	return TRUE;
}

bool_t cu_mem_address_free_svc(cu_dptr ptr, cu_size size, res_none *r,
    struct svc_req *rq)
{
	struct reservation *v = reservation_holding(ptr, size);

	(void)rq;
	if (v == NULL || v->base != ptr || v->size != size) {
		log_msg(LOG_INFO, "cuMemAddressFree of [0x%llx, +%llu), which is "
		    "no reservation of this client's", (unsigned long long)ptr,
		    (unsigned long long)size);
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemAddressFree((CUdeviceptr)ptr, (size_t)size);
	if (r->err == CUDA_SUCCESS) {
		ranges_forget_owner(RANGE_MAPPING, v->base);
		*v = reservations[--reservation_count];
	}
	return TRUE;
}

/*
 * Which shareable handle types cuMemCreate may ask for.  Asking only makes
 * the allocation exportable later; the export itself
 * (cuMemExportToShareableHandle) is what would hand out a descriptor of
 * this server, and it is refused.  So a POSIX descriptor type is passed to
 * the driver as asked (XLA asks for it on every allocation, and falls back
 * to slower paths when refused); the types that need more than this host
 * (fabric, Windows handles) are refused here, as the attribute table says.
 */
static bool exportable(const mem_alloc_prop *prop, const char *call)
{
	int others = prop->requested_handle_types &
	    ~(int)CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;

	if (others == CU_MEM_HANDLE_TYPE_NONE)
		return false;
	log_msg(LOG_INFO, "%s: refused shareable handle types 0x%x: they "
	    "would need more than this server", call, others);
	return true;
}

bool_t cu_mem_create_svc(cu_size size, mem_alloc_prop prop, cu_size flags,
    res_handle *r, struct svc_req *rq)
{
	CUmemAllocationProp p = mem_alloc_prop_unpack(&prop);
	CUmemGenericAllocationHandle h;

	(void)rq;
	if (exportable(&prop, "cuMemCreate")) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	if (!room((void **)&physicals, physical_count, sizeof *physicals) ||
	    !memory_take(size, USAGE_DEVICE, "physical memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemCreate(&h, (size_t)size, &p, flags);
	if (r->err == CUDA_SUCCESS && !handle_add(HANDLE_MEM_ALLOCATION, h, 0)) {
		cuMemRelease(h);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err != CUDA_SUCCESS) {
		memory_give(size, USAGE_DEVICE);
		return TRUE;
	}
	physicals[physical_count++] = (struct physical){ h, size, 1, 0 };
	r->res_handle_u.value = h;
	return TRUE;
}

bool_t cu_mem_release_svc(cu_handle handle, res_none *r, struct svc_req *rq)
{
	struct physical *p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_ALLOCATION, handle, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	p = physical_of(handle);
	assert(p != NULL && p->refs > 0);
	r->err = cuMemRelease(handle);
	if (r->err == CUDA_SUCCESS && --p->refs == 0) {
		handle_forget(HANDLE_MEM_ALLOCATION, handle);
		physical_settle(p);
	}
	return TRUE;
}

bool_t cu_mem_map_svc(cu_dptr ptr, cu_size size, cu_size offset,
    cu_handle handle, cu_size flags, res_none *r, struct svc_req *rq)
{
	struct reservation *v = reservation_holding(ptr, size);
	struct physical *p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_ALLOCATION, handle, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (v == NULL || size == 0) {
		log_msg(LOG_INFO, "cuMemMap of [0x%llx, +%llu), outside this "
		    "client's reservations", (unsigned long long)ptr,
		    (unsigned long long)size);
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if (!room((void **)&mappings, mapping_count, sizeof *mappings)) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemMap((CUdeviceptr)ptr, (size_t)size, (size_t)offset,
	    handle, flags);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	mappings[mapping_count++] = (struct mapping){ ptr, size, handle };
	p = physical_of(handle);
	assert(p != NULL);
	p->maps++;
	if (!reranges(v))
		log_msg(LOG_WARN, "out of memory recording a mapping: copies "
		    "to it will be refused");
	return TRUE;
}

bool_t cu_mem_unmap_svc(cu_dptr ptr, cu_size size, res_none *r,
    struct svc_req *rq)
{
	struct reservation *v = reservation_holding(ptr, size);

	(void)rq;
	if (v == NULL) {
		log_msg(LOG_INFO, "cuMemUnmap of [0x%llx, +%llu), outside this "
		    "client's reservations", (unsigned long long)ptr,
		    (unsigned long long)size);
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemUnmap((CUdeviceptr)ptr, (size_t)size);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	for (size_t i = 0; i < mapping_count;) {
		struct mapping *m = &mappings[i];
		struct physical *p;

		if (m->ptr < ptr || m->ptr - ptr >= size) {
			i++;
			continue;
		}
		if ((p = physical_of(m->handle)) != NULL) {
			p->maps--;
			physical_settle(p);
		}
		*m = mappings[--mapping_count];
	}
	reranges(v);
	return TRUE;
}

bool_t cu_mem_set_access_svc(cu_dptr ptr, cu_size size, mem_access_descs desc,
    res_none *r, struct svc_req *rq)
{
	CUmemAccessDesc descs[ONCUDA_ACCESS_DESCS_MAX];

	(void)rq;
	if (reservation_holding(ptr, size) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	assert(desc.mem_access_descs_len <= ONCUDA_ACCESS_DESCS_MAX);
	for (u_int i = 0; i < desc.mem_access_descs_len; i++)
		descs[i] = mem_access_desc_unpack(&desc.mem_access_descs_val[i]);
	r->err = cuMemSetAccess((CUdeviceptr)ptr, (size_t)size, descs,
	    desc.mem_access_descs_len);
	return TRUE;
}

bool_t cu_mem_get_access_svc(mem_location location, cu_dptr ptr, res_size *r,
    struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);
	unsigned long long flags;

	(void)rq;
	if (reservation_holding(ptr, 1) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemGetAccess(&flags, &l, (CUdeviceptr)ptr);
	if (r->err == CUDA_SUCCESS)
		r->res_size_u.value = flags;
	return TRUE;
}

bool_t cu_mem_get_allocation_properties_from_handle_svc(cu_handle handle,
    res_alloc_prop *r, struct svc_req *rq)
{
	CUmemAllocationProp p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_ALLOCATION, handle, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof p);
	r->err = cuMemGetAllocationPropertiesFromHandle(&p, handle);
	if (r->err == CUDA_SUCCESS)
		r->res_alloc_prop_u.value = mem_alloc_prop_pack(&p);
	return TRUE;
}

bool_t cu_mem_retain_allocation_handle_svc(cu_dptr addr, res_handle *r,
    struct svc_req *rq)
{
	CUmemGenericAllocationHandle h;
	struct physical *p = NULL;

	(void)rq;
	/* Only an address the client mapped names an allocation of its. */
	for (size_t i = 0; i < mapping_count; i++)
		if (addr - mappings[i].ptr < mappings[i].size)
			p = physical_of(mappings[i].handle);
	if (p == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemRetainAllocationHandle(&h, (void *)(uintptr_t)addr);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (h != p->handle) {
		/* The driver answers the handle it mapped there; another
		 * value would be no handle of the client's. */
		log_msg(LOG_WARN, "cuMemRetainAllocationHandle answered 0x%llx "
		    "for a mapping of 0x%llx", (unsigned long long)h,
		    (unsigned long long)p->handle);
		cuMemRelease(h);
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	p->refs++;
	r->res_handle_u.value = h;
	return TRUE;
}

void vmm_tile_mapped(cu_handle h)
{
	struct physical *p = physical_of(h);

	assert(p != NULL);
	p->maps++;
}

void vmm_tile_unmapped(cu_handle h)
{
	struct physical *p = physical_of(h);

	/* None when the session's end released it first. */
	if (p == NULL)
		return;
	assert(p->maps > 0);
	p->maps--;
	physical_settle(p);
}

void vmm_release_all(void)
{
	for (size_t i = 0; i < mapping_count; i++)
		cuMemUnmap((CUdeviceptr)mappings[i].ptr, (size_t)mappings[i].size);
	for (size_t i = 0; i < physical_count; i++) {
		for (; physicals[i].refs > 0; physicals[i].refs--)
			cuMemRelease(physicals[i].handle);
		memory_give(physicals[i].bytes, USAGE_DEVICE);
	}
	for (size_t i = 0; i < reservation_count; i++) {
		ranges_forget_owner(RANGE_MAPPING, reservations[i].base);
		cuMemAddressFree((CUdeviceptr)reservations[i].base,
		    (size_t)reservations[i].size);
	}
	free(mappings);
	free(physicals);
	free(reservations);
	mappings = NULL;
	physicals = NULL;
	reservations = NULL;
	mapping_count = physical_count = reservation_count = 0;
}
