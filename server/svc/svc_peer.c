/*
 * svc_peer.c -- peer access between the devices of this server.
 *
 * The client sends these only for devices and contexts of one server
 * (stubs/context/peer.c answers for devices of two); the server passes
 * them to the driver, the peer context checked as the client's.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"

bool_t cu_device_can_access_peer_svc(int dev, int peer_dev, res_int *r,
    struct svc_req *rq)
{
	int value = 0;

	(void)rq;
	memset(r, 0, sizeof *r);
	r->err = cuDeviceCanAccessPeer(&value, (CUdevice)dev,
	    (CUdevice)peer_dev);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = value;
	return TRUE;
}

bool_t cu_device_get_p2p_attribute_svc(int attrib, int src_dev, int dst_dev,
    res_int *r, struct svc_req *rq)
{
	int value = 0;

	(void)rq;
	memset(r, 0, sizeof *r);
	r->err = cuDeviceGetP2PAttribute(&value, (CUdevice_P2PAttribute)attrib,
	    (CUdevice)src_dev, (CUdevice)dst_dev);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = value;
	return TRUE;
}

bool_t cu_ctx_enable_peer_access_svc(cu_handle peer_ctx, u_int flags,
    res_none *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_CONTEXT, peer_ctx, false)) ==
	    CUDA_SUCCESS)
		r->err = cuCtxEnablePeerAccess((CUcontext)(uintptr_t)peer_ctx,
		    flags);
	return TRUE;
}

bool_t cu_ctx_disable_peer_access_svc(cu_handle peer_ctx, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_CONTEXT, peer_ctx, false)) ==
	    CUDA_SUCCESS)
		r->err = cuCtxDisablePeerAccess((CUcontext)(uintptr_t)peer_ctx);
	return TRUE;
}
