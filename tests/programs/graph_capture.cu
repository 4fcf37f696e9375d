// A captured graph of copies from pinned memory, kernels and copies back,
// replayed with new inputs each time.
#include <cstdio>

__global__ void axpb(float *x, int n, float a, float b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = a * x[i] + b;
}

int main()
{
	const int n = 1 << 14;
	float *in, *out, *d;
	cudaMallocHost(&in, n * sizeof(float));
	cudaMallocHost(&out, n * sizeof(float));
	cudaMalloc(&d, n * sizeof(float));
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaGraph_t g;
	cudaGraphExec_t ge;
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaMemcpyAsync(d, in, n * sizeof(float), cudaMemcpyHostToDevice, s);
	axpb<<<n / 256, 256, 0, s>>>(d, n, 2.0f, 1.0f);
	axpb<<<n / 256, 256, 0, s>>>(d, n, 0.5f, 3.0f);
	cudaMemcpyAsync(out, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
	cudaError_t ce = cudaStreamEndCapture(s, &g);
	cudaError_t ie = cudaGraphInstantiate(&ge, g, 0);
	double total = 0;
	for (int r = 0; r < 5; r++) {
		for (int i = 0; i < n; i++)
			in[i] = (float)(i % 100) + r;
		cudaGraphLaunch(ge, s);
		cudaStreamSynchronize(s);
		for (int i = 0; i < n; i++)
			total += out[i];
	}
	printf("capture %s instantiate %s total %.1f\n", cudaGetErrorString(ce),
	    cudaGetErrorString(ie), total);
	printf("done\n");
	return 0;
}
