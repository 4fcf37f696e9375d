/*
 * Devices: enumeration, names, attributes, PCI bus ids.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"

int test_device(void)
{
	char name[256], shortname[4];
	CUuuid uuid, again;
	CUdevice dev, bad;
	size_t total = 0;
	int count = 0, value, i, zero = 1;

	CHECK_CU(cuDeviceGetCount(&count), CUDA_SUCCESS);
	CHECK(count >= 1);
	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_EQ(dev, 0);
	CHECK_CU(cuDeviceGet(&bad, count), CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGet(&bad, -1), CUDA_ERROR_INVALID_DEVICE);

	memset(name, 'x', sizeof(name));
	CHECK_CU(cuDeviceGetName(name, sizeof(name), dev), CUDA_SUCCESS);
	CHECK(memchr(name, '\0', sizeof(name)) != NULL);
	CHECK(name[0] != '\0');
	/* A short buffer gets a truncated, still terminated, name. */
	memset(shortname, 'x', sizeof(shortname));
	CHECK_CU(cuDeviceGetName(shortname, sizeof(shortname), dev),
		 CUDA_SUCCESS);
	CHECK(memchr(shortname, '\0', sizeof(shortname)) != NULL);
	CHECK(strncmp(shortname, name, strlen(shortname)) == 0);
	CHECK_CU(cuDeviceGetName(name, sizeof(name), count),
		 CUDA_ERROR_INVALID_DEVICE);

	/* A UUID is never all zeroes, and it does not change. */
	CHECK_CU(cuDeviceGetUuid(&uuid, dev), CUDA_SUCCESS);
	for (i = 0; i < (int)sizeof(uuid.bytes); i++)
		zero &= uuid.bytes[i] == 0;
	CHECK(!zero);
	CHECK_CU(cuDeviceGetUuid(&again, dev), CUDA_SUCCESS);
	CHECK_MEM(again.bytes, uuid.bytes, sizeof(uuid.bytes));

	CHECK_CU(cuDeviceTotalMem(&total, dev), CUDA_SUCCESS);
	CHECK(total > 0);

	CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX, dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE,
				      count), CUDA_ERROR_INVALID_DEVICE);
	return 0;
}

/* The attributes the other tests rely on, with the least a device has. */
static const struct {
	CUdevice_attribute attr;
	const char *name;
	int least;
} needed[] = {
	{ CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "cc major", 1 },
	{ CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "cc minor", 0 },
	{ CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "threads/block", 1024 },
	{ CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, "block dim x", 1024 },
	{ CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "grid dim x", 65535 },
	{ CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "multiprocessors", 1 },
	{ CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "smem", 48 << 10 },
	/* dynamic_smem asks for 64 KiB */
	{ CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "smem optin",
	  64 << 10 },
	{ CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, "unified addressing", 1 },
	{ CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, "maps host memory", 1 },
};

int test_device_attributes(void)
{
	CUdevice dev;
	CUresult r;
	int attr, value, answered = 0;
	size_t i;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	/* Every id: a forwarder must not choke on any of them.  The real
	 * driver answers INVALID_VALUE for a few retired ids. */
	for (attr = 1; attr < CU_DEVICE_ATTRIBUTE_MAX; attr++) {
		value = -12345;
		r = cuDeviceGetAttribute(&value, (CUdevice_attribute)attr, dev);
		if (r != CUDA_SUCCESS && r != CUDA_ERROR_INVALID_VALUE)
			return e2e_fail(__FILE__, __LINE__,
					"cuDeviceGetAttribute(%d) returned %s, "
					"expected CUDA_SUCCESS or "
					"CUDA_ERROR_INVALID_VALUE", attr,
					e2e_cu_name(r));
		answered += r == CUDA_SUCCESS;
	}
	/* Most of them exist on any device. */
	CHECK(answered >= CU_DEVICE_ATTRIBUTE_MAX / 2);

	for (i = 0; i < sizeof(needed) / sizeof(needed[0]); i++) {
		CHECK_CU(cuDeviceGetAttribute(&value, needed[i].attr, dev),
			 CUDA_SUCCESS);
		if (value < needed[i].least)
			return e2e_fail(__FILE__, __LINE__, "attribute %d (%s) "
					"is %d, expected at least %d",
					(int)needed[i].attr, needed[i].name,
					value, needed[i].least);
	}
	CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE,
				      dev), CUDA_SUCCESS);
	CHECK_EQ(value, 32);
	return 0;
}

int test_device_pci(void)
{
	unsigned domain, bus, device, function;
	char id[64], other[64];
	CUdevice dev, found;
	int value;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	memset(id, 'x', sizeof(id));
	CHECK_CU(cuDeviceGetPCIBusId(id, sizeof(id), dev), CUDA_SUCCESS);
	CHECK(memchr(id, '\0', sizeof(id)) != NULL);
	/* The form is domain:bus:device.function, in hex. */
	CHECK_EQ(sscanf(id, "%x:%x:%x.%x", &domain, &bus, &device,
			&function), 4);

	CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID,
				      dev), CUDA_SUCCESS);
	CHECK_EQ(value, domain);
	CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID,
				      dev), CUDA_SUCCESS);
	CHECK_EQ(value, bus);
	CHECK_CU(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID,
				      dev), CUDA_SUCCESS);
	CHECK_EQ(value, device);

	found = -1;
	CHECK_CU(cuDeviceGetByPCIBusId(&found, id), CUDA_SUCCESS);
	CHECK_EQ(found, dev);
	/* The domain may be left out. */
	snprintf(other, sizeof(other), "%x:%x.%x", bus, device, function);
	found = -1;
	CHECK_CU(cuDeviceGetByPCIBusId(&found, other), CUDA_SUCCESS);
	CHECK_EQ(found, dev);

	CHECK_CU(cuDeviceGetByPCIBusId(&found, "ffff:ff:1f.7"),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetByPCIBusId(&found, "not a bus id"),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}
