// Dynamic parallelism, CUDA 12 style: named streams for fire-and-forget
// and tail launches, recursion, and a device-side cudaGetLastError.
#include <cstdio>

__global__ void leaf(int *p, int i)
{
	atomicAdd(&p[i], 1);
}

__global__ void tail(int *p)
{
	atomicAdd(&p[64], 100);
}

__global__ void tree(int *p, int depth)
{
	if (depth == 0)
		return;
	leaf<<<1, 4, 0, cudaStreamFireAndForget>>>(p, depth);
	tree<<<1, 1>>>(p, depth - 1);
	if (depth == 3)
		tail<<<1, 1, 0, cudaStreamTailLaunch>>>(p);
	p[65] = (int)cudaGetLastError();
}

int main()
{
	int *d, h[66] = {0};
	cudaMalloc(&d, sizeof h);
	cudaMemset(d, 0, sizeof h);
	tree<<<1, 1>>>(d, 3);
	cudaError_t e = cudaDeviceSynchronize();
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("sync %s p1 %d p2 %d p3 %d tail %d err %d\n", cudaGetErrorString(e), h[1], h[2],
	    h[3], h[64], h[65]);
	printf("done\n");
	return 0;
}
