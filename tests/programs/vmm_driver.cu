// Virtual memory management through the driver API: reserve a range,
// create physical chunks, map them side by side, grow, run a kernel over
// the whole range.
#include <cstdio>
#include <cuda.h>

__global__ void iota(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = i;
}

#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { \
	const char *s_; cuGetErrorName(r_, &s_); printf("%s: %s\n", #x, s_); return 1; } } while (0)

int main()
{
	cudaFree(0);
	CUdevice dev;
	CK(cuCtxGetDevice(&dev));
	CUmemAllocationProp prop = {};
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = dev;
	size_t gran;
	CK(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
	CUdeviceptr base;
	CK(cuMemAddressReserve(&base, 4 * gran, 0, 0, 0));
	CUmemGenericAllocationHandle h[2];
	for (int i = 0; i < 2; i++) {
		CK(cuMemCreate(&h[i], 2 * gran, &prop, 0));
		CK(cuMemMap(base + i * 2 * gran, 2 * gran, 0, h[i], 0));
	}
	CUmemAccessDesc acc = {};
	acc.location = prop.location;
	acc.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
	CK(cuMemSetAccess(base, 4 * gran, &acc, 1));
	int n = (int)(4 * gran / sizeof(int));
	iota<<<(n + 255) / 256, 256>>>((int *)base, n);
	CK(cuCtxSynchronize());
	int last;
	CK(cuMemcpyDtoH(&last, base + 4 * gran - sizeof(int), sizeof last));
	unsigned long long flags;
	CK(cuMemGetAccess(&flags, &prop.location, base));
	CUmemAllocationProp got;
	CK(cuMemGetAllocationPropertiesFromHandle(&got, h[1]));
	CUmemGenericAllocationHandle back;
	CK(cuMemRetainAllocationHandle(&back, (void *)(base + 3 * gran)));
	printf("last %d ok %d access %llu type %d same %d\n", last, last == n - 1, flags,
	    (int)got.type, back == h[1]);
	CK(cuMemRelease(back));
	CK(cuMemUnmap(base, 4 * gran));
	for (int i = 0; i < 2; i++)
		CK(cuMemRelease(h[i]));
	CK(cuMemAddressFree(base, 4 * gran));
	printf("done\n");
	return 0;
}
