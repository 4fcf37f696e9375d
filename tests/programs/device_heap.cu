// malloc and free inside kernels, with the heap size set first, and
// device limits read back.
#include <cstdio>

__global__ void build(int **slots, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int *p = (int *)malloc(16 * sizeof(int));
	if (p != nullptr)
		for (int k = 0; k < 16; k++)
			p[k] = i + k;
	slots[i] = p;
}

__global__ void sum_free(int **slots, int n, long long *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n || slots[i] == nullptr)
		return;
	long long s = 0;
	for (int k = 0; k < 16; k++)
		s += slots[i][k];
	atomicAdd((unsigned long long *)out, (unsigned long long)s);
	free(slots[i]);
}

int main()
{
	size_t heap = 0, stack = 0;
	cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20);
	cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
	cudaDeviceSetLimit(cudaLimitStackSize, 4096);
	cudaDeviceGetLimit(&stack, cudaLimitStackSize);
	printf("heap %zu MiB, stack %zu\n", heap >> 20, stack);
	const int n = 4096;
	int **slots;
	long long *out;
	cudaMalloc(&slots, n * sizeof(int *));
	cudaMalloc(&out, sizeof(long long));
	cudaMemset(out, 0, sizeof(long long));
	build<<<n / 128, 128>>>(slots, n);
	sum_free<<<n / 128, 128>>>(slots, n, out);
	long long s = 0;
	cudaMemcpy(&s, out, sizeof(s), cudaMemcpyDeviceToHost);
	printf("sum %lld, %s\n", s, cudaGetErrorString(cudaGetLastError()));
	printf("done\n");
	return 0;
}
