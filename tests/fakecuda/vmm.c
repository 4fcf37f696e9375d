/*
 * vmm.c - virtual memory management over host memory.
 *
 * A reservation is address space mapped PROT_NONE; a physical allocation
 * is a memfd of its size; cuMemMap maps the memfd over the reservation
 * (MAP_FIXED, shared, so two mappings of one allocation see the same
 * bytes) and enters the mapping in the allocation table, so copies,
 * memsets and kernels accept it; cuMemUnmap puts PROT_NONE back.  The
 * granularity is 2 MiB, as on the GPUs this stands in for.  Mappings are
 * readable and writable from the start: access flags are recorded for
 * cuMemGetAccess only.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fakecuda.h"

#define GRANULARITY (2u << 20)

struct physical {
	uintptr_t handle;
	int fd;
	size_t size;
	CUdevice device;
	CUmemAllocationProp prop;
	unsigned refs, maps;
};

struct reservation {
	uintptr_t base;
	size_t size;
	struct reservation *next;
};

struct mapping {
	uintptr_t base;
	size_t size;
	struct physical *phys;
	unsigned long long access;
	struct mapping *next;
};

static struct reservation *reservations;
static struct mapping *mappings;

static bool
prop_ok(const CUmemAllocationProp *prop)
{
	return prop != NULL && prop->type == CU_MEM_ALLOCATION_TYPE_PINNED &&
	    prop->location.type == CU_MEM_LOCATION_TYPE_DEVICE &&
	    fc_check_device(prop->location.id) == CUDA_SUCCESS;
}

FC_API CUresult
cuMemGetAllocationGranularity(size_t *granularity,
    const CUmemAllocationProp *prop, CUmemAllocationGranularity_flags option)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (granularity == NULL || !prop_ok(prop) ||
	    (option != CU_MEM_ALLOC_GRANULARITY_MINIMUM &&
	    option != CU_MEM_ALLOC_GRANULARITY_RECOMMENDED)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*granularity = GRANULARITY;
	fc_unlock();
	return rc;
}

static struct reservation *
reservation_holding(uintptr_t p, size_t size)
{
	for (struct reservation *r = reservations; r != NULL; r = r->next)
		if (p >= r->base && p - r->base <= r->size &&
		    size <= r->size - (p - r->base))
			return r;
	return NULL;
}

FC_API CUresult
cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment,
    CUdeviceptr addr, unsigned long long flags)
{
	struct reservation *r;
	CUresult rc;
	void *p;

	(void)addr;	/* a hint; the stand-in lets the kernel choose */
	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (ptr == NULL || size == 0 ||
	    size % GRANULARITY != 0 || flags != 0 ||
	    (alignment != 0 && alignment > GRANULARITY)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (r = malloc(sizeof(*r))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		/* Over-reserve to align the base to the granularity. */
		p = mmap(NULL, size + GRANULARITY, PROT_NONE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED) {
			free(r);
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		} else {
			uintptr_t base = ((uintptr_t)p + GRANULARITY - 1) &
			    ~(uintptr_t)(GRANULARITY - 1);
			size_t head = base - (uintptr_t)p;

			if (head != 0)
				munmap(p, head);
			munmap((void *)(base + size), GRANULARITY - head);
			r->base = base;
			r->size = size;
			r->next = reservations;
			reservations = r;
			*ptr = (CUdeviceptr)base;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemAddressFree(CUdeviceptr ptr, size_t size)
{
	struct reservation **at;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	for (at = &reservations; *at != NULL &&
	    ((*at)->base != (uintptr_t)ptr || (*at)->size != size);
	    at = &(*at)->next)
		;
	if (*at == NULL) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		struct reservation *r = *at;

		for (struct mapping *m = mappings; m != NULL; m = m->next)
			if (m->base - r->base < r->size)
				rc = CUDA_ERROR_INVALID_VALUE;	/* still mapped */
		if (rc == CUDA_SUCCESS) {
			*at = r->next;
			munmap((void *)r->base, r->size);
			free(r);
		}
	}
	fc_unlock();
	return rc;
}

static void
physical_settle(struct physical *ph)
{
	if (ph->refs != 0 || ph->maps != 0)
		return;
	fc_accounting_release(ph->device, ph->size);
	close(ph->fd);
	free(ph);
}

FC_API CUresult
cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size,
    const CUmemAllocationProp *prop, unsigned long long flags)
{
	struct physical *ph = NULL;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (handle == NULL || !prop_ok(prop) ||
	    size == 0 || size % GRANULARITY != 0 || flags != 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	/* The driver makes a POSIX-descriptor exportable allocation on Linux;
	 * the others need what a stand-in has not. */
	if (rc == CUDA_SUCCESS && (prop->requestedHandleTypes &
	    ~(unsigned)CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR) != 0)
		rc = CUDA_ERROR_NOT_SUPPORTED;
	if (rc == CUDA_SUCCESS)
		rc = fc_accounting_charge(prop->location.id, size);
	if (rc == CUDA_SUCCESS) {
		ph = calloc(1, sizeof(*ph));
		if (ph != NULL && (ph->fd = memfd_create("fakecuda-vmm", 0)) < 0) {
			free(ph);
			ph = NULL;
		}
		if (ph != NULL && (ftruncate(ph->fd, (off_t)size) != 0 ||
		    (ph->handle = fc_handle_new(FC_KIND_MEM_ALLOCATION, ph)) == 0)) {
			close(ph->fd);
			free(ph);
			ph = NULL;
		}
		if (ph == NULL) {
			fc_accounting_release(prop->location.id, size);
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		}
	}
	if (rc == CUDA_SUCCESS) {
		ph->size = size;
		ph->device = prop->location.id;
		ph->prop = *prop;
		ph->refs = 1;
		*handle = ph->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemRelease(CUmemGenericAllocationHandle handle)
{
	struct physical *ph;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	ph = fc_handle_lookup((uintptr_t)handle, FC_KIND_MEM_ALLOCATION);
	if (ph == NULL) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else if (--ph->refs == 0) {
		fc_handle_drop(ph->handle);
		physical_settle(ph);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemMap(CUdeviceptr ptr, size_t size, size_t offset,
    CUmemGenericAllocationHandle handle, unsigned long long flags)
{
	struct fc_context *ctx;
	struct physical *ph;
	struct mapping *m = NULL;
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	ph = fc_handle_lookup((uintptr_t)handle, FC_KIND_MEM_ALLOCATION);
	if (rc == CUDA_SUCCESS && (ph == NULL || flags != 0 || size == 0 ||
	    size % GRANULARITY != 0 || offset % GRANULARITY != 0 ||
	    offset > ph->size || size > ph->size - offset ||
	    reservation_holding((uintptr_t)ptr, size) == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && fc_alloc_find((uintptr_t)ptr) != NULL)
		rc = CUDA_ERROR_INVALID_VALUE;	/* already mapped */
	if (rc == CUDA_SUCCESS && (m = calloc(1, sizeof(*m))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS && mmap((void *)(uintptr_t)ptr, size,
	    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, ph->fd,
	    (off_t)offset) == MAP_FAILED)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		rc = fc_alloc_register(ctx, (void *)(uintptr_t)ptr, size, 0);
		if (rc != CUDA_SUCCESS)
			mmap((void *)(uintptr_t)ptr, size, PROT_NONE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
			    MAP_FIXED, -1, 0);
	}
	if (rc == CUDA_SUCCESS) {
		a = fc_alloc_find((uintptr_t)ptr);
		a->kind = FC_MEM_VMM_MAPPING;
		m->base = (uintptr_t)ptr;
		m->size = size;
		m->phys = ph;
		m->next = mappings;
		mappings = m;
		ph->maps++;
	} else {
		free(m);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemUnmap(CUdeviceptr ptr, size_t size)
{
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (size == 0 || reservation_holding((uintptr_t)ptr, size) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	for (struct mapping **at = &mappings; rc == CUDA_SUCCESS && *at != NULL;) {
		struct mapping *m = *at;
		struct fc_alloc *a;

		if (m->base - (uintptr_t)ptr >= size) {
			at = &m->next;
			continue;
		}
		*at = m->next;
		if ((a = fc_alloc_find(m->base)) != NULL && a->base == m->base)
			fc_alloc_destroy(a);
		mmap((void *)m->base, m->size, PROT_NONE, MAP_PRIVATE |
		    MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
		m->phys->maps--;
		physical_settle(m->phys);
		free(m);
	}
	fc_unlock();
	return rc;
}

static struct mapping *
mapping_at(uintptr_t p)
{
	for (struct mapping *m = mappings; m != NULL; m = m->next)
		if (p - m->base < m->size)
			return m;
	return NULL;
}

FC_API CUresult
cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc,
    size_t count)
{
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (desc == NULL || count == 0 || size == 0 ||
	    reservation_holding((uintptr_t)ptr, size) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; rc == CUDA_SUCCESS && i < count; i++)
		if (desc[i].location.type != CU_MEM_LOCATION_TYPE_DEVICE ||
		    fc_check_device(desc[i].location.id) != CUDA_SUCCESS)
			rc = CUDA_ERROR_INVALID_DEVICE;
	/* Every page of the range must be mapped. */
	for (uintptr_t p = (uintptr_t)ptr; rc == CUDA_SUCCESS &&
	    p < (uintptr_t)ptr + size; p += GRANULARITY)
		if (mapping_at(p) == NULL)
			rc = CUDA_ERROR_INVALID_VALUE;
	for (uintptr_t p = (uintptr_t)ptr; rc == CUDA_SUCCESS &&
	    p < (uintptr_t)ptr + size; p += GRANULARITY)
		mapping_at(p)->access = desc[count - 1].flags;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location,
    CUdeviceptr ptr)
{
	struct mapping *m;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (flags == NULL || location == NULL ||
	    (m = mapping_at((uintptr_t)ptr)) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	else
		*flags = m->access;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop,
    CUmemGenericAllocationHandle handle)
{
	struct physical *ph;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	ph = fc_handle_lookup((uintptr_t)handle, FC_KIND_MEM_ALLOCATION);
	if (ph == NULL || prop == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	else
		*prop = ph->prop;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr)
{
	struct mapping *m;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (handle == NULL || (m = mapping_at((uintptr_t)addr)) == NULL ||
	    m->phys->refs == 0) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		m->phys->refs++;
		*handle = m->phys->handle;
	}
	fc_unlock();
	return rc;
}

void *
fc_vmm_tile_map(CUmemGenericAllocationHandle h, unsigned long long offset,
    unsigned long long bytes)
{
	struct physical *ph = fc_handle_lookup((uintptr_t)h,
	    FC_KIND_MEM_ALLOCATION);

	if (ph == NULL ||
	    !(ph->prop.allocFlags.usage & CU_MEM_CREATE_USAGE_TILE_POOL) ||
	    offset > ph->size || bytes > ph->size - offset)
		return NULL;
	ph->maps++;
	return ph;
}

void
fc_vmm_tile_unmap(void *physical)
{
	struct physical *ph = physical;

	ph->maps--;
	physical_settle(ph);
}
