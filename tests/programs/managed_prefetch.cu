// cudaMallocManaged with advice, prefetches both ways, stream attachment
// and a host read between kernels.
#include <cstdio>

__global__ void scale(float *p, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] *= f;
}

int main()
{
	const int n = 1 << 20;
	float *p;
	int dev = 0;
	cudaStream_t s;
	cudaStreamCreate(&s);
	if (cudaMallocManaged(&p, n * sizeof(float)) != cudaSuccess)
		return 1;
	for (int i = 0; i < n; i++)
		p[i] = (float)(i % 100);
	cudaMemLocation loc = {cudaMemLocationTypeDevice, dev};
	cudaMemAdvise(p, n * sizeof(float), cudaMemAdviseSetPreferredLocation, loc);
	cudaMemPrefetchAsync(p, n * sizeof(float), loc, 0, s);
	scale<<<n / 256, 256, 0, s>>>(p, n, 2.0f);
	cudaStreamSynchronize(s);
	double a = 0;
	for (int i = 0; i < n; i += 1000)
		a += p[i];
	cudaStreamAttachMemAsync(s, p, 0, cudaMemAttachSingle);
	scale<<<n / 256, 256, 0, s>>>(p, n, 0.5f);
	cudaMemLocation host = {cudaMemLocationTypeHost, 0};
	cudaMemPrefetchAsync(p, n * sizeof(float), host, 0, s);
	cudaError_t e = cudaStreamSynchronize(s);
	double b = 0;
	for (int i = 0; i < n; i++)
		b += p[i];
	int attr = -1;
	cudaMemRangeGetAttribute(&attr, sizeof attr,
	    cudaMemRangeAttributePreferredLocation, p, n * sizeof(float));
	printf("sync %s a %.0f b %.0f preferred %d\n", cudaGetErrorString(e), a, b, attr);
	cudaFree(p);
	cudaStreamDestroy(s);
	printf("done\n");
	return 0;
}
