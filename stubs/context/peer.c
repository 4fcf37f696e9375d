/*
 * peer.c -- peer access: cuDeviceCanAccessPeer, cuDeviceGetP2PAttribute,
 * cuDeviceGetP2PAtomicCapabilities, cuCtxEnablePeerAccess,
 * cuCtxDisablePeerAccess; and cuDeviceGetHostAtomicCapabilities, the
 * same question about the host.
 *
 * Devices of one server are the driver's to judge.  Devices of two
 * servers have no path between them but this client, so the answers are
 * the driver's for two GPUs without a peer link, given here: no access,
 * every attribute 0, enabling unsupported.  Copies between them still
 * work (cuMemcpyPeer, stubs/copy/copy_between.c).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/*
 * Routes a call naming devices dev and peer into rt and their servers'
 * ordinals; true when both are listed devices of two different servers.
 */
static bool route_pair(struct route *rt, CUdevice dev, CUdevice peer,
    CUdevice *ldev, CUdevice *lpeer)
{
	route_device(rt, dev, ldev);
	route_device(rt, peer, lpeer);
	/* route_device says INVALID_DEVICE only for two listed devices of
	 * two servers; an unlisted one goes on, for the driver to judge. */
	return rt->err == CUDA_ERROR_INVALID_DEVICE;
}

ONCUDA_API CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev,
    CUdevice peerDev)
{
	struct route rt = ROUTE_INIT;
	CUdevice ldev, lpeer;
	struct call k;
	res_int r;
	CUresult e;

	if (canAccessPeer == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (route_pair(&rt, dev, peerDev, &ldev, &lpeer)) {
		*canAccessPeer = 0;
		return CUDA_SUCCESS;
	}
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_device_can_access_peer(ldev, lpeer, &r, k.c),
	    &r.err);
	if (e == CUDA_SUCCESS)
		*canAccessPeer = r.res_int_u.value;
	return e;
}

ONCUDA_API CUresult cuDeviceGetP2PAttribute(int *value,
    CUdevice_P2PAttribute attrib, CUdevice srcDevice, CUdevice dstDevice)
{
	struct route rt = ROUTE_INIT;
	CUdevice lsrc, ldst;
	struct call k;
	res_int r;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (route_pair(&rt, srcDevice, dstDevice, &lsrc, &ldst)) {
		*value = 0;
		return CUDA_SUCCESS;
	}
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_device_get_p2p_attribute((int)attrib, lsrc, ldst,
	    &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*value = r.res_int_u.value;
	return e;
}

/* Whether peer is a context of another server than the current one's. */
static bool elsewhere(CUcontext peer)
{
	unsigned server = route_server_of(peer);

	return peer != NULL && server < rpc_server_count() &&
	    server != route_current_server();
}

ONCUDA_API CUresult cuCtxEnablePeerAccess(CUcontext peerContext,
    unsigned int Flags)
{
	struct call k;
	res_none r;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (elsewhere(peerContext))
		return CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_ctx_enable_peer_access(route_strip(peerContext),
	    Flags, &r, k.c), &r.err);
}

ONCUDA_API CUresult cuCtxDisablePeerAccess(CUcontext peerContext)
{
	struct call k;
	res_none r;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (elsewhere(peerContext))
		return CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_ctx_disable_peer_access(
	    route_strip(peerContext), &r, k.c), &r.err);
}

/* Whether every operation is one the driver knows; the driver's answer. */
static CUresult check_operations(const CUatomicOperation *operations,
    unsigned int count)
{
	for (unsigned i = 0; i < count; i++)
		if ((int)operations[i] < 0 ||
		    operations[i] >= CU_ATOMIC_OPERATION_MAX)
			return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/*
 * Asks the server routed by rt for the capabilities of count operations,
 * ONCUDA_ATOMIC_OPS_MAX to a message: of the link between local devices
 * src and dst, or, host set, of the link between local device src and the
 * host.
 */
static CUresult ask_capabilities(struct route *rt, bool host,
    unsigned int *capabilities, const CUatomicOperation *operations,
    unsigned int count, CUdevice src, CUdevice dst)
{
	int list[ONCUDA_ATOMIC_OPS_MAX];
	enum clnt_stat st;
	res_atomic_caps r;
	struct call k;
	CUresult e;

	for (unsigned done = 0; done < count; ) {
		unsigned n = count - done < ONCUDA_ATOMIC_OPS_MAX ?
		    count - done : ONCUDA_ATOMIC_OPS_MAX;
		atomic_ops ops = { n, list };

		for (unsigned i = 0; i < n; i++)
			list[i] = (int)operations[done + i];
		if ((e = route_call(&k, rt, CALL_REPLY(r))) != CUDA_SUCCESS)
			return e;
		st = host ? cu_device_get_host_atomic_capabilities(ops, src, &r,
		    k.c) : cu_device_get_p2p_atomic_capabilities(ops, src, dst,
		    &r, k.c);
		/* Copied out before call_done frees the reply. */
		if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
			if (r.res_atomic_caps_u.caps.caps_len != n)
				r.err = CUDA_ERROR_INVALID_VALUE;
			else
				memcpy(capabilities + done,
				    r.res_atomic_caps_u.caps.caps_val,
				    n * sizeof *capabilities);
		}
		if ((e = call_done(&k, st, &r.err)) != CUDA_SUCCESS)
			return e;
		done += n;
	}
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuDeviceGetP2PAtomicCapabilities(
    unsigned int *capabilities, const CUatomicOperation *operations,
    unsigned int count, CUdevice srcDevice, CUdevice dstDevice)
{
	struct route rt = ROUTE_INIT;
	CUdevice lsrc, ldst;
	CUresult e;

	if (capabilities == NULL || operations == NULL || count == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (route_pair(&rt, srcDevice, dstDevice, &lsrc, &ldst)) {
		if ((e = check_operations(operations, count)) != CUDA_SUCCESS)
			return e;
		memset(capabilities, 0, count * sizeof(*capabilities));
		return CUDA_SUCCESS;
	}
	return ask_capabilities(&rt, false, capabilities, operations, count,
	    lsrc, ldst);
}

/* idl/cuda.x, CU_DEVICE_GET_HOST_ATOMIC_CAPABILITIES: the server judges
 * the arguments and answers 0 for each operation. */
ONCUDA_API CUresult cuDeviceGetHostAtomicCapabilities(
    unsigned int *capabilities, const CUatomicOperation *operations,
    unsigned int count, CUdevice dev)
{
	struct route rt = ROUTE_INIT;
	CUdevice local;

	if (capabilities == NULL || operations == NULL || count == 0)
		return CUDA_ERROR_INVALID_VALUE;
	route_device(&rt, dev, &local);
	return ask_capabilities(&rt, true, capabilities, operations, count,
	    local, local);
}
