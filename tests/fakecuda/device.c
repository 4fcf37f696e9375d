/*
 * device.c - the pretend devices: identity, memory size and attributes.
 *
 * There is one unless FAKECUDA_DEVICES says more (visible.c); device 0 is
 * named and numbered as the one device always was, the others get their
 * number in the name, the UUID's last byte and the PCI bus.
 *
 * Attribute values are those of a Hopper-class part (compute capability
 * 9.0), except that features the stand-in cannot emulate (managed memory,
 * virtual memory management, memory pools, IPC, ...) are reported as absent
 * so that a caller probing for them takes its fallback path.
 */
#include <stdio.h>
#include <string.h>

#include "fakecuda.h"

static const int attribute_values[CU_DEVICE_ATTRIBUTE_MAX] = {
	[CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK] = FC_MAX_THREADS_PER_BLOCK,
	[CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X] = FC_MAX_BLOCK_XY,
	[CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y] = FC_MAX_BLOCK_XY,
	[CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z] = FC_MAX_BLOCK_Z,
	[CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X] = (int)FC_MAX_GRID_X,
	[CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y] = FC_MAX_GRID_YZ,
	[CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z] = FC_MAX_GRID_YZ,
	[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK] = FC_SMEM_PER_BLOCK,
	[CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY] = 65536,
	[CU_DEVICE_ATTRIBUTE_WARP_SIZE] = FC_WARP_SIZE,
	[CU_DEVICE_ATTRIBUTE_MAX_PITCH] = (int)FC_MAX_PITCH,
	[CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK] = 65536,
	[CU_DEVICE_ATTRIBUTE_CLOCK_RATE] = 1980000,
	[CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT] = 512,
	[CU_DEVICE_ATTRIBUTE_GPU_OVERLAP] = 1,
	[CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT] = FC_SM_COUNT,
	[CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY] = 1,
	[CU_DEVICE_ATTRIBUTE_COMPUTE_MODE] = CU_COMPUTEMODE_DEFAULT,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH] = 131072,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH] = 131072,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT] = 65536,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH] = 16384,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT] = 16384,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH] = 16384,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS] = 2048,
	[CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT] = 512,
	[CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS] = 1,
	[CU_DEVICE_ATTRIBUTE_ECC_ENABLED] = 1,
	[CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE] = 2619000,
	[CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH] = 5120,
	[CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE] = 50 << 20,
	[CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR] =
	    FC_MAX_THREADS_PER_SM,
	[CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT] = 2,
	[CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING] = 1,
	/* managed.c: one memory, the host's, which a CPU and the stand-in's
	 * kernels (host code) may use at once. */
	[CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY] = 1,
	[CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS] = 1,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS] = 2048,
	[CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER] = 1,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE] = 8192,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE] = 8192,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE] = 32768,
	[CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT] = 32,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS] = 2046,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH] = 131072,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT] = 65536,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH] = 16384,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT] = 16384,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH] = 16384,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS] = 2048,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS] = 2048,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS] = 2046,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH] = 268435456,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH] = 131072,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT] = 65000,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH] = 2097120,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT] = 32768,
	[CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR] = 9,
	[CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR] = 0,
	[CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH] = 32768,
	[CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR] =
	    FC_SMEM_PER_SM,
	[CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR] = FC_REGS_PER_SM,
	[CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO] = 2,
	[CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM] = 1,
	[CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH] = 1,
	[CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH] = 1,
	[CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS] = 1,
	[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN] =
	    FC_SMEM_PER_BLOCK_OPTIN,
	[CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR] =
	    FC_MAX_BLOCKS_PER_SM,
	[CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE] = 32 << 20,
	[CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE] = 134213632,
	[CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK] =
	    FC_SMEM_RESERVED_PER_BLOCK,
	[CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH] = 1,
	[CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT] = 4,
	[CU_DEVICE_ATTRIBUTE_NUMA_ID] = -1,
	[CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID] = -1,
	[CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID] = 0x233510de,
	/* mempool.c and vmm.c, as far as the tests need them. */
	[CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED] = 1,
	/* sparse.c */
	[CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED] = 1,
	/* The H200's answers for families that oncudad's table
	 * (server/svc/svc_attributes.c) turns to 0, so that the remote part
	 * of tests/e2e/attributes.c sees it do so; no native test of the
	 * stand-in relies on them. */
	[CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES] = 9,
	[CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED] = 1,
	[CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS] = 1,
};


/* Copies s into a caller's buffer of len bytes, truncating like the driver. */
static CUresult
copy_string(char *buf, int len, const char *s)
{
	if (buf == NULL || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	snprintf(buf, (size_t)len, "%s", s);
	return CUDA_SUCCESS;
}

/* fc_check_device, for the calls that need no other state than that. */
static CUresult
device_ready(CUdevice dev)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(dev);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDeviceGetCount(int *count)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (count == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*count = fc_device_count();
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDeviceGet(CUdevice *device, int ordinal)
{
	CUresult rc;

	if ((rc = device_ready(ordinal)) != CUDA_SUCCESS)
		return rc;
	if (device == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*device = ordinal;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDeviceGetName(char *name, int len, CUdevice dev)
{
	char numbered[64];
	int physical;
	CUresult rc;

	if ((rc = device_ready(dev)) != CUDA_SUCCESS)
		return rc;
	physical = fc_physical_device(dev);
	if (physical == 0)
		return copy_string(name, len, FC_DEVICE_NAME);
	snprintf(numbered, sizeof(numbered), "%s %d", FC_DEVICE_NAME, physical);
	return copy_string(name, len, numbered);
}

FC_API CUresult
cuDeviceGetUuid(CUuuid *uuid, CUdevice dev)
{
	CUresult rc;

	if ((rc = device_ready(dev)) != CUDA_SUCCESS)
		return rc;
	if (uuid == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_device_uuid(fc_physical_device(dev), uuid);
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDeviceTotalMem(size_t *bytes, CUdevice dev)
{
	CUresult rc;

	if ((rc = device_ready(dev)) != CUDA_SUCCESS)
		return rc;
	if (bytes == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*bytes = FC_TOTAL_MEMORY;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev)
{
	CUresult rc;

	if ((rc = device_ready(dev)) != CUDA_SUCCESS)
		return rc;
	/* Attribute numbers start at 1; 0 is not an attribute. */
	if (pi == NULL || (int)attrib < 1 || attrib >= CU_DEVICE_ATTRIBUTE_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	*pi = attribute_values[attrib];
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev)
{
	char bus_id[32];
	CUresult rc;

	if ((rc = device_ready(dev)) != CUDA_SUCCESS)
		return rc;
	/* Device n is on bus n. */
	snprintf(bus_id, sizeof(bus_id), FC_PCI_BUS_ID_FORMAT,
	    (unsigned int)fc_physical_device(dev));
	return copy_string(pciBusId, len, bus_id);
}

/*
 * Parses the three spellings the driver documents, all hexadecimal:
 * domain:bus:device.function, domain:bus:device and bus:device.function.
 */
static bool
parse_pci_bus_id(const char *s, unsigned int *domain, unsigned int *bus,
    unsigned int *device, unsigned int *function)
{
	char tail;

	*domain = 0;
	*function = 0;
	if (sscanf(s, "%x:%x:%x.%x%c", domain, bus, device, function,
	    &tail) == 4)
		return true;
	*function = 0;
	if (sscanf(s, "%x:%x:%x%c", domain, bus, device, &tail) == 3)
		return true;
	*domain = 0;
	return sscanf(s, "%x:%x.%x%c", bus, device, function, &tail) == 3;
}

FC_API CUresult
cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId)
{
	unsigned int domain, bus, device, function;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (dev == NULL || pciBusId == NULL ||
	    !parse_pci_bus_id(pciBusId, &domain, &bus, &device, &function))
		return CUDA_ERROR_INVALID_VALUE;
	if (domain != 0 || device != 0 || function != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	for (int visible = 0; visible < fc_device_count(); visible++) {
		if ((unsigned int)fc_physical_device(visible) == bus) {
			*dev = visible;
			return CUDA_SUCCESS;
		}
	}
	return CUDA_ERROR_INVALID_DEVICE;
}
