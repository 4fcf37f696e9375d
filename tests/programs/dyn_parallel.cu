// Dynamic parallelism: a kernel launches kernels (nvcc -rdc=true).
#include <cstdio>

__global__ void child(int *p, int base)
{
	p[base + threadIdx.x] = base + threadIdx.x;
}

__global__ void parent(int *p)
{
	child<<<1, 32>>>(p, 32 * threadIdx.x);
}

int main()
{
	int *d, h[128];
	cudaMalloc(&d, sizeof h);
	parent<<<1, 4>>>(d);
	cudaError_t e = cudaDeviceSynchronize();
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long sum = 0;
	for (int i = 0; i < 128; i++)
		sum += h[i];
	printf("sync %s sum %ld\n", cudaGetErrorString(e), sum);
	printf("done\n");
	return 0;
}
