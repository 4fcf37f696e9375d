/*
 * rt_device.cu -- the runtime starts, finds a device and reads its
 * properties, and they agree with what the attribute queries say.
 */
#include <string.h>

#include "rt_check.h"

int main(void)
{
	struct cudaDeviceProp prop;
	int count = 0, dev = -1, value = 0, runtime = 0, driver = 0;

	if (!RT_OK(cudaGetDeviceCount(&count)) || count < 1) {
		fprintf(stderr, "no device (count %d)\n", count);
		rt_failures++;
		return rt_verdict("rt_device");
	}
	RT_OK(cudaRuntimeGetVersion(&runtime));
	RT_OK(cudaDriverGetVersion(&driver));
	RT_CHECK(runtime > 0 && driver >= runtime);
	RT_OK(cudaSetDevice(0));
	RT_OK(cudaGetDevice(&dev));
	RT_CHECK(dev == 0);
	memset(&prop, 0, sizeof(prop));
	RT_OK(cudaGetDeviceProperties(&prop, 0));
	RT_CHECK(prop.name[0] != '\0');
	RT_CHECK(prop.major >= 3);
	RT_CHECK(prop.totalGlobalMem > 0);
	RT_CHECK(prop.multiProcessorCount > 0);
	RT_CHECK(prop.warpSize == 32);
	RT_CHECK(prop.maxThreadsPerBlock >= 512);
	RT_OK(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount,
	    0));
	RT_CHECK(value == prop.multiProcessorCount);
	RT_OK(cudaDeviceGetAttribute(&value, cudaDevAttrComputeCapabilityMajor,
	    0));
	RT_CHECK(value == prop.major);
	/* An ordinal past the last device is the runtime's own error. */
	RT_CHECK(cudaSetDevice(count) == cudaErrorInvalidDevice);
	printf("device 0: %s, compute capability %d.%d, %d SMs, driver %d, "
	    "runtime %d\n", prop.name, prop.major, prop.minor,
	    prop.multiProcessorCount, driver, runtime);
	RT_OK(cudaDeviceSynchronize());
	return rt_verdict("rt_device");
}
