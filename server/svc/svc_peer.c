/*
 * svc_peer.c -- peer access between the devices of this server, and which
 * atomic operations work between devices and with the host.
 *
 * The client sends these only for devices and contexts of one server
 * (stubs/context/peer.c answers for devices of two); the server passes
 * them to the driver, the peer context checked as the client's.
 */
#include <stdint.h>
#include <stdlib.h>
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

/* One device pair's or one device's answers: the driver's capabilities
 * query, its own device arguments bound. */
typedef CUresult (*caps_query)(unsigned int *caps,
    const CUatomicOperation *ops, unsigned int n, int a, int b);

static CUresult ask_p2p(unsigned int *caps, const CUatomicOperation *ops,
    unsigned int n, int src, int dst)
{
	return cuDeviceGetP2PAtomicCapabilities(caps, ops, n, (CUdevice)src,
	    (CUdevice)dst);
}

/* The driver judges the arguments; no operation is atomic with the
 * client's host (idl/cuda.x). */
static CUresult ask_host(unsigned int *caps, const CUatomicOperation *ops,
    unsigned int n, int dev, int unused)
{
	CUresult e;

	(void)unused;
	if ((e = cuDeviceGetHostAtomicCapabilities(caps, ops, n,
	    (CUdevice)dev)) == CUDA_SUCCESS)
		memset(caps, 0, n * sizeof(*caps));
	return e;
}

static void answer_caps(atomic_ops ops, caps_query ask, int a, int b,
    res_atomic_caps *r)
{
	CUatomicOperation list[ONCUDA_ATOMIC_OPS_MAX];
	unsigned int *caps;
	u_int n = ops.atomic_ops_len;

	memset(r, 0, sizeof *r);
	/* The decoder holds n to ONCUDA_ATOMIC_OPS_MAX. */
	for (u_int i = 0; i < n; i++)
		list[i] = (CUatomicOperation)ops.atomic_ops_val[i];
	if ((caps = calloc(n > 0 ? n : 1, sizeof *caps)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->err = ask(caps, n > 0 ? list : NULL, n, a, b);
	if (r->err != CUDA_SUCCESS) {
		free(caps);
		return;
	}
	/* freeresult frees caps with the reply. */
	r->res_atomic_caps_u.caps.caps_val = caps;
	r->res_atomic_caps_u.caps.caps_len = n;
}

bool_t cu_device_get_p2p_atomic_capabilities_svc(atomic_ops ops,
    int src_dev, int dst_dev, res_atomic_caps *r, struct svc_req *rq)
{
	(void)rq;
	answer_caps(ops, ask_p2p, src_dev, dst_dev, r);
	return TRUE;
}

bool_t cu_device_get_host_atomic_capabilities_svc(atomic_ops ops, int dev,
    res_atomic_caps *r, struct svc_req *rq)
{
	(void)rq;
	answer_caps(ops, ask_host, dev, 0, r);
	return TRUE;
}
