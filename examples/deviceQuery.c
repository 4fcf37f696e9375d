/*
 * deviceQuery: lists every CUDA device the driver reports, with the
 * properties one usually wants to know before running work on it.
 *
 * PASS when at least one device is found, every query succeeds and the
 * answers are consistent with one another (the PCI bus id string agrees with
 * the PCI attributes, a device has memory and multiprocessors).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <cuda.h>

#include "check.h"

enum unit { COUNT, YES_NO, KHZ, BYTES };

struct attribute {
	CUdevice_attribute id;
	const char *label;
	enum unit unit;
};

static const struct attribute attributes[] = {
	{ CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "Multiprocessors", COUNT },
	{ CU_DEVICE_ATTRIBUTE_CLOCK_RATE, "GPU clock rate", KHZ },
	{ CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, "Memory clock rate", KHZ },
	{ CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, "Memory bus width (bits)", COUNT },
	{ CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, "L2 cache size", BYTES },
	{ CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, "Constant memory", BYTES },
	{ CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "Shared memory per block", BYTES },
	{ CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "Shared memory per block (opt-in)", BYTES },
	{ CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, "Shared memory per multiprocessor", BYTES },
	{ CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, "Registers per block", COUNT },
	{ CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, "Registers per multiprocessor", COUNT },
	{ CU_DEVICE_ATTRIBUTE_WARP_SIZE, "Warp size", COUNT },
	{ CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "Threads per block", COUNT },
	{ CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, "Threads per multiprocessor", COUNT },
	{ CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, "Blocks per multiprocessor", COUNT },
	{ CU_DEVICE_ATTRIBUTE_MAX_PITCH, "Maximum memory pitch", BYTES },
	{ CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, "Texture alignment", BYTES },
	{ CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT, "Copy engines", COUNT },
	{ CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS, "Concurrent kernels", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT, "Run time limit on kernels", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_INTEGRATED, "Integrated with host memory", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, "Can map host memory", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_ECC_ENABLED, "ECC enabled", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, "Unified addressing", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, "Managed memory", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, "Concurrent managed access", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED, "Compute preemption", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, "Cooperative launch", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED, "Stream priorities", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED, "Host memory registration", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, "Virtual memory management", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, "Memory pools", YES_NO },
	{ CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, "Thread block clusters", YES_NO },
};

static const char *compute_mode_name(int mode)
{
	switch (mode) {
	case CU_COMPUTEMODE_DEFAULT:
		return "Default (several contexts at once)";
	case CU_COMPUTEMODE_PROHIBITED:
		return "Prohibited (no contexts)";
	case CU_COMPUTEMODE_EXCLUSIVE_PROCESS:
		return "Exclusive process (one context)";
	default:
		return "Unknown";
	}
}

static int attribute(CUdevice_attribute id, CUdevice dev)
{
	int value = 0;

	CHECK(cuDeviceGetAttribute(&value, id, dev));
	return value;
}

static void print_attribute(const struct attribute *a, int value)
{
	printf("  %-40s ", a->label);
	switch (a->unit) {
	case COUNT:
		printf("%d\n", value);
		break;
	case YES_NO:
		printf("%s\n", value ? "Yes" : "No");
		break;
	case KHZ:
		printf("%.0f MHz\n", value / 1000.0);
		break;
	case BYTES:
		if (value >= 1024 * 1024)
			printf("%d bytes (%.1f MiB)\n", value, value / 1048576.0);
		else if (value >= 1024)
			printf("%d bytes (%.1f KiB)\n", value, value / 1024.0);
		else
			printf("%d bytes\n", value);
		break;
	}
}

static void print_uuid(const CUuuid *uuid)
{
	const unsigned char *b = (const unsigned char *)uuid->bytes;

	/* The grouping nvidia-smi uses: GPU-8-4-4-4-12 hex digits. */
	printf("  %-40s GPU-", "UUID");
	for (int i = 0; i < 16; i++) {
		printf("%02x", b[i]);
		if (i == 3 || i == 5 || i == 7 || i == 9)
			printf("-");
	}
	printf("\n");
}

/* The bus id string and the PCI attributes come from separate calls; a
 * device whose answers disagree was described wrongly somewhere. */
static bool bus_id_matches(const char *bus_id, CUdevice dev)
{
	unsigned int domain, bus, device;

	if (sscanf(bus_id, "%x:%x:%x", &domain, &bus, &device) != 3)
		return false;
	return (int)domain == attribute(CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, dev) &&
	       (int)bus == attribute(CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, dev) &&
	       (int)device == attribute(CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, dev);
}

/* Prints one device; returns false if its answers do not make sense. */
static bool query_device(int ordinal)
{
	CUdevice dev;
	char name[256];
	char bus_id[32];
	CUuuid uuid;
	size_t total_memory;
	bool sane = true;

	CHECK(cuDeviceGet(&dev, ordinal));
	CHECK(cuDeviceGetName(name, sizeof(name), dev));
	CHECK(cuDeviceTotalMem(&total_memory, dev));
	CHECK(cuDeviceGetPCIBusId(bus_id, sizeof(bus_id), dev));
	CHECK(cuDeviceGetUuid(&uuid, dev));
	int major = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
	int minor = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);

	printf("\nDevice %d: \"%s\"\n", ordinal, name);
	printf("  %-40s %d.%d\n", "Compute capability", major, minor);
	printf("  %-40s %zu MiB (%zu bytes)\n", "Total global memory",
	       total_memory >> 20, total_memory);
	printf("  %-40s %s\n", "PCI bus id", bus_id);
	print_uuid(&uuid);
	for (size_t i = 0; i < sizeof(attributes) / sizeof(attributes[0]); i++)
		print_attribute(&attributes[i], attribute(attributes[i].id, dev));
	printf("  %-40s %d x %d x %d\n", "Maximum block dimensions",
	       attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, dev),
	       attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, dev),
	       attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, dev));
	printf("  %-40s %d x %d x %d\n", "Maximum grid dimensions",
	       attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, dev),
	       attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, dev),
	       attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, dev));
	printf("  %-40s %s\n", "Compute mode",
	       compute_mode_name(attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, dev)));

	if (name[0] == '\0') {
		fprintf(stderr, "device %d has an empty name\n", ordinal);
		sane = false;
	}
	if (major < 1 || total_memory == 0 ||
	    attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev) < 1 ||
	    attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev) < 1) {
		fprintf(stderr, "device %d reports no compute capability, memory, "
			"multiprocessors or warp size\n", ordinal);
		sane = false;
	}
	if (!bus_id_matches(bus_id, dev)) {
		fprintf(stderr, "device %d: PCI bus id \"%s\" disagrees with its "
			"PCI domain/bus/device attributes\n", ordinal, bus_id);
		sane = false;
	}
	return sane;
}

int main(void)
{
	int version = 0;
	int count = 0;
	bool sane = true;

	printf("deviceQuery: CUDA driver API device properties\n\n");
	CHECK(cuInit(0));
	CHECK(cuDriverGetVersion(&version));
	printf("CUDA driver version: %d.%d\n", version / 1000, version % 1000 / 10);
	CHECK(cuDeviceGetCount(&count));
	printf("Detected %d CUDA capable device(s)\n", count);
	if (count < 1)
		fail("no CUDA device found");

	for (int i = 0; i < count; i++)
		if (!query_device(i))
			sane = false;
	printf("\n%s\n", sane ? "PASS" : "FAIL");
	return sane ? EXIT_SUCCESS : EXIT_FAILURE;
}
