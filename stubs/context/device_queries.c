/*
 * device_queries.c -- cuInit on every server, and the device queries whose results
 * need more than a copy: names and PCI bus ids (strings cut to the caller's buffer) and
 * UUIDs.  The plain device calls are generated (gen/glue_client.c).
 */
#include <stdint.h>
#include <string.h>

#include "stubs/route/devices.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/* cuda.h maps cuDeviceGetUuid to _v2; the driver exports both names. */
#undef cuDeviceGetUuid
ONCUDA_API CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);

/* cuInit on one server; *reached: it could be asked at all. */
static CUresult init_one(unsigned server, unsigned int Flags, bool *reached)
{
	struct call k;
	res_none r;
	CUresult e;

	*reached = false;
	/* Connects on first use; the reason for a failure is printed there. */
	if ((e = call_begin_on(&k, server, CALL_REPLY(r))) != CUDA_SUCCESS)
		return rpc_reached() ? e : CUDA_ERROR_NO_DEVICE;
	*reached = true;
	return call_done(&k, cu_init(Flags, &r, k.c), &r.err);
}

/*
 * cuInit asks every server ONCUDA_SERVER names, and succeeds only when all
 * of them do.  Leaving out a server that cannot be reached would renumber
 * the devices after it, so that work meant for one GPU would silently run
 * on another; the person running the program is told which server failed
 * and why (connect.c), and can drop it from the list.
 */
ONCUDA_API CUresult cuInit(unsigned int Flags)
{
	unsigned servers = rpc_server_count(), failed = 0;
	CUresult e, first = CUDA_SUCCESS;
	bool reached;

	for (unsigned s = 0; s < servers; s++) {
		if ((e = init_one(s, Flags, &reached)) == CUDA_SUCCESS)
			continue;
		if (first == CUDA_SUCCESS)
			first = e;
		if (servers > 1)
			oncuda_say("cuInit: oncudad on %s (server %u of %u in "
			    "ONCUDA_SERVER) %s; every listed server must "
			    "answer, so that device numbers mean the same GPUs "
			    "on every run: start it, or drop it from the list",
			    rpc_server_name(s), s + 1, servers, reached ?
			    "refused cuInit" : "cannot be reached (above)");
		failed++;
	}
	if (failed > 0)
		return servers > 1 && first != CUDA_ERROR_DEVICE_UNAVAILABLE ?
		    CUDA_ERROR_NO_DEVICE : first;
	if ((e = devices_build()) != CUDA_SUCCESS)
		return e;
	rpc_mark_initialised();
	return CUDA_SUCCESS;
}

/* CU_DEVICE_GET_NAME and CU_DEVICE_GET_PCI_BUS_ID: the server sends at
 * most len - 1 characters; the NUL is ours to add. */
static CUresult copy_string(char *out, int len, struct call *k,
    enum clnt_stat st, res_string *r)
{
	CUresult e = call_end(k, st);
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
	struct call k;
	CUresult e;

	if (name == NULL || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_device(&k, dev, true, &dev,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return copy_string(name, len, &k,
	    cu_device_get_name(len, dev, &r, k.c), &r);
}

ONCUDA_API CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev)
{
	res_string r;
	struct call k;
	CUresult e;

	if (pciBusId == NULL || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_device(&k, dev, true, &dev,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return copy_string(pciBusId, len, &k,
	    cu_device_get_pci_bus_id(len, dev, &r, k.c), &r);
}

ONCUDA_API CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev)
{
	struct route rt = ROUTE_INIT;
	CUdevice local;

	if (uuid == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_device(&rt, dev, &local);
	route_settle(&rt);
	return on_server_device_uuid((unsigned)rt.server, local, uuid);
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
