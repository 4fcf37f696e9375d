/*
 * integrity.c -- INTEGRITY_CHECK[1], the check the CUDA runtime asks the
 * driver for and verifies before it trusts the other export tables.
 *
 * The runtime calls it three times as it starts (dark-api.md section 3)
 * and fails with "integrity checks failed" unless the answer matches its
 * own computation.  That computation covers the addresses of the tables it
 * was handed, so the answer cannot be borrowed from NVIDIA's driver: it is
 * computed here over this library's tables and with the device identity
 * this library reports, which the runtime reads through the same entry
 * points (cuDriverGetVersion, cuDeviceGetCount, cuDeviceGetUuid,
 * cuDeviceGetAttribute).
 *
 * The algorithm, as vosen/ZLUDA describes it (dark_api/src/lib.rs,
 * function integrity_check, which unrolls it from the driver): HMAC-MD2
 * with a fixed 16-byte key over
 *
 *   u32 driver version, u32 the runtime's version argument, u32 pid,
 *   u32 thread id (pthread_self() cut to 32 bits), the addresses of
 *   CUDART_INTERFACE, INTEGRITY_CHECK and of the check function itself,
 *   u64 the runtime's time argument,
 *
 * followed, for each device, by its 16-byte UUID and its PCI domain, bus
 * and device numbers as 32-bit ints; all in the machine's byte order.  The
 * 16-byte MAC is returned as two u64.  For versions ending in 0 or 1 the
 * answer is a fixed pair instead.
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "stubs/answers/cudart_interface.h"
#include "stubs/answers/export_table_slots.h"
#include "stubs/answers/integrity.h"
#include "stubs/answers/md2.h"

static const uint8_t check_key[MD2_BLOCK] = {
	0x14, 0x6a, 0xdd, 0xae, 0x53, 0xa9, 0xa7, 0x52,
	0xaa, 0x08, 0x41, 0x36, 0x0b, 0xf5, 0x5a, 0x9f,
};

static void feed_u32(struct md2 *m, uint32_t v)
{
	md2_update(m, &v, sizeof(v));
}

static void feed_pointer(struct md2 *m, const void *p)
{
	md2_update(m, &p, sizeof(p));
}

/* One device's UUID and PCI location, as this library answers them. */
static CUresult feed_device(struct md2 *m, CUdevice dev)
{
	static const CUdevice_attribute pci[] = {
		CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID,
		CU_DEVICE_ATTRIBUTE_PCI_BUS_ID,
		CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID,
	};
	CUuuid uuid;
	CUresult e;
	size_t i;
	int v;

	/* cuDeviceGetUuid_v2 by cuda.h: what the runtime itself asks. */
	if ((e = cuDeviceGetUuid(&uuid, dev)) != CUDA_SUCCESS)
		return e;
	md2_update(m, uuid.bytes, sizeof(uuid.bytes));
	for (i = 0; i < sizeof(pci) / sizeof(pci[0]); i++) {
		if ((e = cuDeviceGetAttribute(&v, pci[i], dev)) != CUDA_SUCCESS)
			return e;
		feed_u32(m, (uint32_t)v);
	}
	return CUDA_SUCCESS;
}

static CUresult integrity_check(uint32_t version, uint64_t unix_seconds,
    uint64_t result[2])
{
	uint8_t mac[MD2_DIGEST];
	int driver, count;
	struct md2 m;
	CUresult e;
	CUdevice dev;

	if (result == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* Fixed answers for these versions (ZLUDA, ibid.). */
	if (version % 10 == 0 || version % 10 == 1) {
		result[0] = version % 10 == 0 ? 0x3341181c03cb675cull
		    : 0x1841181c03cb675cull;
		result[1] = 0x8ed383aa1f4cd1e8ull;
		return CUDA_SUCCESS;
	}
	if ((e = cuDriverGetVersion(&driver)) != CUDA_SUCCESS ||
	    (e = cuDeviceGetCount(&count)) != CUDA_SUCCESS)
		return e;
	hmac_md2_init(&m, check_key);
	feed_u32(&m, (uint32_t)driver);
	feed_u32(&m, version);
	feed_u32(&m, (uint32_t)getpid());
	feed_u32(&m, (uint32_t)(uintptr_t)pthread_self());
	feed_pointer(&m, cudart_interface_table);
	feed_pointer(&m, integrity_check_table);
	feed_pointer(&m, integrity_check_table[1]);
	md2_update(&m, &unix_seconds, sizeof(unix_seconds));
	for (dev = 0; dev < count; dev++)
		if ((e = feed_device(&m, dev)) != CUDA_SUCCESS)
			return e;
	hmac_md2_final(&m, check_key, mac);
	memcpy(result, mac, sizeof(mac));
	return CUDA_SUCCESS;
}

UNSEEN(INTEGRITY_CHECK, 2)

/* 3 entries (24 bytes); [1] is called three times (dark-api.md). */
const void *const integrity_check_table[] = {
	SIZE_HEADER(3), SLOT(integrity_check), SLOT(INTEGRITY_CHECK_2),
};
