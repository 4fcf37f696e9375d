/*
 * rt_fault.cu -- a kernel that writes far outside its allocation: the
 * launch itself succeeds, the next synchronizing call reports
 * cudaErrorIllegalAddress, and the error sticks to the context.
 */
#include "rt_check.h"

__global__ void rt_poke(int *p, unsigned long long index)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		p[index] = 1;
}

int main(void)
{
	int *dev = NULL;
	cudaError_t e;

	if (!RT_OK(cudaMalloc(&dev, 256)))
		return rt_verdict("rt_fault");
	/* 4 TiB past the allocation: mapped on no GPU. */
	rt_poke<<<1, 1>>>(dev, 1ULL << 40);
	RT_OK(cudaGetLastError());
	e = cudaDeviceSynchronize();
	if (e != cudaErrorIllegalAddress) {
		fprintf(stderr, "cudaDeviceSynchronize returned %s, expected "
		    "cudaErrorIllegalAddress\n", cudaGetErrorName(e));
		rt_failures++;
	}
	/* Sticky: later calls fail the same way. */
	e = cudaMemset(dev, 0, 256);
	RT_CHECK(e == cudaErrorIllegalAddress);
	return rt_verdict("rt_fault");
}
