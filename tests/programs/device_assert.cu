// A failed device assert: the kernel's message, and the sticky error.
#include <cstdio>
#include <cassert>

__global__ void check(int v) { assert(v < 0); }

int main()
{
	printf("launching\n");
	fflush(stdout);
	check<<<1, 1>>>(7);
	cudaError_t e = cudaDeviceSynchronize();
	printf("sync: %s\n", cudaGetErrorName(e));
	printf("done\n");
	return 0;
}
