/*
 * managed_ctx_gone.c -- managed memory that dies with its context.
 *
 * A program that destroys a context without freeing its managed memory
 * (cudaDeviceReset does) and then allocates managed memory again may be
 * given the same address: the driver reuses what the context's death
 * freed.  The client's side of the dead allocation must not stand in the
 * way (on the H200 through oncuda the second cuMemAllocManaged failed with
 * CUDA_ERROR_OUT_OF_MEMORY), and the new allocation must work.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

#define BYTES (4u << 20)	/* above the packing of small ones */

int test_managed_ctx_gone(void)
{
	CUdevice dev;
	CUcontext primary, own;
	CUdeviceptr dead, fresh;
	unsigned char *host;

	TRY(e2e_managed_ctx(&dev, &primary));
	CHECK_CU(cuCtxCreate(&own, NULL, 0, dev), CUDA_SUCCESS);
	CHECK_CU(cuMemAllocManaged(&dead, BYTES, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	memset((void *)(uintptr_t)dead, 0x5a, BYTES);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuCtxDestroy(own), CUDA_SUCCESS);

	CHECK_CU(cuCtxSetCurrent(primary), CUDA_SUCCESS);
	CHECK_CU(cuMemAllocManaged(&fresh, BYTES, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	e2e_defer_mem(fresh);
	host = (unsigned char *)(uintptr_t)fresh;
	memset(host, 0x11, BYTES);
	CHECK_CU(cuMemsetD8(fresh + BYTES / 2, 0x22, BYTES / 2), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (size_t i = 0; i < BYTES; i++)
		if (host[i] != (i < BYTES / 2 ? 0x11 : 0x22))
			return e2e_fail(__FILE__, __LINE__, "byte %zu is %#x "
					"(the new allocation %s the dead one's "
					"address)", i, host[i],
					fresh == dead ? "took" : "did not take");
	return 0;
}
