// Kernels print; the lines come out among the program's own, in order.
#include <cstdio>

__global__ void hello(int round)
{
	printf("round %d: hello from block %d thread %d\n", round,
	    (int)blockIdx.x, (int)threadIdx.x);
}

int main()
{
	printf("before\n");
	hello<<<1, 1>>>(0);
	cudaDeviceSynchronize();
	printf("between\n");
	hello<<<1, 1>>>(1);
	cudaStreamSynchronize(0);
	printf("after\n");
	hello<<<1, 1>>>(2);
	int x = 0, *d;
	cudaMalloc(&d, sizeof(int));
	cudaMemcpy(&x, d, sizeof(int), cudaMemcpyDeviceToHost);
	printf("done %s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
