/*
 * tests/fuzz/alloc.c -- asks for device memory, for step_limits.
 *
 *   alloc MIB...
 *
 * Makes a context, then for each MIB allocates MIB MiB, prints
 * "MIB MiB: RESULT" with the driver's name for the result, and frees it.
 * Exits 0 once every request has had an answer, 1 if setting up failed.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>

int main(int argc, char **argv)
{
	CUcontext ctx;
	CUdevice dev;
	CUresult err;

	if (argc < 2) {
		fprintf(stderr, "usage: alloc MIB...\n");
		return 1;
	}
	if ((err = cuInit(0)) != CUDA_SUCCESS ||
	    (err = cuDeviceGet(&dev, 0)) != CUDA_SUCCESS ||
	    (err = cuCtxCreate(&ctx, NULL, 0, dev)) != CUDA_SUCCESS) {
		fprintf(stderr, "alloc: setting up failed with error %d\n", err);
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		unsigned long mib = strtoul(argv[i], NULL, 10);
		const char *name = "?";
		CUdeviceptr p;

		err = cuMemAlloc(&p, (size_t)mib << 20);
		cuGetErrorName(err, &name);
		printf("%lu MiB: %s\n", mib, name);
		if (err == CUDA_SUCCESS)
			cuMemFree(p);
	}
	cuCtxDestroy(ctx);
	return 0;
}
