/*
 * peer.c -- peer access: cuDeviceCanAccessPeer, cuDeviceGetP2PAttribute,
 * cuCtxEnablePeerAccess, cuCtxDisablePeerAccess.
 *
 * Devices of one server are the driver's to judge.  Devices of two
 * servers have no path between them but this client, so the answers are
 * the driver's for two GPUs without a peer link, given here: no access,
 * every attribute 0, enabling unsupported.  Copies between them still
 * work (cuMemcpyPeer, stubs/copy/copy_between.c).
 */
#include <stdint.h>

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
