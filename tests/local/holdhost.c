/*
 * holdhost: takes 64 MiB of cuMemAllocHost memory, copies through it, then
 * prints READY and waits to be killed: the client that tests/local/check.sh
 * kills while shared memory is mapped on both sides.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cuda.h>

#define BYTES (64u << 20)

int main(void)
{
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d;
	void *host;

	if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
	    cuCtxCreate(&ctx, NULL, 0, dev) != CUDA_SUCCESS ||
	    cuMemAlloc(&d, BYTES) != CUDA_SUCCESS ||
	    cuMemAllocHost(&host, BYTES) != CUDA_SUCCESS) {
		fprintf(stderr, "holdhost: setup failed\n");
		return 1;
	}
	memset(host, 0x5a, BYTES);
	if (cuMemcpyHtoD(d, host, BYTES) != CUDA_SUCCESS ||
	    cuMemcpyDtoH(host, d, BYTES) != CUDA_SUCCESS) {
		fprintf(stderr, "holdhost: copies failed\n");
		return 1;
	}
	printf("READY\n");
	fflush(stdout);
	pause();
	return 0;
}
