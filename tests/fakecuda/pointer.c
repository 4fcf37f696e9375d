/*
 * pointer.c - what the driver knows about an address.
 *
 * Boolean attributes are written as unsigned int, as the attribute
 * descriptions of cuda.h and most callers assume; a caller should still
 * zero-initialise whatever it passes.
 */
#include <string.h>

#include "fakecuda.h"

union attribute_value {
	unsigned int u;
	int i;
	unsigned long long ull;
	size_t size;
	void *p;
	CUdeviceptr dptr;
	CUcontext ctx;
	CUmemoryPool pool;
};

/* Bytes an attribute's value occupies; 0 for attributes not supported. */
static size_t
attribute_size(CUpointer_attribute attr)
{
	switch (attr) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
		return sizeof(CUcontext);
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
		return sizeof(CUdeviceptr);
	case CU_POINTER_ATTRIBUTE_HOST_POINTER:
	case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
		return sizeof(void *);
	case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
		return sizeof(CUmemoryPool);
	case CU_POINTER_ATTRIBUTE_BUFFER_ID:
	case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
		return sizeof(unsigned long long);
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
	case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
		return sizeof(size_t);
	case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
		return sizeof(int);
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
	case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
	case CU_POINTER_ATTRIBUTE_IS_MANAGED:
	case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
	case CU_POINTER_ATTRIBUTE_MAPPED:
	case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
	case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
	case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
	case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
		return sizeof(unsigned int);
	default:
		return 0;	/* P2P tokens need the nv-p2p kernel module */
	}
}

static bool
is_device_memory(const struct fc_alloc *a)
{
	return a->kind == FC_MEM_DEVICE || a->kind == FC_MEM_MODULE_GLOBALS ||
	    a->kind == FC_MEM_MANAGED;
}

/* Fails where the attribute has no value for this allocation. */
static CUresult
attribute_value(CUpointer_attribute attr, const struct fc_alloc *a,
    CUdeviceptr ptr, union attribute_value *v)
{
	memset(v, 0, sizeof(*v));
	switch (attr) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
		v->ctx = (CUcontext)a->ctx->handle;
		break;
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
		v->u = is_device_memory(a) ? CU_MEMORYTYPE_DEVICE :
		    CU_MEMORYTYPE_HOST;
		break;
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
		v->dptr = ptr;
		break;
	case CU_POINTER_ATTRIBUTE_HOST_POINTER:
		/* Managed memory is the host's too, at the same address. */
		if (is_device_memory(a) && a->kind != FC_MEM_MANAGED)
			return CUDA_ERROR_INVALID_VALUE;
		v->p = (void *)ptr;
		break;
	case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
		v->u = (a->ctx->flags & CU_CTX_SYNC_MEMOPS) != 0 ||
		    a->sync_memops;
		break;
	case CU_POINTER_ATTRIBUTE_BUFFER_ID:
	case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
		v->ull = a->buffer_id;
		break;
	case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
		v->i = a->ctx->device;
		break;
	case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
		v->u = a->kind == FC_MEM_DEVICE;
		break;
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
		v->dptr = (CUdeviceptr)a->base;
		break;
	case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
		v->p = (void *)a->base;
		break;
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
	case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
		v->size = a->size;
		break;
	case CU_POINTER_ATTRIBUTE_IS_MANAGED:
		v->u = a->kind == FC_MEM_MANAGED;
		break;
	case CU_POINTER_ATTRIBUTE_MAPPED:
		v->u = 1;
		break;
	case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
		v->u = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
		break;
	default:
		/* Not managed, no export handles, no RDMA, no pool: zero. */
		if (attribute_size(attr) == 0)
			return CUDA_ERROR_INVALID_VALUE;
		break;
	}
	return CUDA_SUCCESS;
}

FC_API CUresult
cuPointerGetAttribute(void *data, CUpointer_attribute attribute,
    CUdeviceptr ptr)
{
	union attribute_value v;
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && data == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		a = fc_alloc_find((uintptr_t)ptr);
		rc = a != NULL ? attribute_value(attribute, a, ptr, &v) :
		    CUDA_ERROR_INVALID_VALUE;
	}
	if (rc == CUDA_SUCCESS)
		memcpy(data, &v, attribute_size(attribute));
	fc_unlock();
	return rc;
}

/* Only SYNC_MEMOPS can be set, and only on device memory. */
FC_API CUresult
cuPointerSetAttribute(const void *value, CUpointer_attribute attribute,
    CUdeviceptr ptr)
{
	struct fc_alloc *a;
	unsigned int v;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (value == NULL ||
	    attribute != CU_POINTER_ATTRIBUTE_SYNC_MEMOPS))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && ((a = fc_alloc_find((uintptr_t)ptr)) == NULL ||
	    !is_device_memory(a)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		memcpy(&v, value, sizeof v);
		a->sync_memops = v != 0;
	}
	fc_unlock();
	return rc;
}

/*
 * Unlike cuPointerGetAttribute, an unknown pointer is not an error here:
 * every value comes back zero, and so does a value the allocation lacks.
 */
FC_API CUresult
cuPointerGetAttributes(unsigned int numAttributes,
    CUpointer_attribute *attributes, void **data, CUdeviceptr ptr)
{
	union attribute_value v;
	struct fc_alloc *a;
	size_t size;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (numAttributes == 0 || attributes == NULL ||
	    data == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < numAttributes; i++) {
		size = attribute_size(attributes[i]);
		if (size == 0 || data[i] == NULL) {
			rc = CUDA_ERROR_INVALID_VALUE;
			break;
		}
		a = fc_alloc_find((uintptr_t)ptr);
		if (a == NULL ||
		    attribute_value(attributes[i], a, ptr, &v) != CUDA_SUCCESS)
			memset(&v, 0, sizeof(v));
		memcpy(data[i], &v, size);
	}
	fc_unlock();
	return rc;
}
