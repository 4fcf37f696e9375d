/*
 * peer.c - peer access between the stand-in's devices.
 *
 * Every device's memory is this process's host memory, so any two
 * distinct devices can reach each other, as GPUs on one NVLink switch
 * can; a device is no peer of itself, as on a GPU.  Enabled pairs of
 * contexts are remembered only to answer "already enabled" and "not
 * enabled" as the driver does.
 */
#include <stdlib.h>

#include "fakecuda.h"

#define MAX_PAIRS 64

static struct pair {
	uintptr_t from, to;	/* context handles; from == 0: free */
} pairs[MAX_PAIRS];

FC_API CUresult
cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS)
		rc = fc_check_device(peerDev);
	if (rc == CUDA_SUCCESS && canAccessPeer == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*canAccessPeer = dev != peerDev;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib,
    CUdevice srcDevice, CUdevice dstDevice)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(srcDevice);
	if (rc == CUDA_SUCCESS)
		rc = fc_check_device(dstDevice);
	if (rc == CUDA_SUCCESS && srcDevice == dstDevice)
		rc = CUDA_ERROR_INVALID_DEVICE;
	if (rc == CUDA_SUCCESS && value == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		switch (attrib) {
		case CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK:
		case CU_DEVICE_P2P_ATTRIBUTE_ONLY_PARTIAL_NATIVE_ATOMIC_SUPPORTED:
			*value = 0;
			break;
		case CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED:
		case CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED:
		case CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED:
			*value = 1;
			break;
		default:
			rc = CUDA_ERROR_INVALID_VALUE;
		}
	}
	fc_unlock();
	return rc;
}

static struct pair *
find_pair(uintptr_t from, uintptr_t to)
{
	for (int i = 0; i < MAX_PAIRS; i++)
		if (pairs[i].from == from && pairs[i].to == to)
			return &pairs[i];
	return NULL;
}

/* The current context and peer, checked as the driver checks them. */
static CUresult
peer_pair(CUcontext peerContext, struct fc_context **cur,
    struct fc_context **peer)
{
	CUresult rc = fc_context_current(cur);

	if (rc == CUDA_SUCCESS && *cur == NULL)
		rc = CUDA_ERROR_INVALID_CONTEXT;
	if (rc == CUDA_SUCCESS && (peerContext == NULL ||
	    (*peer = fc_context_lookup(peerContext)) == NULL))
		rc = CUDA_ERROR_INVALID_CONTEXT;
	/* A context and itself: what the H200's driver answers. */
	if (rc == CUDA_SUCCESS && *peer == *cur)
		rc = CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
	return rc;
}

FC_API CUresult
cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags)
{
	struct fc_context *cur = NULL, *peer = NULL;
	struct pair *p;
	CUresult rc;

	fc_lock();
	rc = peer_pair(peerContext, &cur, &peer);
	if (rc == CUDA_SUCCESS && Flags != 0)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && cur->device == peer->device)
		rc = CUDA_ERROR_PEER_ACCESS_UNSUPPORTED;
	if (rc == CUDA_SUCCESS && find_pair(cur->handle, peer->handle) != NULL)
		rc = CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
	if (rc == CUDA_SUCCESS) {
		if ((p = find_pair(0, 0)) == NULL) {
			rc = CUDA_ERROR_TOO_MANY_PEERS;
		} else {
			p->from = cur->handle;
			p->to = peer->handle;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxDisablePeerAccess(CUcontext peerContext)
{
	struct fc_context *cur = NULL, *peer = NULL;
	struct pair *p = NULL;
	CUresult rc;

	fc_lock();
	rc = peer_pair(peerContext, &cur, &peer);
	if (rc == CUDA_SUCCESS &&
	    (p = find_pair(cur->handle, peer->handle)) == NULL)
		rc = CUDA_ERROR_PEER_ACCESS_NOT_ENABLED;
	if (rc == CUDA_SUCCESS)
		p->from = p->to = 0;
	fc_unlock();
	return rc;
}

/*
 * The operations' capabilities once the devices are judged (rc): host
 * memory is the stand-in's device memory, so every atomic works.
 */
static CUresult
all_atomics(CUresult rc, unsigned int *capabilities,
    const CUatomicOperation *operations, unsigned int count)
{
	if (rc == CUDA_SUCCESS && (capabilities == NULL || operations == NULL ||
	    count == 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < count; i++)
		if ((int)operations[i] < 0 ||
		    operations[i] >= CU_ATOMIC_OPERATION_MAX)
			rc = CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < count; i++)
		capabilities[i] = CU_ATOMIC_CAPABILITY_SIGNED |
		    CU_ATOMIC_CAPABILITY_UNSIGNED | CU_ATOMIC_CAPABILITY_SCALAR_32 |
		    CU_ATOMIC_CAPABILITY_SCALAR_64;
	return rc;
}

FC_API CUresult
cuDeviceGetP2PAtomicCapabilities(unsigned int *capabilities,
    const CUatomicOperation *operations, unsigned int count,
    CUdevice srcDevice, CUdevice dstDevice)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(srcDevice);
	if (rc == CUDA_SUCCESS)
		rc = fc_check_device(dstDevice);
	if (rc == CUDA_SUCCESS && srcDevice == dstDevice)
		rc = CUDA_ERROR_INVALID_DEVICE;
	rc = all_atomics(rc, capabilities, operations, count);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDeviceGetHostAtomicCapabilities(unsigned int *capabilities,
    const CUatomicOperation *operations, unsigned int count, CUdevice dev)
{
	CUresult rc;

	fc_lock();
	rc = all_atomics(fc_check_device(dev), capabilities, operations, count);
	fc_unlock();
	return rc;
}
