// Launch errors where programs look for them: right after kernel<<<>>>.
#include <cstdio>

__global__ void touch(int *p) { p[threadIdx.x] = threadIdx.x; }

int main()
{
	int *d;
	cudaMalloc(&d, 4096 * sizeof(int));
	touch<<<1, 2048>>>(d);
	printf("2048 threads: %s\n", cudaGetErrorName(cudaGetLastError()));
	touch<<<1, dim3(8, 8, 128)>>>(d);
	printf("block z 128: %s\n", cudaGetErrorName(cudaGetLastError()));
	touch<<<dim3(1, 70000), 32>>>(d);
	printf("grid y 70000: %s\n", cudaGetErrorName(cudaGetLastError()));
	touch<<<1, 32, 1 << 26>>>(d);
	printf("64 MiB shared: %s\n", cudaGetErrorName(cudaGetLastError()));
	touch<<<1, 0>>>(d);
	printf("0 threads: %s\n", cudaGetErrorName(cudaGetLastError()));
	printf("after them: %s\n", cudaGetErrorName(cudaPeekAtLastError()));
	touch<<<1, 1024>>>(d);
	printf("1024 threads: %s, sync %s\n", cudaGetErrorName(cudaGetLastError()),
	    cudaGetErrorName(cudaDeviceSynchronize()));
	int h[1024];
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	long s = 0;
	for (int i = 0; i < 1024; i++)
		s += h[i];
	printf("sum %ld\n", s);
	printf("done\n");
	return 0;
}
