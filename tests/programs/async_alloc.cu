// Stream-ordered allocation from the default pool and a pool of its own.
#include <cstdio>

__global__ void iota(int *p, int n, int base)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = base + i;
}

int main()
{
	const int n = 4096;
	cudaStream_t s;
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	int *a, *b, h[n];
	cudaMallocAsync(&a, n * sizeof(int), s);
	iota<<<n / 256, 256, 0, s>>>(a, n, 100);
	cudaMemPool_t pool;
	cudaMemPoolProps props = {};
	props.allocType = cudaMemAllocationTypePinned;
	props.location.type = cudaMemLocationTypeDevice;
	props.location.id = 0;
	cudaError_t pe = cudaMemPoolCreate(&pool, &props);
	cudaMallocFromPoolAsync(&b, n * sizeof(int), pool, s);
	cudaMemcpyAsync(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice, s);
	cudaFreeAsync(a, s);
	cudaMemcpyAsync(h, b, n * sizeof(int), cudaMemcpyDeviceToHost, s);
	cudaFreeAsync(b, s);
	cudaError_t e = cudaStreamSynchronize(s);
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += h[i];
	unsigned long long threshold = 0;
	cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
	printf("pool %s sync %s sum %ld threshold %llu\n", cudaGetErrorString(pe),
	    cudaGetErrorString(e), sum, threshold);
	cudaMemPoolDestroy(pool);
	cudaStreamDestroy(s);
	printf("done\n");
	return 0;
}
