/*
 * uploadbench: the time of asynchronous uploads as a training loop makes
 * them: each step uploads a batch from pageable memory on a stream and
 * launches a kernel that works for a while on the same stream.
 *
 *     uploadbench KERNELS [BYTES [STEPS [SPIN_CYCLES]]]
 *
 * Defaults: 1572864 bytes (1.5 MiB), 500 steps, 200000 cycles of the spin
 * kernel.  Prints the seconds per step after a warm-up, and the checksum
 * of the last batch read back (so the uploads cannot be skipped).  Run it
 * once natively and once through oncuda and compare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The image in memory: the CPU stand-in has no cuModuleLoad of a file. */
static void *read_image(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *image = NULL;
	long size;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) != 0 ||
	    (image = calloc(1, (size_t)size + 1)) == NULL ||
	    fread(image, 1, (size_t)size, f) != (size_t)size) {
		fprintf(stderr, "uploadbench: cannot read %s\n", path);
		exit(1);
	}
	fclose(f);
	return image;
}

static void steps(CUfunction spin, CUstream s, CUdeviceptr d,
    unsigned char *host, size_t bytes, int count, unsigned long long cycles)
{
	void *params[] = { &cycles };

	for (int i = 0; i < count; i++) {
		host[(size_t)i % bytes] = (unsigned char)i;
		CHECK(cuMemcpyHtoDAsync(d, host, bytes, s));
		CHECK(cuLaunchKernel(spin, 1, 1, 1, 32, 1, 1, 0, s, params,
		    NULL));
	}
	CHECK(cuStreamSynchronize(s));
}

int main(int argc, char **argv)
{
	size_t bytes = argc > 2 ? strtoull(argv[2], NULL, 0) : 1572864;
	int count = argc > 3 ? atoi(argv[3]) : 500;
	unsigned long long cycles = argc > 4 ? strtoull(argv[4], NULL, 0) :
	    200000;
	unsigned long sum = 0;
	unsigned char *host;
	void *image;
	double start, took;
	CUfunction spin;
	CUmodule module;
	CUcontext ctx;
	CUdeviceptr d;
	CUdevice dev;
	CUstream s;

	if (argc < 2 || bytes == 0 || count <= 0) {
		fprintf(stderr, "usage: uploadbench KERNELS [BYTES [STEPS "
		    "[SPIN_CYCLES]]]\n");
		return 2;
	}
	if ((host = calloc(1, bytes)) == NULL) {
		fprintf(stderr, "uploadbench: out of memory\n");
		return 1;
	}
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	image = read_image(argv[1]);
	CHECK(cuModuleLoadData(&module, image));
	CHECK(cuModuleGetFunction(&spin, module, "spin"));
	CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	CHECK(cuMemAlloc(&d, bytes));

	steps(spin, s, d, host, bytes, 20, cycles);	/* warm-up */
	start = now_seconds();
	steps(spin, s, d, host, bytes, count, cycles);
	took = now_seconds() - start;

	CHECK(cuMemcpyDtoH(host, d, bytes));
	for (size_t i = 0; i < bytes; i++)
		sum += host[i];
	printf("%zu bytes x %d steps (spin %llu): %.1f us per step, "
	    "checksum %lu\n", bytes, count, cycles, took / count * 1e6, sum);
	CHECK(cuMemFree(d));
	CHECK(cuStreamDestroy(s));
	CHECK(cuModuleUnload(module));
	CHECK(cuDevicePrimaryCtxRelease(dev));
	free(image);
	free(host);
	return 0;
}
