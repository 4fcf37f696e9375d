/*
 * Page-locked host memory (allocated by the driver, or registered after
 * the fact) and what the driver says about pointers.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define SIZE ((1 << 20) + 4096)

int test_host_memory(void)
{
	unsigned char *want = e2e_malloc(SIZE);
	unsigned char *a = NULL, *b = NULL, *mapped = NULL;
	CUdeviceptr d, mapped_d = 0;
	unsigned flags = 0;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d, SIZE));

	/* Ordinary memory to the program: written and read in place. */
	CHECK_CU(cuMemAllocHost((void **)&a, SIZE), CUDA_SUCCESS);
	e2e_defer_host(a);
	CHECK_CU(cuMemAllocHost((void **)&b, SIZE), CUDA_SUCCESS);
	e2e_defer_host(b);
	e2e_fill_random(a, SIZE, 8);
	memcpy(want, a, SIZE);
	CHECK_MEM(a, want, SIZE);

	memset(b, 0, SIZE);
	CHECK_CU(cuMemcpyHtoD(d, a, SIZE), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(b, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(b, want, SIZE);
	CHECK_CU(cuMemFreeHost(b), CUDA_SUCCESS);
	e2e_forget((uintptr_t)b);

	/* Mapped into the device's address space. */
	CHECK_CU(cuMemHostAlloc((void **)&mapped, SIZE,
				CU_MEMHOSTALLOC_DEVICEMAP), CUDA_SUCCESS);
	e2e_defer_host(mapped);
	CHECK_CU(cuMemHostGetDevicePointer(&mapped_d, mapped, 0),
		 CUDA_SUCCESS);
	CHECK(mapped_d != 0);
	CHECK_CU(cuMemHostGetDevicePointer(&mapped_d, mapped, 1),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemHostGetFlags(&flags, mapped), CUDA_SUCCESS);
	CHECK_EQ(flags, CU_MEMHOSTALLOC_DEVICEMAP);
	memcpy(mapped, want, SIZE);
	CHECK_CU(cuMemsetD8(d, 0, SIZE), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoD(d, mapped, SIZE), CUDA_SUCCESS);
	memset(mapped, 0, SIZE);
	CHECK_CU(cuMemcpyDtoH(mapped, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(mapped, want, SIZE);
	return 0;
}

int test_host_register(void)
{
	unsigned char *want = e2e_malloc(SIZE), *buf = NULL;
	CUmemorytype type = 0;
	CUdeviceptr d;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d, SIZE));
	CHECK(posix_memalign((void **)&buf, 4096, SIZE) == 0);
	e2e_defer_free(buf);

	CHECK_CU(cuMemHostRegister(buf, SIZE, 0), CUDA_SUCCESS);
	e2e_defer_unregister(buf);
	CHECK_CU(cuMemHostRegister(buf, SIZE, 0),
		 CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
	CHECK_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       (CUdeviceptr)(uintptr_t)buf),
		 CUDA_SUCCESS);
	CHECK_EQ(type, CU_MEMORYTYPE_HOST);

	e2e_fill_random(buf, SIZE, 9);
	memcpy(want, buf, SIZE);
	CHECK_CU(cuMemcpyHtoD(d, buf, SIZE), CUDA_SUCCESS);
	memset(buf, 0, SIZE);
	CHECK_CU(cuMemcpyDtoH(buf, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(buf, want, SIZE);

	CHECK_CU(cuMemHostUnregister(buf), CUDA_SUCCESS);
	e2e_forget((uintptr_t)buf);	/* the unregister, not the free */
	CHECK_CU(cuMemHostUnregister(buf),
		 CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	/* Still copies, now as pageable memory. */
	memset(buf, 0, SIZE);
	CHECK_CU(cuMemcpyDtoH(buf, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(buf, want, SIZE);
	return 0;
}

int test_pointer_attributes(void)
{
	CUpointer_attribute attrs[] = {
		CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
		CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
		CU_POINTER_ATTRIBUTE_IS_MANAGED,
		CU_POINTER_ATTRIBUTE_CONTEXT,
		CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
		CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
		CU_POINTER_ATTRIBUTE_RANGE_SIZE,
	};
	CUmemorytype type = 0;
	int ordinal = -1;
	unsigned managed = 1;
	CUcontext owner = NULL, ctx;
	CUdeviceptr d, devptr = 0;
	void *start = NULL, *host = NULL, *plain = e2e_malloc(64);
	size_t range = 0;
	void *data[] = { &type, &ordinal, &managed, &owner, &devptr, &start,
			 &range };
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d, 5000));
	CHECK_CU(cuMemAllocHost(&host, 4096), CUDA_SUCCESS);
	e2e_defer_host(host);

	CHECK_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       d), CUDA_SUCCESS);
	CHECK_EQ(type, CU_MEMORYTYPE_DEVICE);
	CHECK_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       (CUdeviceptr)(uintptr_t)host),
		 CUDA_SUCCESS);
	CHECK_EQ(type, CU_MEMORYTYPE_HOST);
	/* malloc'ed memory is nothing the driver knows of. */
	CHECK_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       (CUdeviceptr)(uintptr_t)plain),
		 CUDA_ERROR_INVALID_VALUE);

	/* Several at once, of an interior pointer. */
	type = 0;
	CHECK_CU(cuPointerGetAttributes(sizeof(attrs) / sizeof(attrs[0]),
					attrs, data, d + 100), CUDA_SUCCESS);
	CHECK_EQ(type, CU_MEMORYTYPE_DEVICE);
	CHECK_EQ(ordinal, dev);
	CHECK_EQ(managed, 0);
	CHECK(owner == ctx);
	CHECK_EQ(devptr, d + 100);
	CHECK_EQ((uintptr_t)start, d);
	CHECK_EQ(range, 5000);

	/* Unlike cuPointerGetAttribute, an unknown pointer is no error:
	 * the answers are zeroes. */
	type = 99;
	CHECK_CU(cuPointerGetAttributes(1, attrs, data,
					(CUdeviceptr)(uintptr_t)plain),
		 CUDA_SUCCESS);
	CHECK_EQ(type, 0);
	return 0;
}
