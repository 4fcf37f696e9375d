// __managed__ variables and cudaMallocManaged, read and written by both sides.
#include <cstdio>

__managed__ int counter;
__managed__ float scale = 2.5f;

__global__ void count(int *data, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		data[i] = (int)(i * scale);
		atomicAdd(&counter, 1);
	}
}

int main()
{
	const int n = 1000;
	int *data;
	if (cudaMallocManaged(&data, n * sizeof(int)) != cudaSuccess)
		return 1;
	counter = 5;
	scale = 3.0f;
	count<<<(n + 127) / 128, 128>>>(data, n);
	cudaError_t e = cudaDeviceSynchronize();
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += data[i];
	printf("sync %s counter %d sum %ld\n", cudaGetErrorString(e), counter, sum);
	cudaFree(data);
	printf("done\n");
	return 0;
}
