/*
 * memfree: prints the free memory of device 0 in bytes, as cuMemGetInfo
 * reports it with the primary context current, and exits.
 *
 * The test runner compares these figures before, while and after another
 * client holds memory, to see that the server gives back what a vanished
 * client held.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>

#include "check.h"

int main(void)
{
	CUdevice dev;
	CUcontext ctx;
	size_t free_bytes, total_bytes;

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	CHECK(cuMemGetInfo(&free_bytes, &total_bytes));
	CHECK(cuDevicePrimaryCtxRelease(dev));
	printf("%zu\n", free_bytes);
	return EXIT_SUCCESS;
}
