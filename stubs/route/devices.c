/*
 * devices.c -- the one device list across servers (devices.h), and the
 * entry points that answer from it: cuDeviceGetCount, cuDeviceGet,
 * cuDeviceGetByPCIBusId, cuDriverGetVersion.
 *
 * The list is built once, by the first cuInit that succeeds, and never
 * changes after: the program's device numbers must mean the same GPUs for
 * the whole run.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "stubs/route/devices.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

CUresult on_server_device_uuid(unsigned server, CUdevice local, CUuuid *uuid)
{
	struct call k;
	res_uuid r;
	CUresult e;

	if ((e = call_begin_on(&k, server, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_device_get_uuid(local, &r, k.c), &r.err)) ==
	    CUDA_SUCCESS)
		memcpy(uuid->bytes, r.res_uuid_u.bytes, sizeof(uuid->bytes));
	return e;
}

struct device {
	unsigned server;
	CUdevice local;		/* the server's CUdevice */
};

static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool built;
static struct device listed[DEVICES_MAX];
static int listed_count;

/* Every server's devices, in the order of ONCUDA_SERVER. */
static CUresult gather(struct device *all, int *count)
{
	unsigned servers = rpc_server_count();
	int n, i;
	CUresult e;

	*count = 0;
	for (unsigned s = 0; s < servers; s++) {
		if ((e = on_server_cuDeviceGetCount(s, &n)) != CUDA_SUCCESS)
			return e;
		for (i = 0; i < n && *count < DEVICES_MAX; i++) {
			all[*count].server = s;
			e = on_server_cuDeviceGet(s, &all[*count].local, i);
			if (e != CUDA_SUCCESS)
				return e;
			++*count;
		}
	}
	return CUDA_SUCCESS;
}

/* "GPU-" and the UUID in the form nvidia-smi prints it. */
static void uuid_name(const CUuuid *u, char *out, size_t len)
{
	const unsigned char *b = (const unsigned char *)u->bytes;
	size_t at = (size_t)snprintf(out, len, "GPU-");

	for (int i = 0; i < 16 && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%02x",
		    i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "", b[i]);
}

/*
 * The device one CUDA_VISIBLE_DEVICES entry names: an index into all, or
 * a prefix of exactly one device's UUID.  -1: none.
 */
static int entry_device(const char *entry, size_t len, const struct device *all,
    int count)
{
	char uuid[64];
	int found = -1;
	CUuuid u;
	long index;
	char *end;

	while (len > 0 && isspace((unsigned char)*entry))
		entry++, len--;
	if (len > 0 && isdigit((unsigned char)*entry)) {
		index = strtol(entry, &end, 10);
		while (end < entry + len && isspace((unsigned char)*end))
			end++;
		return end == entry + len && index < count ? (int)index : -1;
	}
	if (len <= 4 || strncasecmp(entry, "GPU-", 4) != 0)
		return -1;
	for (int i = 0; i < count; i++) {
		if (on_server_device_uuid(all[i].server, all[i].local, &u) !=
		    CUDA_SUCCESS)
			return -1;
		uuid_name(&u, uuid, sizeof(uuid));
		if (len <= strlen(uuid) && strncasecmp(uuid, entry, len) == 0) {
			if (found >= 0)
				return -1;	/* the prefix is ambiguous */
			found = i;
		}
	}
	return found;
}

/* Applies CUDA_VISIBLE_DEVICES to all, into listed. */
static void select_visible(const struct device *all, int count)
{
	const char *spec = getenv("CUDA_VISIBLE_DEVICES");
	bool taken[DEVICES_MAX] = { false };

	listed_count = 0;
	if (spec == NULL) {
		memcpy(listed, all, (size_t)count * sizeof(*all));
		listed_count = count;
		return;
	}
	while (*spec != '\0') {
		size_t len = strcspn(spec, ",");
		int i = entry_device(spec, len, all, count);

		if (i < 0 || taken[i])
			break;
		taken[i] = true;
		listed[listed_count++] = all[i];
		if (spec[len] == '\0')
			break;
		spec += len + 1;
	}
}

CUresult devices_build(void)
{
	static struct device all[DEVICES_MAX];
	CUresult e = CUDA_SUCCESS;
	int count;

	pthread_mutex_lock(&build_lock);
	if (!atomic_load(&built)) {
		if ((e = gather(all, &count)) == CUDA_SUCCESS) {
			select_visible(all, count);
			atomic_store(&built, true);
		}
	}
	pthread_mutex_unlock(&build_lock);
	return e;
}

bool devices_lookup(CUdevice dev, unsigned *server, CUdevice *local)
{
	if (!atomic_load(&built) || dev < 0 || dev >= listed_count)
		return false;
	*server = listed[dev].server;
	*local = listed[dev].local;
	return true;
}

bool devices_global(unsigned server, CUdevice local, CUdevice *dev)
{
	if (!atomic_load(&built))
		return false;
	for (int i = 0; i < listed_count; i++)
		if (listed[i].server == server && listed[i].local == local) {
			*dev = i;
			return true;
		}
	return false;
}

ONCUDA_API CUresult cuDeviceGetCount(int *count)
{
	CUresult e;

	if (count == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	*count = listed_count;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
	CUresult e;

	if (device == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (ordinal < 0 || ordinal >= listed_count)
		return CUDA_ERROR_INVALID_DEVICE;
	*device = ordinal;
	return CUDA_SUCCESS;
}

/* The first listed device with that bus id, servers in their order: bus
 * ids of different machines may well be the same. */
ONCUDA_API CUresult cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId)
{
	CUresult e = CUDA_ERROR_INVALID_DEVICE;
	CUdevice local;

	if (dev == NULL || pciBusId == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned s = 0; s < rpc_server_count(); s++) {
		e = on_server_cuDeviceGetByPCIBusId(s, &local, pciBusId);
		if (e == CUDA_SUCCESS && devices_global(s, local, dev))
			return CUDA_SUCCESS;
		if (e == CUDA_SUCCESS)
			e = CUDA_ERROR_INVALID_DEVICE;
	}
	return e;
}

/* The oldest of the servers' drivers: what every device can be given. */
ONCUDA_API CUresult cuDriverGetVersion(int *driverVersion)
{
	int version, oldest = 0;
	CUresult e;

	if (driverVersion == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned s = 0; s < rpc_server_count(); s++) {
		if ((e = on_server_cuDriverGetVersion(s, &version)) !=
		    CUDA_SUCCESS)
			return e;
		if (s == 0 || version < oldest)
			oldest = version;
	}
	*driverVersion = oldest;
	return CUDA_SUCCESS;
}
