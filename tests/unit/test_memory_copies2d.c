/*
 * tests/unit/test_memory_copies2d.c -- cuMemcpy2D and its forms (stubs/
 * copy2d.c) against the loopback server (memory_loopback.h): the checks
 * made in the client, the pieces on the wire, and where the rows land.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory_loopback.h"
#include "unit_check.h"

#define CHUNK ((size_t)ONCUDA_CHUNK_DEFAULT)

static const struct logged_call *call(unsigned int i)
{
	return &loopback.log[i];
}

static unsigned char *patterned(size_t n, unsigned int seed)
{
	unsigned char *p = malloc(n ? n : 1);

	if (p == NULL)
		abort();
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 7 + seed + i / 251);
	return p;
}

static CUdeviceptr pitched(size_t width, size_t height, size_t *pitch)
{
	CUdeviceptr d = 0;

	CHECK(cuMemAllocPitch(&d, pitch, width, height, 1) == CUDA_SUCCESS);
	return d;
}

/* A copy between host memory at `host` and device memory at `dev`. */
static CUDA_MEMCPY2D host_to_device(const void *host, size_t host_pitch,
    CUdeviceptr dev, size_t dev_pitch, size_t width, size_t height)
{
	CUDA_MEMCPY2D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = host;
	c.srcPitch = host_pitch;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = dev;
	c.dstPitch = dev_pitch;
	c.WidthInBytes = width;
	c.Height = height;
	return c;
}

static CUDA_MEMCPY2D device_to_host(CUdeviceptr dev, size_t dev_pitch, void *host,
    size_t host_pitch, size_t width, size_t height)
{
	CUDA_MEMCPY2D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = dev;
	c.srcPitch = dev_pitch;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = host;
	c.dstPitch = host_pitch;
	c.WidthInBytes = width;
	c.Height = height;
	return c;
}

/* Whether rows of two pitched areas hold the same `width` bytes. */
static bool same_rows(const unsigned char *a, size_t a_pitch, const unsigned char *b,
    size_t b_pitch, size_t width, size_t height)
{
	for (size_t r = 0; r < height; r++)
		if (memcmp(a + r * a_pitch, b + r * b_pitch, width) != 0)
			return false;
	return true;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != 0)
			return false;
	return true;
}

static void test_pitched_rows(void)
{
	size_t pitch;
	CUdeviceptr d;
	unsigned char *src = patterned(128 * 8, 1), *dst = calloc(96 * 8, 1), *dev;
	CUDA_MEMCPY2D c;
	unsigned int first;

	loopback_reset();
	d = pitched(100, 8, &pitch);
	dev = loopback_device(d);

	/* Host pitch 128, 80 of 100 bytes, into device rows 2..6 at x 16: through staging. */
	c = host_to_device(src, 128, d, pitch, 80, 5);
	c.dstXInBytes = 16;
	c.dstY = 2;
	first = loopback.calls;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 1 && call(first)->proc == CU_MEMCPY_2D_HTOD);
	CHECK(call(first)->x == 16 && call(first)->y == 2 && call(first)->len == 400);
	CHECK(!call(first)->async);
	CHECK(same_rows(dev + 2 * pitch + 16, pitch, src, 128, 80, 5));
	CHECK(all_zero(dev, 2 * pitch) && all_zero(dev + 2 * pitch, 16));
	CHECK(all_zero(dev + 2 * pitch + 96, pitch - 96));
	CHECK(all_zero(dev + 7 * pitch, pitch));

	/* Back into host rows of pitch 96 at x 8, y 1: scattered from staging. */
	c = device_to_host(d, pitch, dst, 96, 80, 5);
	c.srcXInBytes = 16;
	c.srcY = 2;
	c.dstXInBytes = 8;
	c.dstY = 1;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS);
	CHECK(call(loopback.calls - 1)->proc == CU_MEMCPY_2D_DTOH);
	CHECK(same_rows(dst + 96 + 8, 96, src, 128, 80, 5));
	CHECK(all_zero(dst, 96 + 8) && all_zero(dst + 6 * 96, 2 * 96));

	/* Pitch 0 is packed rows, as in the driver. */
	memset(dst, 0, 96 * 8);
	c = device_to_host(d, pitch, dst, 0, 80, 5);
	c.srcXInBytes = 16;
	c.srcY = 2;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS);
	CHECK(same_rows(dst, 80, src, 128, 80, 5));

	/* Asynchronous and unaligned forms. */
	c = host_to_device(src, 128, d, pitch, 80, 5);
	first = loopback.calls;
	CHECK(cuMemcpy2DAsync(&c, (CUstream)0x77) == CUDA_SUCCESS);
	CHECK(call(first)->async && call(first)->stream == 0x77);
	CHECK(cuMemcpy2DUnaligned(&c) == CUDA_SUCCESS && !call(first + 1)->async);
	free(src);
	free(dst);
}

static void test_big_copies(void)
{
	const size_t wide = CHUNK + 10, width = 1000, height = 10000;
	unsigned char *src = patterned(2 * wide, 2), *back = calloc(2 * wide, 1);
	unsigned char *rows = patterned(1024 * height, 3), *rows_back = calloc(1024 * height, 1);
	size_t pitch;
	unsigned int first;
	CUdeviceptr d;
	CUDA_MEMCPY2D c;

	/* Rows wider than a chunk go as spans of one row. */
	loopback_reset();
	d = pitched(wide, 2, &pitch);
	c = host_to_device(src, wide, d, pitch, wide, 2);
	first = loopback.calls;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 4);
	CHECK(call(first)->y == 0 && call(first)->x == 0 && call(first)->width == CHUNK);
	CHECK(call(first + 1)->y == 0 && call(first + 1)->x == CHUNK && call(first + 1)->width == 10);
	CHECK(call(first + 2)->y == 1 && call(first + 2)->x == 0 && call(first + 3)->x == CHUNK);
	CHECK(call(first + 3)->height == 1);
	CHECK(same_rows(loopback_device(d), pitch, src, wide, wide, 2));
	c = device_to_host(d, pitch, back, 0, wide, 2);
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && loopback.calls == first + 8);
	CHECK(memcmp(back, src, 2 * wide) == 0);

	/* 10 MB of 1000-byte rows: three groups of whole rows. */
	loopback_reset();
	d = pitched(width, height, &pitch);
	c = host_to_device(rows, 1024, d, pitch, width, height);
	first = loopback.calls;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && loopback.calls == first + 3);
	CHECK(call(first)->height == CHUNK / width && call(first + 1)->y == CHUNK / width);
	CHECK(call(first + 2)->height == height - 2 * (CHUNK / width));
	CHECK(same_rows(loopback_device(d), pitch, rows, 1024, width, height));
	c = device_to_host(d, pitch, rows_back, 1024, width, height);
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && loopback.calls == first + 6);
	CHECK(same_rows(rows_back, 1024, rows, 1024, width, height));

	/* The first error ends the copy. */
	loopback.data_calls_before_failure = 1;
	first = loopback.calls;
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_ILLEGAL_ADDRESS && loopback.calls == first + 2);
	free(src);
	free(back);
	free(rows);
	free(rows_back);
}

static void test_checks(void)
{
	unsigned char host[4096] = { 0 };
	size_t pitch;
	CUdeviceptr d;
	CUDA_MEMCPY2D c;
	unsigned int first;

	loopback_reset();
	d = pitched(100, 8, &pitch);
	first = loopback.calls;

	CHECK(cuMemcpy2D(NULL) == CUDA_ERROR_INVALID_VALUE);
	c = host_to_device(host, 50, d, pitch, 80, 2);	/* host pitch below the width */
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_INVALID_VALUE);
	c.Height = 1;					/* even for one row */
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_INVALID_VALUE);
	c = host_to_device(host, 128, d, 64, 80, 2);	/* device pitch too */
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_INVALID_VALUE);
	c = host_to_device(NULL, 128, d, pitch, 80, 2);	/* no host memory */
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_INVALID_VALUE);
	c = host_to_device(host, 128, d, pitch, 80, 2);
	c.srcMemoryType = 0;
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_INVALID_VALUE);
	c.srcMemoryType = 5;
	CHECK(cuMemcpy2D(&c) == CUDA_ERROR_INVALID_VALUE);
	CHECK(loopback.calls == first);

	/* Nothing to copy: the server is asked all the same, NULL host memory is fine. */
	c = host_to_device(NULL, 0, d, pitch, 0, 3);
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && loopback.calls == first + 1);
	CHECK(call(first)->width == 0 && call(first)->height == 3);
	c = device_to_host(d, pitch, NULL, 0, 80, 0);
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && loopback.calls == first + 2);
}

static void test_unified_and_local(void)
{
	unsigned char *a = patterned(128 * 4, 4), *b = calloc(96 * 4, 1);
	size_t pitch;
	CUdeviceptr d, d2;
	CUDA_MEMCPY2D c;
	unsigned int first;

	loopback_reset();
	d = pitched(100, 4, &pitch);
	d2 = pitched(100, 4, &pitch);

	/* UNIFIED sides are looked up: here host to device. */
	c = host_to_device(NULL, 128, 0, pitch, 100, 4);
	c.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.srcDevice = (CUdeviceptr)(uintptr_t)a;
	c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.dstDevice = d;
	first = loopback.calls;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && call(first)->proc == CU_MEMCPY_2D_HTOD);
	CHECK(same_rows(loopback_device(d), pitch, a, 128, 100, 4));

	/* Device to device: one call, no data. */
	c = device_to_host(d, pitch, NULL, 0, 90, 4);
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d2;
	c.dstPitch = pitch;
	c.dstXInBytes = 10;
	CHECK(cuMemcpy2D(&c) == CUDA_SUCCESS && call(first + 1)->proc == CU_MEMCPY_2D_DTOD);
	CHECK(same_rows(loopback_device(d2) + 10, pitch, a, 128, 90, 4));

	/* Host to host: done here after waiting for the stream. */
	c = host_to_device(a, 128, 0, 0, 90, 4);
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = b;
	c.dstPitch = 96;
	CHECK(cuMemcpy2DAsync(&c, (CUstream)0x55) == CUDA_SUCCESS);
	CHECK(call(first + 2)->proc == CU_STREAM_SYNCHRONIZE && call(first + 2)->stream == 0x55);
	CHECK(same_rows(b, 96, a, 128, 90, 4));
	free(a);
	free(b);
}

int main(void)
{
	test_pitched_rows();
	test_big_copies();
	test_checks();
	test_unified_and_local();
	return unit_report("test_memory_copies2d");
}
