// Host functions and stream callbacks run in stream order.
#include <cstdio>

__global__ void add(int *p, int v) { *p += v; }

static int *mirror;

static void CUDART_CB after_add(void *arg)
{
	printf("host function %s sees %d\n", (const char *)arg, *mirror);
}

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *arg)
{
	printf("stream callback %s status %d\n", (const char *)arg, (int)status);
}

int main()
{
	int *d;
	cudaMallocHost(&mirror, sizeof(int));
	cudaMalloc(&d, sizeof(int));
	cudaMemset(d, 0, sizeof(int));
	cudaStream_t s;
	cudaStreamCreate(&s);
	for (int i = 1; i <= 3; i++) {
		add<<<1, 1, 0, s>>>(d, i);
		cudaMemcpyAsync(mirror, d, sizeof(int), cudaMemcpyDeviceToHost, s);
		static const char *names[] = { "", "one", "two", "three" };
		cudaLaunchHostFunc(s, after_add, (void *)names[i]);
	}
	cudaStreamAddCallback(s, callback, (void *)"last", 0);
	cudaStreamSynchronize(s);
	printf("done\n");
	return 0;
}
