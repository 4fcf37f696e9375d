/*
 * device.c -- cuInit and the device queries whose results need more than a
 * copy: names and PCI bus ids (strings cut to the caller's buffer) and
 * UUIDs.  The plain device calls are generated (gen/glue_client.c).
 */
#include <stdint.h>
#include <string.h>

#include "rpc.h"

/* cuda.h maps cuDeviceGetUuid to _v2; the driver exports both names. */
#undef cuDeviceGetUuid
ONCUDA_API CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);

ONCUDA_API CUresult cuInit(unsigned int Flags)
{
	enum clnt_stat st;
	CUresult e;
	CLIENT *c;
	res_none r;

	memset(&r, 0, sizeof(r));
	/* Connects on first use; the reason for a failure is printed there. */
	if ((c = rpc_begin()) == NULL)
		return rpc_reached() ? rpc_unavailable() : CUDA_ERROR_NO_DEVICE;
	st = cu_init_13000(Flags, &r, c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		rpc_mark_initialised();
	if ((e = rpc_end(st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/* CU_DEVICE_GET_NAME and CU_DEVICE_GET_PCI_BUS_ID: the server sends at
 * most len - 1 characters; the NUL is ours to add. */
static CUresult copy_string(char *out, int len, enum clnt_stat st,
    res_string *r)
{
	CUresult e = rpc_end(st);
	size_t n;

	if (e != CUDA_SUCCESS)
		return e;
	if (r->err == CUDA_SUCCESS) {
		n = strlen(r->res_string_u.value);
		if (n > (size_t)len - 1)
			n = (size_t)len - 1;
		memcpy(out, r->res_string_u.value, n);
		out[n] = '\0';
	}
	e = (CUresult)r->err;
	xdr_free((xdrproc_t)xdr_res_string, (char *)r);
	return e;
}

ONCUDA_API CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
	res_string r;
	CLIENT *c;

	if (name == NULL || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((c = rpc_begin()) == NULL)
		return rpc_unavailable();
	return copy_string(name, len, cu_device_get_name_13000(len, dev, &r, c),
	    &r);
}

ONCUDA_API CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev)
{
	res_string r;
	CLIENT *c;

	if (pciBusId == NULL || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((c = rpc_begin()) == NULL)
		return rpc_unavailable();
	return copy_string(pciBusId, len,
	    cu_device_get_pci_bus_id_13000(len, dev, &r, c), &r);
}

ONCUDA_API CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev)
{
	res_uuid r;
	CLIENT *c;
	CUresult e;

	if (uuid == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((c = rpc_begin()) == NULL)
		return rpc_unavailable();
	if ((e = rpc_end(cu_device_get_uuid_13000(dev, &r, c))) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		memcpy(uuid->bytes, r.res_uuid_u.bytes, sizeof(uuid->bytes));
	return (CUresult)r.err;
}

/*
 * The CUDA 9.2 entry point, which the CUDA 13 runtime still asks for.  The
 * two differ only under MIG, where _v2 gives the MIG instance's UUID; the
 * server's driver answers _v2 for both.
 */
ONCUDA_API CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev)
{
	return cuDeviceGetUuid_v2(uuid, dev);
}
