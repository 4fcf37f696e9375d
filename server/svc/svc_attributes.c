/*
 * svc_attributes.c -- cuDeviceGetAttribute: the device's attributes as
 * oncuda can honour them.
 *
 * Most attributes describe the GPU (its limits, its clocks, what its
 * kernels can do) and are the driver's answer.  Some describe what a
 * program can do with device memory from the machine it runs on, and the
 * program runs on the client machine, not beside the GPU: a program told
 * that managed memory or pageable memory access works would use them and
 * fail, or silently read stale bytes.  Those attributes are decided here,
 * in this one table, each with the reason; tests/e2e/attributes.c checks
 * that nothing claimed is refused.  An attribute that says a family of
 * calls works is the driver's answer only once oncuda carries the family.
 */
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/svc/svc_managed.h"

/* How an attribute is answered. */
enum answer {
	DRIVER,		/* the driver's answer (the default) */
	ZERO,		/* 0: oncuda cannot do what it would say */
	IF_CONCURRENT,	/* the driver's, where the device has concurrent
			 * managed access, else 0 */
};

struct decided {
	CUdevice_attribute attribute;
	enum answer answer;
};

static const struct decided table[] = {
	/* Managed memory is carried (idl/cuda.x: managed memory) where the
	 * server may touch it while the GPU works: the server's own reads
	 * and writes of it (svc_managed.c) need concurrent managed access.
	 */
	{ CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, IF_CONCURRENT },
	/* The client sees
	 * the GPU's writes only after a synchronizing call, and the GPU the
	 * program's only at the next queued work: never concurrently. */
	{ CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, ZERO },
	/* The host of managed memory would be the client machine, which the
	 * GPU cannot reach. */
	{ CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST, ZERO },
	/* Kernels cannot reach the program's pageable memory: it is on the
	 * client machine, and HMM on the server maps only the server's. */
	{ CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS, ZERO },
	{ CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES, ZERO },
	/* A registered or mapped host pointer of the program means nothing on
	 * the server: kernels need cuMemHostGetDevicePointer's address, which
	 * the client keeps coherent (idl/cuda.x, mapped memory). */
	{ CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM, ZERO },
	/* Atomics between the GPU and the program's CPU would need one memory
	 * across two machines. */
	{ CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED, ZERO },
	/* Shareable handles are file descriptors or handles of the server
	 * host; oncuda refuses exportable pools and allocations. */
	{ CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED, ZERO },
	/* GPUDirect RDMA is between the GPU and a NIC of the server; the
	 * program's memory and its NIC are on the client machine, and
	 * cuFlushGPUDirectRDMAWrites is not carried. */
	{ CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS, ZERO },
	{ CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING, ZERO },
	{ CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES, ZERO },
	/* External semaphores and graphics interoperability import objects of
	 * the client machine, which cannot be remoted. */
	{ CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED, ZERO },
	/* Multicast objects are not carried. */
	{ CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED, ZERO },
	/* Pools and VMM placed in host memory would be the server's host
	 * memory, which the program cannot touch; device pools and device
	 * VMM are carried (MEMORY_POOLS_SUPPORTED and
	 * VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED are the driver's answer). */
	{ CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, ZERO },
	/* A dma-buf (cuMemGetHandleForAddressRange, not carried) would be a
	 * file descriptor of the server process, of device or of page-locked
	 * memory alike. */
	{ CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED, ZERO },
	{ CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED, ZERO },
	/* A unified function pointer (cuLibraryGetUnifiedFunction, not
	 * carried) is code that the program's CPU and the GPU both call: the
	 * program's CPU is on another machine. */
	{ CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS, ZERO },
};

static enum answer answer_of(int attribute)
{
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if ((int)table[i].attribute == attribute)
			return table[i].answer;
	return DRIVER;
}

bool_t cu_device_get_attribute_svc(int attrib, int dev, res_int *r,
    struct svc_req *rq)
{
	int value;

	(void)rq;
	/* The driver judges the attribute and the device first, so a bad
	 * one gets its error whatever the table says. */
	r->err = cuDeviceGetAttribute(&value, (CUdevice_attribute)attrib,
	    (CUdevice)dev);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	switch (answer_of(attrib)) {
	case ZERO:
		value = 0;
		break;
	case IF_CONCURRENT:
		if (!svc_managed_possible((CUdevice)dev))
			value = 0;
		break;
	case DRIVER:
		break;
	}
	r->res_int_u.value = value;
	return TRUE;
}
