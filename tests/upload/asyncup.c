/*
 * asyncup: asynchronous uploads of many sizes on several streams, with
 * kernels and downloads in between, as the server's upload pool sees them
 * (server/copy/upload_pool.c).
 *
 *     asyncup KERNELS
 *
 * Sizes below the pool's minimum, at it, inside a buffer, exactly a
 * buffer and larger than one (which the client cuts into chunks of a
 * buffer and a remainder) go out on the legacy stream and two streams of
 * their own, each followed by a kernel that overwrites the first words,
 * and the host buffer is scribbled over at once (the upload must have
 * taken its bytes).  Every round's device bytes are then read back.
 * Then an upload outside the client's memory must fail at the next
 * synchronizing call, a context is destroyed with uploads still queued,
 * and uploads in a new context and in the first one must still land.
 * Prints PASS.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define STREAMS 3
#define ROUNDS 10
#define KERNEL_WORDS 64u
#define REGION_BYTES ((9u << 20) + (64u << 10))

static const size_t sizes[] = {
	1000,			/* the plain way */
	(64u << 10) - 4,	/* just below the pool's minimum */
	64u << 10,		/* the minimum */
	1536u << 10,		/* a training step's batch */
	4u << 20,		/* exactly one buffer */
	(9u << 20) + 4096,	/* two buffers and a pool-sized rest */
	(8u << 20) + 12,	/* two buffers and a small rest */
};
#define SIZES (sizeof(sizes) / sizeof(sizes[0]))

static CUfunction fill;
static unsigned char *host, *back;

static unsigned char pattern(unsigned seed, size_t i)
{
	return (unsigned char)(seed * 131u + i * 7u + (i >> 12));
}

static void fail(const char *what, unsigned seed, size_t at)
{
	fprintf(stderr, "FAIL: %s (seed %u, byte %zu)\n", what, seed, at);
	exit(1);
}

/* Uploads len pattern bytes to dst on s, then a kernel fills the first words. */
static void queue_upload(CUdeviceptr dst, size_t len, unsigned seed,
    CUstream s)
{
	unsigned long long words = len / 4 < KERNEL_WORDS ? len / 4 :
	    KERNEL_WORDS;
	unsigned int value = 0xa5000000u | seed;
	void *params[] = { &dst, &value, &words };

	for (size_t i = 0; i < len; i++)
		host[i] = pattern(seed, i);
	CHECK(cuMemcpyHtoDAsync(dst, host, len, s));
	memset(host, 0xee, len);	/* the upload must not see this */
	CHECK(cuLaunchKernel(fill, 1, 1, 1, 64, 1, 1, 0, s, params, NULL));
}

static void verify(CUdeviceptr src, size_t len, unsigned seed, CUstream s,
    int sync)
{
	unsigned long long words = len / 4 < KERNEL_WORDS ? len / 4 :
	    KERNEL_WORDS;
	unsigned int value = 0xa5000000u | seed, word;

	memset(back, 0, len);
	if (sync) {
		CHECK(cuStreamSynchronize(s));
		CHECK(cuMemcpyDtoH(back, src, len));
	} else {
		CHECK(cuMemcpyDtoHAsync(back, src, len, s));
		CHECK(cuStreamSynchronize(s));
	}
	for (size_t w = 0; w < words; w++) {
		memcpy(&word, back + 4 * w, 4);
		if (word != value)
			fail("the kernel's words", seed, 4 * w);
	}
	for (size_t i = 4 * words; i < len; i++)
		if (back[i] != pattern(seed, i))
			fail("the uploaded bytes", seed, i);
}

/* ROUNDS of uploads of every size on every stream, read back per round. */
static void rounds(CUstream *streams, CUdeviceptr *regions, unsigned first)
{
	for (unsigned r = 0; r < ROUNDS; r++) {
		for (unsigned s = 0; s < STREAMS; s++)
			queue_upload(regions[s], sizes[(r + s) % SIZES],
			    first + r * STREAMS + s, streams[s]);
		for (unsigned s = 0; s < STREAMS; s++)
			verify(regions[s], sizes[(r + s) % SIZES],
			    first + r * STREAMS + s, streams[s], r % 2);
	}
}

/* Streams (the legacy one first) and regions in the current context. */
static void setup(CUstream *streams, CUdeviceptr *regions)
{
	streams[0] = NULL;
	for (unsigned s = 1; s < STREAMS; s++)
		CHECK(cuStreamCreate(&streams[s], CU_STREAM_NON_BLOCKING));
	for (unsigned s = 0; s < STREAMS; s++)
		CHECK(cuMemAlloc(&regions[s], REGION_BYTES));
}

static void teardown(CUstream *streams, CUdeviceptr *regions)
{
	for (unsigned s = 0; s < STREAMS; s++)
		CHECK(cuMemFree(regions[s]));
	for (unsigned s = 1; s < STREAMS; s++)
		CHECK(cuStreamDestroy(streams[s]));
}

static void expect(CUresult got, CUresult want, const char *what)
{
	if (got != want) {
		fprintf(stderr, "FAIL: %s returned %s (%d), expected %s\n",
		    what, result_name(got), (int)got, result_name(want));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	CUstream streams[STREAMS];
	CUdeviceptr regions[STREAMS];
	CUcontext primary, doomed, fresh;
	CUmodule module;
	CUdevice dev;

	if (argc != 2) {
		fprintf(stderr, "usage: asyncup KERNELS\n");
		return 2;
	}
	if ((host = malloc(REGION_BYTES)) == NULL ||
	    (back = malloc(REGION_BYTES)) == NULL) {
		fprintf(stderr, "asyncup: out of memory\n");
		return 1;
	}
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&primary, dev));
	CHECK(cuCtxSetCurrent(primary));
	CHECK(cuModuleLoad(&module, argv[1]));
	CHECK(cuModuleGetFunction(&fill, module, "fill_u32"));
	setup(streams, regions);
	rounds(streams, regions, 1);

	/* Outside the client's memory: refused, reported by the next sync. */
	memset(host, 1, 1u << 20);
	expect(cuMemcpyHtoDAsync(regions[1] + REGION_BYTES - 4096, host,
	    1u << 20, streams[1]), CUDA_SUCCESS, "an upload past the end");
	expect(cuStreamSynchronize(streams[1]), CUDA_ERROR_INVALID_VALUE,
	    "the synchronize after an upload past the end");
	expect(cuStreamSynchronize(streams[1]), CUDA_SUCCESS,
	    "the second synchronize after an upload past the end");
	rounds(streams, regions, 1000);
	printf("uploads on %d streams, %d rounds, errors: ok\n", STREAMS,
	    ROUNDS);

	/* A context destroyed while its uploads may still be queued. */
	CHECK(cuCtxCreate(&doomed, NULL, 0, dev));
	{
		CUstream s;
		CUdeviceptr d;

		CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
		CHECK(cuMemAlloc(&d, 8u << 20));
		for (unsigned i = 0; i < 8; i++) {
			memset(host, (int)i, 1536u << 10);
			CHECK(cuMemcpyHtoDAsync(d + (i % 5) * (1536u << 10),
			    host, 1536u << 10, i % 2 ? s : NULL));
		}
	}
	CHECK(cuCtxDestroy(doomed));
	CHECK(cuCtxCreate(&fresh, NULL, 0, dev));
	{
		CUstream s2[STREAMS];
		CUdeviceptr r2[STREAMS];
		CUfunction primary_fill = fill;
		CUmodule m2;

		CHECK(cuModuleLoad(&m2, argv[1]));
		CHECK(cuModuleGetFunction(&fill, m2, "fill_u32"));
		setup(s2, r2);
		rounds(s2, r2, 2000);
		teardown(s2, r2);
		CHECK(cuModuleUnload(m2));
		fill = primary_fill;
	}
	CHECK(cuCtxDestroy(fresh));
	CHECK(cuCtxSetCurrent(primary));
	rounds(streams, regions, 3000);
	printf("context destroyed with uploads queued, then uploads in "
	    "another and the first: ok\n");

	teardown(streams, regions);
	CHECK(cuModuleUnload(module));
	CHECK(cuDevicePrimaryCtxRelease(dev));
	free(host);
	free(back);
	printf("PASS\n");
	return 0;
}
