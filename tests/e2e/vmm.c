/*
 * Virtual memory management: the granularity, a reservation with two
 * physical allocations mapped contiguously, access set, a kernel writing
 * across both and a copy across the seam read back, a retained handle,
 * then unmap, release and free.  Through oncuda (ONCUDA_TEST_REMOTE) a
 * copy past the mapped part, or after the unmap, is refused by the server.
 */
#include <stdlib.h>

#include "check.h"
#include "kernel_runs.h"

int test_vmm(void)
{
	CUmemAllocationProp prop = { 0 };
	CUmemAllocationProp back;
	CUmemAccessDesc access = { { CU_MEM_LOCATION_TYPE_DEVICE, 0 },
				   CU_MEM_ACCESS_FLAGS_PROT_READWRITE };
	CUmemGenericAllocationHandle h1, h2, again;
	unsigned long long flags = 0;
	size_t gran = 0, rec = 0, chunk;
	CUdeviceptr va;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUfunction fill;
	unsigned seam[2] = { 0, 0 }, mark[2] = { 0xAAAAAAAAu, 0xBBBBBBBBu };
	int yes = 0;
	int remote = getenv("ONCUDA_TEST_REMOTE") != NULL;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&yes,
		 CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED, dev),
		 CUDA_SUCCESS);
	if (!yes)
		return e2e_skip("the device has no virtual memory management");
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));

	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = (int)dev;
	access.location.id = (int)dev;
	CHECK_CU(cuMemGetAllocationGranularity(&gran, &prop,
		 CU_MEM_ALLOC_GRANULARITY_MINIMUM), CUDA_SUCCESS);
	CHECK_CU(cuMemGetAllocationGranularity(&rec, &prop,
		 CU_MEM_ALLOC_GRANULARITY_RECOMMENDED), CUDA_SUCCESS);
	CHECK(gran != 0 && (gran & (gran - 1)) == 0);
	CHECK(rec >= gran && rec % gran == 0);
	chunk = gran;

	CHECK_CU(cuMemAddressReserve(&va, 3 * chunk, 0, 0, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemCreate(&h1, chunk, &prop, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemCreate(&h2, chunk, &prop, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemGetAllocationPropertiesFromHandle(&back, h1),
		 CUDA_SUCCESS);
	CHECK_EQ(back.type, CU_MEM_ALLOCATION_TYPE_PINNED);
	CHECK_EQ(back.location.id, dev);
	CHECK_CU(cuMemMap(va, chunk, 0, h1, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemMap(va + chunk, chunk, 0, h2, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemSetAccess(va, 2 * chunk, &access, 1), CUDA_SUCCESS);
	CHECK_CU(cuMemGetAccess(&flags, &access.location, va + chunk),
		 CUDA_SUCCESS);
	CHECK_EQ(flags, CU_MEM_ACCESS_FLAGS_PROT_READWRITE);

	/* A kernel fills both chunks but the last word, which stays. */
	TRY(e2e_run_fill(fill, va, 0x600DF00Du, 2 * chunk / 4 - 1, NULL));
	/* A copy across the seam, both ways. */
	CHECK_CU(cuMemcpyDtoH(seam, va + chunk - 4, sizeof(seam)), CUDA_SUCCESS);
	CHECK_EQ(seam[0], 0x600DF00Du);
	CHECK_EQ(seam[1], 0x600DF00Du);
	CHECK_CU(cuMemcpyHtoD(va + chunk - 4, mark, sizeof(mark)), CUDA_SUCCESS);
	CHECK_CU(cuMemcpy((CUdeviceptr)(uintptr_t)seam, va + chunk - 4,
		 sizeof(seam)), CUDA_SUCCESS);
	CHECK_MEM(seam, mark, sizeof(seam));

	/* The handle of a mapped address: one more reference. */
	CHECK_CU(cuMemRetainAllocationHandle(&again,
		 (void *)(uintptr_t)(va + chunk + 64)), CUDA_SUCCESS);
	CHECK(again == h2);
	CHECK_CU(cuMemRelease(again), CUDA_SUCCESS);

	if (remote) {
		/* Past the mapped part, inside the reservation. */
		CHECK_CU(cuMemcpyHtoD(va + 2 * chunk - 4, mark, sizeof(mark)),
			 CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuMemsetD8(va + 2 * chunk, 0, 1),
			 CUDA_ERROR_INVALID_VALUE);
	}
	/* Released while mapped: the memory stays until the unmap. */
	CHECK_CU(cuMemRelease(h1), CUDA_SUCCESS);
	CHECK_CU(cuMemRelease(h2), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(seam, va, 4), CUDA_SUCCESS);
	CHECK_EQ(seam[0], 0x600DF00Du);
	CHECK_CU(cuMemUnmap(va, 2 * chunk), CUDA_SUCCESS);
	if (remote) {
		CHECK_CU(cuMemcpyDtoH(seam, va, 4), CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuMemRelease(h1), CUDA_ERROR_INVALID_VALUE);
	}
	CHECK_CU(cuMemAddressFree(va, 3 * chunk), CUDA_SUCCESS);
	/* An allocation that may be exported as a POSIX descriptor (XLA
	 * asks for one every time): made as natively.  Through oncuda the
	 * export is what is refused: the descriptor would be the server's. */
	prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
	CHECK_CU(cuMemCreate(&h1, chunk, &prop, 0), CUDA_SUCCESS);
	if (remote) {
		int fd = -1;

		CHECK_CU(cuMemExportToShareableHandle(&fd, h1,
		    CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
		    CUDA_ERROR_NOT_SUPPORTED);
	}
	CHECK_CU(cuMemRelease(h1), CUDA_SUCCESS);
	return 0;
}
