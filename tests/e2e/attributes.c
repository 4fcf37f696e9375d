/*
 * The device attributes claim nothing that does not work: each attribute
 * that says a family of calls works is checked against a call of the
 * family.  Natively every claim holds; through oncuda the server answers
 * 0 for what it cannot do (server/svc/svc_attributes.c), and this test
 * holds it to that.
 */
#include <stdlib.h>

#include "check.h"

static int attribute(CUdevice dev, CUdevice_attribute a, int *value)
{
	CHECK_CU(cuDeviceGetAttribute(value, a, dev), CUDA_SUCCESS);
	return 0;
}

int test_attributes_truthful(void)
{
	CUmemAllocationProp prop = { 0 };
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d;
	size_t gran;
	int v;
	int remote = getenv("ONCUDA_TEST_REMOTE") != NULL;

	TRY(e2e_primary_ctx(&dev, &ctx));

	TRY(attribute(dev, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, &v));
	if (v) {
		CHECK_CU(cuMemAllocAsync(&d, 256, NULL), CUDA_SUCCESS);
		CHECK_CU(cuMemFreeAsync(d, NULL), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	}
	TRY(attribute(dev, CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
		      &v));
	if (v) {
		prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
		prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
		prop.location.id = (int)dev;
		CHECK_CU(cuMemGetAllocationGranularity(&gran, &prop,
			 CU_MEM_ALLOC_GRANULARITY_MINIMUM), CUDA_SUCCESS);
	}
	TRY(attribute(dev, CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED, &v));
	if (v) {
		CUipcEventHandle h;
		CUevent ev;

		CHECK_CU(cuEventCreate(&ev, CU_EVENT_INTERPROCESS |
			 CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
		e2e_defer_event(ev);
		CHECK_CU(cuIpcGetEventHandle(&h, ev), CUDA_SUCCESS);
	}
	TRY(attribute(dev, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, &v));
	if (v) {
		CHECK_CU(cuMemAllocManaged(&d, 256, CU_MEM_ATTACH_GLOBAL),
			 CUDA_SUCCESS);
		CHECK_CU(cuMemFree(d), CUDA_SUCCESS);
	}
	if (!remote)
		return 0;
	/* Through oncuda: what the program's machine cannot have. */
	static const CUdevice_attribute absent[] = {
		CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
		CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
		CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM,
		CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST,
		CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES,
		CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED,
		CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS,
	};
	for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
		TRY(attribute(dev, absent[i], &v));
		if (v != 0)
			return e2e_fail(__FILE__, __LINE__, "attribute %d is "
					"%d through oncuda", (int)absent[i], v);
	}
	/* Attributes of the GPU itself are still the driver's. */
	TRY(attribute(dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE, &v));
	CHECK_EQ(v, 32);
	return 0;
}
