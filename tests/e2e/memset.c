/*
 * cuMemsetD8/D16/D32 and their Async forms, checked against a host model
 * of the whole buffer so that a set that spills past its end is caught.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

#define SIZE 8192

static void model_d16(unsigned char *m, size_t off, uint16_t v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		memcpy(m + off + 2 * i, &v, 2);
}

static void model_d32(unsigned char *m, size_t off, uint32_t v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		memcpy(m + off + 4 * i, &v, 4);
}

int test_memset(void)
{
	unsigned char *model = e2e_malloc(SIZE), *back = e2e_malloc(SIZE);
	CUdeviceptr d;
	CUcontext ctx;
	CUstream s;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&d, SIZE));
	e2e_fill_random(model, SIZE, 7);
	CHECK_CU(cuMemcpyHtoD(d, model, SIZE), CUDA_SUCCESS);

	/* Odd start and count for bytes; D16 and D32 need their element's
	 * alignment, but not a count that is a round number. */
	CHECK_CU(cuMemsetD8(d + 1, 0xab, 1001), CUDA_SUCCESS);
	memset(model + 1, 0xab, 1001);
	CHECK_CU(cuMemsetD16(d + 1026, 0x1234, 333), CUDA_SUCCESS);
	model_d16(model, 1026, 0x1234, 333);
	CHECK_CU(cuMemsetD32(d + 2052, 0xdeadbeef, 517), CUDA_SUCCESS);
	model_d32(model, 2052, 0xdeadbeef, 517);
	CHECK_CU(cuMemcpyDtoH(back, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(back, model, SIZE);

	CHECK_CU(cuMemsetD8Async(d + 5001, 0x5a, 77, s), CUDA_SUCCESS);
	memset(model + 5001, 0x5a, 77);
	CHECK_CU(cuMemsetD16Async(d + 5200, 0xbeef, 99, s), CUDA_SUCCESS);
	model_d16(model, 5200, 0xbeef, 99);
	CHECK_CU(cuMemsetD32Async(d + 5600, 0x01020304, 101, s), CUDA_SUCCESS);
	model_d32(model, 5600, 0x01020304, 101);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(back, model, SIZE);

	/* Misaligned for the element size. */
	CHECK_CU(cuMemsetD16(d + 1, 0, 4), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemsetD32(d + 2, 0, 4), CUDA_ERROR_INVALID_VALUE);
	return 0;
}
