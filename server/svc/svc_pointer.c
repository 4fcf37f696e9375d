/*
 * svc_pointer.c -- cuPointerGetAttribute(s).
 *
 * The driver writes each attribute's value through a pointer, its size
 * depending on the attribute.  Every attribute that fits in 64 bits gets an
 * 8-byte zeroed slot here, so a value of any of those sizes lands inside
 * it; the table says how many of its bytes the client stores.  The driver
 * does not dereference the queried pointer itself, so it needs no check.
 * A device pointer given for the client's page-locked memory becomes one of
 * its device ranges (hostmem_alias_given), as cuMemHostGetDevicePointer's
 * does.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/ranges.h"
#include "server/svc/svc_hostmem.h"

/* Value sizes as cuda.h of CUDA 13.0 documents them; 0: not carried. */
static const unsigned char attr_size[] = {
	[CU_POINTER_ATTRIBUTE_CONTEXT] = 8,
	[CU_POINTER_ATTRIBUTE_MEMORY_TYPE] = 4,
	[CU_POINTER_ATTRIBUTE_DEVICE_POINTER] = 8,
	[CU_POINTER_ATTRIBUTE_HOST_POINTER] = 8,
	[CU_POINTER_ATTRIBUTE_P2P_TOKENS] = 0,	/* a 16-byte struct */
	[CU_POINTER_ATTRIBUTE_SYNC_MEMOPS] = 4,
	[CU_POINTER_ATTRIBUTE_BUFFER_ID] = 8,
	[CU_POINTER_ATTRIBUTE_IS_MANAGED] = 4,
	[CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL] = 4,
	[CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE] = 4,
	[CU_POINTER_ATTRIBUTE_RANGE_START_ADDR] = 8,
	[CU_POINTER_ATTRIBUTE_RANGE_SIZE] = 8,
	[CU_POINTER_ATTRIBUTE_MAPPED] = 4,
	[CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES] = 8,
	[CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE] = 4,
	[CU_POINTER_ATTRIBUTE_ACCESS_FLAGS] = 4,
	[CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE] = 8,
	[CU_POINTER_ATTRIBUTE_MAPPING_SIZE] = 8,
	[CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR] = 8,
	[CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID] = 8,
	[CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE] = 4,
};

#define ATTR_LIMIT (sizeof(attr_size) / sizeof(attr_size[0]))

/* The value size of attribute, or 0 with *err saying why it is refused. */
static unsigned int size_of(int attribute, CUresult *err)
{
	if (attribute < CU_POINTER_ATTRIBUTE_CONTEXT ||
	    (unsigned int)attribute >= ATTR_LIMIT) {
		*err = CUDA_ERROR_INVALID_VALUE;
		return 0;
	}
	if (attr_size[attribute] == 0) {
		*err = CUDA_ERROR_NOT_SUPPORTED;
		return 0;
	}
	*err = CUDA_SUCCESS;
	return attr_size[attribute];
}

/* Where the driver writes one value; read back at the size it has. */
union slot {
	uint64_t u64;
	uint32_t u32;
};

static uint64_t slot_value(const union slot *s, unsigned int size)
{
	return size == 4 ? s->u32 : s->u64;
}

/* Records what an answer hands the client; false: out of memory. */
static bool note_answer(int attribute, cu_dptr ptr, uint64_t value)
{
	if (attribute != CU_POINTER_ATTRIBUTE_DEVICE_POINTER)
		return true;
	return hostmem_alias_given(ptr, (CUdeviceptr)value);
}

bool_t cu_pointer_get_attribute_svc(int attribute, cu_dptr ptr,
    res_ptr_attr *r, struct svc_req *rq)
{
	union slot s;
	unsigned int size;
	CUresult err;

	(void)rq;
	if ((size = size_of(attribute, &err)) == 0) {
		r->err = err;
		return TRUE;
	}
	memset(&s, 0, sizeof(s));
	r->err = cuPointerGetAttribute(&s, (CUpointer_attribute)attribute,
	    (CUdeviceptr)ptr);
	if (r->err == CUDA_SUCCESS &&
	    !note_answer(attribute, ptr, slot_value(&s, size)))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	if (r->err == CUDA_SUCCESS) {
		r->res_ptr_attr_u.value.size = size;
		r->res_ptr_attr_u.value.value = slot_value(&s, size);
	}
	return TRUE;
}

bool_t cu_pointer_set_attribute_svc(u_int value, int attribute, cu_dptr ptr,
    res_none *r, struct svc_req *rq)
{
	unsigned int v = value;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = range_check(ptr, 1, 1, "cuPointerSetAttribute")) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuPointerSetAttribute(&v, (CUpointer_attribute)attribute,
	    (CUdeviceptr)ptr);
	return TRUE;
}

bool_t cu_pointer_get_attributes_svc(pointer_attributes attributes,
    cu_dptr ptr, res_ptr_attrs *r, struct svc_req *rq)
{
	CUpointer_attribute ids[ONCUDA_POINTER_ATTRS_MAX];
	union slot slots[ONCUDA_POINTER_ATTRS_MAX];
	void *data[ONCUDA_POINTER_ATTRS_MAX];
	unsigned int sizes[ONCUDA_POINTER_ATTRS_MAX];
	unsigned int i, n = attributes.pointer_attributes_len;
	ptr_attr_value *values;
	CUresult err;

	(void)rq;
	if (n > ONCUDA_POINTER_ATTRS_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	/* One error for all, as the driver answers. */
	for (i = 0; i < n; i++) {
		int attribute = attributes.pointer_attributes_val[i];

		if ((sizes[i] = size_of(attribute, &err)) == 0) {
			r->err = err;
			return TRUE;
		}
		ids[i] = (CUpointer_attribute)attribute;
		memset(&slots[i], 0, sizeof(slots[i]));
		data[i] = &slots[i];
	}
	if ((values = calloc(n > 0 ? n : 1, sizeof(*values))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuPointerGetAttributes(n, ids, data, (CUdeviceptr)ptr);
	if (r->err != CUDA_SUCCESS) {
		free(values);
		return TRUE;
	}
	for (i = 0; i < n; i++) {
		values[i].size = sizes[i];
		values[i].value = slot_value(&slots[i], sizes[i]);
		if (!note_answer(ids[i], ptr, values[i].value)) {
			free(values);
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
			return TRUE;
		}
	}
	r->res_ptr_attrs_u.values.values_val = values;
	r->res_ptr_attrs_u.values.values_len = n;
	return TRUE;
}
