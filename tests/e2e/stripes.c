/*
 * Large copies as a remote client makes them over TCP, where oncuda
 * stripes them over several connections (ONCUDA_STREAMS; idl/cuda.x,
 * "Striped bulk data"): every byte checked, both ways, from pageable and
 * from cuMemAllocHost memory, at sizes that are no multiple of a chunk
 * and with fewer chunks than connections, one byte either side of the
 * size from which copies are striped (ONCUDA_STRIPE_MIN, its default and
 * another), with nothing written past the end of a download; and an
 * asynchronous upload that a kernel on its stream reads at once.  Each test runs in its own process with
 * its own count of connections (1 is the control connection alone);
 * natively the count means nothing, and the same checks hold.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

#define MIB ((size_t)1 << 20)
#define GUARD 64

/* host -> device -> host, synchronous, src and back of size + GUARD. */
static int round_trip(CUdeviceptr d, unsigned char *src, unsigned char *back,
    size_t size, const char *what)
{
	size_t bad;

	memset(back, 0xa5, size + GUARD);
	CHECK_CU(cuMemcpyHtoD(d, src, size), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, d, size), CUDA_SUCCESS);
	if ((bad = e2e_mismatch(back, src, size)) != (size_t)-1)
		return e2e_fail(__FILE__, __LINE__, "%s, %zu bytes: byte %zu "
		    "differs after the round trip", what, size, bad);
	for (size_t i = size; i < size + GUARD; i++)
		if (back[i] != 0xa5)
			return e2e_fail(__FILE__, __LINE__, "%s, %zu bytes: "
			    "byte %zu past the end was written", what, size, i);
	return 0;
}

/* The same on a stream, asynchronous both ways. */
static int round_trip_async(CUdeviceptr d, unsigned char *src,
    unsigned char *back, size_t size, CUstream s, const char *what)
{
	size_t bad;

	memset(back, 0xa5, size + GUARD);
	CHECK_CU(cuMemcpyHtoDAsync(d, src, size, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(back, d, size, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	if ((bad = e2e_mismatch(back, src, size)) != (size_t)-1)
		return e2e_fail(__FILE__, __LINE__, "%s async, %zu bytes: byte "
		    "%zu differs after the round trip", what, size, bad);
	for (size_t i = size; i < size + GUARD; i++)
		if (back[i] != 0xa5)
			return e2e_fail(__FILE__, __LINE__, "%s async, %zu "
			    "bytes: byte %zu past the end was written", what,
			    size, i);
	return 0;
}

/* An upload on s that vec_add reads next on s, its sum read back on s. */
static int upload_then_kernel(CUfunction vec_add, CUstream s, float *a,
    float *b, float *c, int n, int pageable)
{
	size_t bytes = (size_t)n * sizeof(float);
	CUdeviceptr da, db, dc;
	void *params[] = { &da, &db, &dc, &n };
	unsigned block = 256, grid = (unsigned)(n + block - 1) / block;

	/* Integers below 2^24: every sum is exact. */
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 1000003);
		b[i] = (float)((i * 7) % 999983);
		c[i] = -1.0f;
	}
	TRY(e2e_dalloc(&da, bytes));
	TRY(e2e_dalloc(&db, bytes));
	TRY(e2e_dalloc(&dc, bytes));
	CHECK_CU(cuMemsetD8(dc, 0, bytes), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoDAsync(da, a, bytes, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoDAsync(db, b, bytes, s), CUDA_SUCCESS);
	/* Pageable memory may be reused once the upload returned (the
	 * driver's documented behaviour); page-locked memory may not. */
	if (pageable)
		memset(a, 0, bytes);
	CHECK_CU(cuLaunchKernel(vec_add, grid, 1, 1, block, 1, 1, 0, s,
	    params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(c, dc, bytes, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	for (int i = 0; i < n; i++)
		if (c[i] != (float)(i % 1000003 + (i * 7) % 999983))
			return e2e_fail(__FILE__, __LINE__, "vec_add after an "
			    "async upload: c[%d] is %g, expected %d", i,
			    (double)c[i], i % 1000003 + (i * 7) % 999983);
	return 0;
}

/* Round trips of each of count sizes (none above 33 MiB + 4) over
 * `streams` connections, copies from stripe_min bytes on (NULL: the
 * default); with_kernel: then the uploads a kernel reads at once. */
static int striped_copies(const char *streams, const char *stripe_min,
    const size_t *sizes, size_t count, bool with_kernel)
{
	size_t most = 33 * MIB + 4, n = 9 * MIB / sizeof(float) + 3;
	unsigned char *src, *back, *pinned_src, *pinned_back;
	CUdeviceptr d;
	CUfunction f;
	CUcontext ctx;
	CUmodule m;
	CUstream s;
	CUdevice dev;

	/* Read at the first large copy of this process. */
	setenv("ONCUDA_STREAMS", streams, 1);
	if (stripe_min != NULL)
		setenv("ONCUDA_STRIPE_MIN", stripe_min, 1);
	src = e2e_malloc(most + GUARD);
	back = e2e_malloc(most + GUARD);
	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d, most));
	TRY(e2e_stream(&s));
	CHECK_CU(cuMemAllocHost((void **)&pinned_src, most + GUARD),
	    CUDA_SUCCESS);
	e2e_defer_host(pinned_src);
	CHECK_CU(cuMemAllocHost((void **)&pinned_back, most + GUARD),
	    CUDA_SUCCESS);
	e2e_defer_host(pinned_back);
	for (size_t i = 0; i < count; i++) {
		e2e_fill_random(src, sizes[i], 0x5712 + i);
		TRY(round_trip(d, src, back, sizes[i], "pageable"));
		TRY(round_trip_async(d, src, back, sizes[i], s, "pageable"));
		e2e_fill_random(pinned_src, sizes[i], 0x9e37 + i);
		TRY(round_trip(d, pinned_src, pinned_back, sizes[i],
		    "cuMemAllocHost"));
		TRY(round_trip_async(d, pinned_src, pinned_back, sizes[i], s,
		    "cuMemAllocHost"));
	}
	if (!with_kernel)
		return 0;
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&f, m, "vec_add"));
	TRY(upload_then_kernel(f, s, e2e_malloc(n * sizeof(float)),
	    e2e_malloc(n * sizeof(float)), e2e_malloc(n * sizeof(float)),
	    (int)n, 1));
	TRY(upload_then_kernel(f, s, (float *)(void *)pinned_src,
	    (float *)(void *)(pinned_src + n * sizeof(float)),
	    (float *)(void *)pinned_back, (int)n, 0));
	return 0;
}

/* No multiple of the largest chunk (4 MiB); 8 MiB + 1 is 3 of them over
 * 4 connections; 4 MiB - 1 spread over them in smaller ones. */
static const size_t large[] = { 24 * MIB + 12345, 8 * MIB + 1, 4 * MIB - 1,
    33 * MIB + 4 };

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

int test_stripe_copies_1(void)
{
	return striped_copies("1", NULL, large, COUNT(large), true);
}

int test_stripe_copies_2(void)
{
	return striped_copies("2", NULL, large, COUNT(large), true);
}

int test_stripe_copies_4(void)
{
	return striped_copies("4", NULL, large, COUNT(large), true);
}

/*
 * Around the default threshold (1 MiB) over 8 connections: 1 MiB - 1 goes
 * whole on the control connection, 1 MiB in 8 chunks of 128 KiB (the
 * smallest), 1 MiB + 1 in 192 KiB ones with a short last, 1.5 MiB + 7
 * (a PyTorch batch's size, odd) over all 8, 4 MiB +- 1 and 16 MiB + 3 in
 * chunks that are no power of two's multiple of the copy.
 */
int test_stripe_copies_8(void)
{
	static const size_t sizes[] = { MIB - 1, MIB, MIB + 1,
	    3 * MIB / 2 + 7, 4 * MIB - 1, 4 * MIB + 1, 16 * MIB + 3, 5 };

	return striped_copies("8", NULL, sizes, COUNT(sizes), false);
}

/* ONCUDA_STRIPE_MIN at an odd count over 3 connections: one byte below,
 * at and above it, a copy the smallest chunks leave one connection idle
 * in, and copies far below. */
int test_stripe_copies_min(void)
{
	static const size_t sizes[] = { 300000, 300001, 300002,
	    2 * 128 * 1024 + 5, 3 * 128 * 1024 + 5, 1, 4096 };

	return striped_copies("3", "300001", sizes, COUNT(sizes), false);
}
