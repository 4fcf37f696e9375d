// Mapped pinned memory: through cudaHostGetDevicePointer, and the host
// pointer itself under unified addressing.
#include <cstdio>

__global__ void square(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * in[i];
}

int main()
{
	const int n = 2048;
	int *in, *out, *din;
	cudaSetDeviceFlags(cudaDeviceMapHost);
	cudaHostAlloc(&in, n * sizeof(int), cudaHostAllocMapped);
	cudaHostAlloc(&out, n * sizeof(int), cudaHostAllocMapped);
	for (int i = 0; i < n; i++)
		in[i] = i;
	cudaHostGetDevicePointer(&din, in, 0);
	square<<<n / 256, 256>>>(din, out, n);
	cudaDeviceSynchronize();
	long a = 0;
	for (int i = 0; i < n; i++)
		a += out[i];
	for (int i = 0; i < n; i++)
		in[i] = 2 * i;
	square<<<n / 256, 256>>>(in, out, n);
	cudaDeviceSynchronize();
	long b = 0;
	for (int i = 0; i < n; i++)
		b += out[i];
	printf("through device pointer %ld, through host pointer %ld, %s\n", a, b,
	    cudaGetErrorString(cudaGetLastError()));
	printf("done\n");
	return 0;
}
