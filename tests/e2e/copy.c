/*
 * Copies between host and device: every direction, synchronous and on a
 * stream, flat and two-dimensional, at awkward sizes and offsets.
 */
#include <string.h>

#include "check.h"

#define SIZE ((1 << 20) + 13)	/* not a multiple of anything useful */

int test_copy(void)
{
	unsigned char *src = e2e_malloc(SIZE), *back = e2e_malloc(SIZE);
	unsigned char *model = e2e_malloc(SIZE);
	static const size_t sizes[] = { 1, 3, 8, 4097, 65537 };
	static const size_t offsets[] = { 0, 1, 7, 4099 };
	CUdeviceptr d1, d2;
	CUcontext ctx;
	CUdevice dev;
	size_t i, j, n, off;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d1, SIZE));
	TRY(e2e_dalloc(&d2, SIZE));
	e2e_fill_random(src, SIZE, 1);

	TRY(e2e_copy_round_trip(d1, d2, src, back, SIZE));

	/* cuMemcpy works out each side's kind from the address alone
	 * (unified addressing), pageable host memory included. */
	e2e_fill_random(src, SIZE, 2);
	CHECK_CU(cuMemcpy(d1, (CUdeviceptr)(uintptr_t)src, SIZE),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpy(d2, d1, SIZE), CUDA_SUCCESS);
	memset(back, 0, SIZE);
	CHECK_CU(cuMemcpy((CUdeviceptr)(uintptr_t)back, d2, SIZE),
		 CUDA_SUCCESS);
	CHECK_MEM(back, src, SIZE);

	/* Small pieces at odd places; after each, the whole buffer must
	 * match a host model of it, so a piece that spills is caught. */
	memcpy(model, src, SIZE);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (j = 0; j < sizeof(offsets) / sizeof(offsets[0]); j++) {
			n = sizes[i];
			off = offsets[j];
			e2e_fill_random(src, n, 100 + i * 10 + j);
			CHECK_CU(cuMemcpyHtoD(d2 + off, src, n), CUDA_SUCCESS);
			memcpy(model + off, src, n);
			/* ...and back out, at a different offset. */
			CHECK_CU(cuMemcpyDtoD(d1 + off + 3, d2 + off, n),
				 CUDA_SUCCESS);
			CHECK_CU(cuMemcpyDtoH(back, d1 + off + 3, n),
				 CUDA_SUCCESS);
			CHECK_MEM(back, src, n);
		}
	}
	CHECK_CU(cuMemcpyDtoH(back, d2, SIZE), CUDA_SUCCESS);
	CHECK_MEM(back, model, SIZE);

	/* Nothing to copy is no error. */
	CHECK_CU(cuMemcpyHtoD(d1, src, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, d1, 0), CUDA_SUCCESS);
	return 0;
}

int test_copy_async(void)
{
	unsigned char *src = e2e_malloc(SIZE), *back = e2e_malloc(SIZE);
	unsigned char *pinned = NULL;
	CUdeviceptr d1, d2;
	CUcontext ctx;
	CUstream s;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&d1, SIZE));
	TRY(e2e_dalloc(&d2, SIZE));

	e2e_fill_random(src, SIZE, 3);
	memset(back, 0, SIZE);
	CHECK_CU(cuMemcpyHtoDAsync(d1, src, SIZE, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(d2, d1, SIZE, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(back, d2, SIZE, s), CUDA_SUCCESS);
	/* Only after the stream is done is back sure to be written. */
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(back, src, SIZE);

	e2e_fill_random(src, SIZE, 4);
	memset(back, 0, SIZE);
	CHECK_CU(cuMemcpyAsync(d1, (CUdeviceptr)(uintptr_t)src, SIZE, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAsync(d2, d1, SIZE, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAsync((CUdeviceptr)(uintptr_t)back, d2, SIZE, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(back, src, SIZE);

	/* Into page-locked memory the copy really is asynchronous. */
	CHECK_CU(cuMemAllocHost((void **)&pinned, SIZE), CUDA_SUCCESS);
	e2e_defer_host(pinned);
	memset(pinned, 0, SIZE);
	CHECK_CU(cuMemcpyDtoHAsync(pinned, d1, SIZE, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(pinned, src, SIZE);

	/* The NULL stream works too. */
	e2e_fill_random(src, SIZE, 5);
	CHECK_CU(cuMemcpyHtoDAsync(d2, src, SIZE, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(pinned, d2, SIZE, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	CHECK_MEM(pinned, src, SIZE);
	return 0;
}

#define WIDTH	1000	/* bytes of a row */
#define HEIGHT	37	/* rows */
#define HPITCH	1100	/* a host row, with a gap the copies must skip */

int test_copy_2d(void)
{
	unsigned char *src = e2e_malloc(WIDTH * HEIGHT);
	unsigned char *back = e2e_malloc(HPITCH * HEIGHT);
	unsigned char *model = e2e_malloc(HPITCH * HEIGHT);
	CUdeviceptr d1, d2;
	size_t pitch1, pitch2, row;
	CUDA_MEMCPY2D c;
	CUcontext ctx;
	CUstream s;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	CHECK_CU(cuMemAllocPitch(&d1, &pitch1, WIDTH, HEIGHT, 4),
		 CUDA_SUCCESS);
	e2e_defer_mem(d1);
	CHECK_CU(cuMemAllocPitch(&d2, &pitch2, WIDTH, HEIGHT, 4),
		 CUDA_SUCCESS);
	e2e_defer_mem(d2);
	e2e_fill_random(src, WIDTH * HEIGHT, 6);

	/* Packed host rows into pitched device rows. */
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = src;
	c.srcPitch = WIDTH;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d1;
	c.dstPitch = pitch1;
	c.WidthInBytes = WIDTH;
	c.Height = HEIGHT;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);

	/* Back into wider host rows: the gap at the end of each keeps the
	 * 0xee it had. */
	memset(back, 0xee, HPITCH * HEIGHT);
	memset(model, 0xee, HPITCH * HEIGHT);
	for (row = 0; row < HEIGHT; row++)
		memcpy(model + row * HPITCH, src + row * WIDTH, WIDTH);
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = d1;
	c.srcPitch = pitch1;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.dstPitch = HPITCH;
	c.WidthInBytes = WIDTH;
	c.Height = HEIGHT;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);
	CHECK_MEM(back, model, HPITCH * HEIGHT);

	/* d2 = d1, then a 500 x 10 sub-rectangle from (8, 2) of d1 to
	 * (16, 1) of d2, device to device on a stream.  model holds d1 as
	 * the host saw it, so it becomes d2 with the same overlay. */
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = d1;
	c.srcPitch = pitch1;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d2;
	c.dstPitch = pitch2;
	c.WidthInBytes = WIDTH;
	c.Height = HEIGHT;
	CHECK_CU(cuMemcpy2DAsync(&c, s), CUDA_SUCCESS);
	c.srcXInBytes = 8;
	c.srcY = 2;
	c.dstXInBytes = 16;
	c.dstY = 1;
	c.WidthInBytes = 500;
	c.Height = 10;
	CHECK_CU(cuMemcpy2DAsync(&c, s), CUDA_SUCCESS);
	for (row = 0; row < 10; row++)
		memcpy(model + (1 + row) * HPITCH + 16,
		       src + (2 + row) * WIDTH + 8, 500);

	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = d2;
	c.srcPitch = pitch2;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.dstPitch = HPITCH;
	c.WidthInBytes = WIDTH;
	c.Height = HEIGHT;
	CHECK_CU(cuMemcpy2DAsync(&c, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(back, model, HPITCH * HEIGHT);
	return 0;
}
