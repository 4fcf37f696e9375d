/*
 * Peer access and peer copies.  On one GPU (the H200 the suite runs on
 * natively) two contexts of device 0 copy between each other with
 * cuMemcpyPeer and cuMemcpyPeerAsync, ordered on a stream after a memset
 * and before a copy back; a device is no peer of itself, which the driver
 * says documented ways.  With a second device, the pair's access and
 * atomic capabilities are asked and, where access is possible, enabled
 * and disabled, and copies between the devices are checked (run with
 * FAKECUDA_DEVICES=2 on the stand-in).
 */
#include <string.h>

#include "check.h"
#include "tests.h"

enum { N = 1 << 16 };

/* Copies between a and b (contexts ca, cb) with both peer copies. */
static int peer_copies(CUcontext ca, CUdeviceptr a, CUcontext cb,
		       CUdeviceptr b, unsigned seed)
{
	unsigned *in = e2e_malloc(N * sizeof(unsigned));
	unsigned *out = e2e_malloc(N * sizeof(unsigned));
	CUstream s;

	for (size_t i = 0; i < N; i++)
		in[i] = seed + (unsigned)i * 7u;
	CHECK_CU(cuCtxSetCurrent(ca), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoD(a, in, N * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(cb), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(b, 0, N), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyPeer(b, cb, a, ca, N * sizeof(unsigned)),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(out, b, N * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_MEM(out, in, N * sizeof(unsigned));

	/* On a stream of b's context: a memset, the peer copy of half,
	 * the copy back; the stream's order makes the result. */
	CHECK_CU(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
	e2e_defer_stream(s);
	CHECK_CU(cuMemsetD32Async(b, 0x11111111u, N, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyPeerAsync(b, cb, a, ca, N / 2 * sizeof(unsigned), s),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(out, b, N * sizeof(unsigned), s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(out, in, N / 2 * sizeof(unsigned));
	for (size_t i = N / 2; i < N; i++)
		CHECK_EQ(out[i], 0x11111111u);
	return 0;
}

int test_peer(void)
{
	CUcontext c0, c1, c2;
	CUdeviceptr a, b;
	CUdevice dev;
	int count = 0, can = -1, v;
	CUatomicOperation ops[2] = { CU_ATOMIC_OPERATION_INTEGER_ADD,
				     CU_ATOMIC_OPERATION_CAS };
	unsigned caps[2];

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceCanAccessPeer(&can, dev, dev), CUDA_SUCCESS);
	CHECK_EQ(can, 0);
	CHECK_CU(cuDeviceCanAccessPeer(NULL, dev, dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetP2PAttribute(&v,
		 CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, dev, dev),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetP2PAtomicCapabilities(caps, ops, 2, dev, dev),
		 CUDA_ERROR_INVALID_DEVICE);

	/* Two contexts of one device. */
	CHECK_CU(cuCtxCreate(&c0, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(c0);
	TRY(e2e_dalloc(&a, N * sizeof(unsigned)));
	CHECK_CU(cuCtxCreate(&c1, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(c1);
	TRY(e2e_dalloc(&b, N * sizeof(unsigned)));
	/* The current context (c1) is no peer of itself: the H200's driver
	 * says peer access is unsupported there. */
	CHECK_CU(cuCtxEnablePeerAccess(c1, 0),
		 CUDA_ERROR_PEER_ACCESS_UNSUPPORTED);
	TRY(peer_copies(c0, a, c1, b, 100));
	TRY(peer_copies(c1, b, c0, a, 900));

	CHECK_CU(cuDeviceGetCount(&count), CUDA_SUCCESS);
	if (count < 2) {
		e2e_skip_note("one device: copies between two devices were "
			      "not tried");
		return 0;
	}
	{
		CUdevice d1;

		CHECK_CU(cuDeviceGet(&d1, 1), CUDA_SUCCESS);
		CHECK_CU(cuDeviceCanAccessPeer(&can, dev, d1), CUDA_SUCCESS);
		CHECK(can == 0 || can == 1);
		CHECK_CU(cuDeviceGetP2PAttribute(&v,
			 CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, dev, d1),
			 CUDA_SUCCESS);
		CHECK_EQ(v, can);
		caps[0] = caps[1] = 0xDEADBEEFu;
		CHECK_CU(cuDeviceGetP2PAtomicCapabilities(caps, ops, 2, dev,
			 d1), CUDA_SUCCESS);
		CHECK(caps[0] != 0xDEADBEEFu && caps[1] != 0xDEADBEEFu);
		CHECK_CU(cuDeviceGetP2PAtomicCapabilities(caps, ops, 0, dev,
			 d1), CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuCtxCreate(&c2, NULL, 0, d1), CUDA_SUCCESS);
		e2e_defer_ctx(c2);
		TRY(e2e_dalloc(&b, N * sizeof(unsigned)));
		CHECK_CU(cuCtxSetCurrent(c0), CUDA_SUCCESS);
		if (can) {
			CHECK_CU(cuCtxEnablePeerAccess(c2, 0), CUDA_SUCCESS);
			CHECK_CU(cuCtxEnablePeerAccess(c2, 0),
				 CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED);
			CHECK_CU(cuCtxDisablePeerAccess(c2), CUDA_SUCCESS);
		}
		CHECK_CU(cuCtxDisablePeerAccess(c2),
			 CUDA_ERROR_PEER_ACCESS_NOT_ENABLED);
		TRY(peer_copies(c0, a, c2, b, 5000));
		TRY(peer_copies(c2, b, c0, a, 7000));
	}
	return 0;
}

/*
 * Atomic operations between a device and the host: the arguments judged as
 * the driver does, and no capability claimed that the attributes deny
 * (through oncuda the host is the client's machine: none at all).
 */
int test_host_atomics(void)
{
	CUatomicOperation ops[3] = { CU_ATOMIC_OPERATION_INTEGER_ADD,
				     CU_ATOMIC_OPERATION_CAS,
				     CU_ATOMIC_OPERATION_FLOAT_ADD };
	CUatomicOperation bad = CU_ATOMIC_OPERATION_MAX;
	unsigned caps[3] = { 0xDEADBEEFu, 0xDEADBEEFu, 0xDEADBEEFu };
	int native = -1, partial = -1;
	CUdevice dev;

	CHECK_CU(cuInit(0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&native,
		 CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED, dev),
		 CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&partial,
		 CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED,
		 dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetHostAtomicCapabilities(caps, ops, 3, dev),
		 CUDA_SUCCESS);
	for (int i = 0; i < 3; i++) {
		CHECK(caps[i] != 0xDEADBEEFu);
		if (native == 0 && partial == 0)
			CHECK_EQ(caps[i], 0);
	}
	if (getenv("ONCUDA_TEST_REMOTE") != NULL)
		CHECK(native == 0 && partial == 0 && caps[0] == 0);
	CHECK_CU(cuDeviceGetHostAtomicCapabilities(caps, ops, 0, dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetHostAtomicCapabilities(NULL, ops, 3, dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetHostAtomicCapabilities(caps, &bad, 1, dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetHostAtomicCapabilities(caps, ops, 3, 9999),
		 CUDA_ERROR_INVALID_DEVICE);
	return 0;
}
