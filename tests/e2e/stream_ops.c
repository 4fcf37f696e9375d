/*
 * Stream attributes set, read back and copied; a stream's device and
 * context; stream memory operations ordering two streams around a kernel.
 */
#include <string.h>

#include "check.h"

int test_stream_attributes(void)
{
	CUstreamAttrValue v, got;
	CUcontext ctx, sctx;
	CUgreenCtx green;
	CUstream s, s2;
	CUdevice dev, sdev;
	CUdeviceptr d;
	unsigned int word = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_stream(&s2));
	TRY(e2e_dalloc(&d, 1 << 16));

	memset(&v, 0, sizeof(v));
	v.syncPolicy = CU_SYNC_POLICY_SPIN;
	CHECK_CU(cuStreamSetAttribute(s,
	    CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY, &v), CUDA_SUCCESS);
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuStreamGetAttribute(s,
	    CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY, &got), CUDA_SUCCESS);
	CHECK_EQ(got.syncPolicy, CU_SYNC_POLICY_SPIN);

	memset(&v, 0, sizeof(v));
	v.accessPolicyWindow.base_ptr = (void *)(uintptr_t)d;
	v.accessPolicyWindow.num_bytes = 1 << 16;
	v.accessPolicyWindow.hitRatio = 0.5f;
	v.accessPolicyWindow.hitProp = CU_ACCESS_PROPERTY_PERSISTING;
	v.accessPolicyWindow.missProp = CU_ACCESS_PROPERTY_STREAMING;
	CHECK_CU(cuStreamSetAttribute(s,
	    CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v), CUDA_SUCCESS);
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuStreamGetAttribute(s,
	    CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &got), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)got.accessPolicyWindow.base_ptr, d);
	CHECK_EQ(got.accessPolicyWindow.num_bytes, 1 << 16);
	CHECK_EQ(got.accessPolicyWindow.hitProp, CU_ACCESS_PROPERTY_PERSISTING);

	memset(&v, 0, sizeof(v));
	v.memSyncDomain = CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE;
	CHECK_CU(cuStreamSetAttribute(s, CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN,
	    &v), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetAttribute(s, CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN,
	    &got), CUDA_SUCCESS);
	CHECK_EQ(got.memSyncDomain, CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE);

	/* s2 takes s's attributes. */
	CHECK_CU(cuStreamCopyAttributes(s2, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetAttribute(s2,
	    CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY, &got), CUDA_SUCCESS);
	CHECK_EQ(got.syncPolicy, CU_SYNC_POLICY_SPIN);
	CHECK_CU(cuStreamGetAttribute(s2,
	    CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &got), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)got.accessPolicyWindow.base_ptr, d);
	CHECK_CU(cuStreamGetAttribute(s2, CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN,
	    &got), CUDA_SUCCESS);
	CHECK_EQ(got.memSyncDomain, CU_LAUNCH_MEM_SYNC_DOMAIN_REMOTE);

	/* The window cleared again; work on the stream still runs. */
	memset(&v, 0, sizeof(v));
	CHECK_CU(cuStreamSetAttribute(s,
	    CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &v), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(d, 77, 1, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(&word, d, sizeof(word)), CUDA_SUCCESS);
	CHECK_EQ(word, 77);

	/* (No NULL output here: driver 580 dereferences it and the test
	 * must run natively; the client refuses it with INVALID_VALUE.) */

	CHECK_CU(cuStreamGetDevice(s, &sdev), CUDA_SUCCESS);
	CHECK_EQ(sdev, dev);
	green = (CUgreenCtx)(uintptr_t)1;
	CHECK_CU(cuStreamGetCtx_v2(s, &sctx, &green), CUDA_SUCCESS);
	CHECK(sctx == ctx);
	CHECK(green == NULL);
	return 0;
}

/*
 * Stream a fills the data and then writes the flag; stream b waits for
 * the flag and then copies the data: what b copies is what a's kernel
 * wrote, as the write comes after the kernel and the copy after the wait.
 */
int test_stream_mem_ops(void)
{
	enum { N = 4096 };
	CUstreamBatchMemOpParams ops[2];
	CUdeviceptr flags, data, copy;
	unsigned long long n = N, word64;
	unsigned int v = 7, word32;
	unsigned int *back;
	CUfunction fill;
	CUstream a, b;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	int can64;
	void *args[3];

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	TRY(e2e_stream(&a));
	TRY(e2e_stream(&b));
	TRY(e2e_dalloc(&flags, 16));
	TRY(e2e_dalloc(&data, N * sizeof(unsigned int)));
	TRY(e2e_dalloc(&copy, N * sizeof(unsigned int)));
	CHECK_CU(cuMemsetD32(flags, 0, 4), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(copy, 0, N), CUDA_SUCCESS);

	args[0] = &data;
	args[1] = &v;
	args[2] = &n;
	CHECK_CU(cuLaunchKernel(fill, 16, 1, 1, 256, 1, 1, 0, a, args, NULL),
	    CUDA_SUCCESS);
	CHECK_CU(cuStreamWriteValue32(a, flags, 1, 0), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitValue32(b, flags, 1, CU_STREAM_WAIT_VALUE_GEQ),
	    CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(copy, data, N * sizeof(unsigned int), b),
	    CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(b), CUDA_SUCCESS);
	back = e2e_malloc(N * sizeof(unsigned int));
	CHECK_CU(cuMemcpyDtoH(back, copy, N * sizeof(unsigned int)),
	    CUDA_SUCCESS);
	for (int i = 0; i < N; i++)
		CHECK_EQ(back[i], 7);
	CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);

	/* A batch: a 32-bit write, and a 64-bit one where the device can. */
	CHECK_CU(cuDeviceGetAttribute(&can64,
	    CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS, dev),
	    CUDA_SUCCESS);
	memset(ops, 0, sizeof(ops));
	ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	ops[0].writeValue.address = flags;
	ops[0].writeValue.value = 5;
	ops[1].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
	ops[1].writeValue.address = flags + 8;
	ops[1].writeValue.value64 = 0x123456789abcdef0ULL;
	CHECK_CU(cuStreamBatchMemOp(a, can64 ? 2 : 1, ops, 0), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(a), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(&word32, flags, 4), CUDA_SUCCESS);
	CHECK_EQ(word32, 5);
	if (!can64) {
		e2e_skip_note("no 64-bit stream memory operations");
		return 0;
	}
	CHECK_CU(cuMemcpyDtoH(&word64, flags + 8, 8), CUDA_SUCCESS);
	CHECK_EQ(word64, 0x123456789abcdef0ULL);
	CHECK_CU(cuStreamWriteValue64(a, flags + 8, 42, 0), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitValue64(b, flags + 8, 42, CU_STREAM_WAIT_VALUE_EQ),
	    CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(copy, 9, 1, b), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(b), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(&word64, flags + 8, 8), CUDA_SUCCESS);
	CHECK_EQ(word64, 42);
	CHECK_CU(cuMemcpyDtoH(&word32, copy, 4), CUDA_SUCCESS);
	CHECK_EQ(word32, 9);
	return 0;
}
