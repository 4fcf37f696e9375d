// A graph built node by node: memset, kernel, host function, child graph,
// memcpy back; instantiated, replayed, and updated with new kernel params.
#include <cstdio>

__global__ void axpy(float *y, const float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] += a * x[i];
}

static int host_calls;
static void CUDART_CB on_host(void *arg)
{
	host_calls += *(int *)arg;
}

int main()
{
	const int n = 4096;
	float *x, *y, h[n];
	cudaMalloc(&x, n * sizeof(float));
	cudaMalloc(&y, n * sizeof(float));
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 10);
	cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);

	cudaGraph_t g, child;
	cudaGraphCreate(&g, 0);
	cudaGraphCreate(&child, 0);
	cudaGraphNode_t ms, k, hn, cn, cp, ck;

	cudaMemsetParams mp = {};
	mp.dst = y;
	mp.value = 0;
	mp.elementSize = 4;
	mp.width = n;
	mp.height = 1;
	cudaGraphAddMemsetNode(&ms, g, NULL, 0, &mp);

	float a = 2.0f;
	int nn = n;
	void *args[] = {&y, &x, &a, &nn};
	cudaKernelNodeParams kp = {};
	kp.func = (void *)axpy;
	kp.gridDim = dim3(n / 256);
	kp.blockDim = dim3(256);
	kp.kernelParams = args;
	cudaGraphAddKernelNode(&k, g, &ms, 1, &kp);

	float b = 1.0f;
	void *cargs[] = {&y, &x, &b, &nn};
	cudaKernelNodeParams ckp = kp;
	ckp.kernelParams = cargs;
	cudaGraphAddKernelNode(&ck, child, NULL, 0, &ckp);
	cudaGraphAddChildGraphNode(&cn, g, &k, 1, child);

	int inc = 1;
	cudaHostNodeParams hp = {on_host, &inc};
	cudaGraphAddHostNode(&hn, g, &cn, 1, &hp);

	cudaGraphAddMemcpyNode1D(&cp, g, &hn, 1, h, y, sizeof h, cudaMemcpyDeviceToHost);

	size_t count = 0;
	cudaGraphGetNodes(g, NULL, &count);
	cudaGraphExec_t ex;
	cudaError_t e = cudaGraphInstantiate(&ex, g, 0);
	for (int r = 0; r < 3; r++)
		cudaGraphLaunch(ex, 0);
	cudaStreamSynchronize(0);
	double s1 = 0;
	for (int i = 0; i < n; i++)
		s1 += h[i];

	a = 5.0f;
	cudaGraphExecKernelNodeSetParams(ex, k, &kp);
	cudaGraphLaunch(ex, 0);
	cudaError_t e2 = cudaStreamSynchronize(0);
	double s2 = 0;
	for (int i = 0; i < n; i++)
		s2 += h[i];
	printf("inst %s sync %s nodes %zu host %d s1 %.0f s2 %.0f\n", cudaGetErrorString(e),
	    cudaGetErrorString(e2), count, host_calls, s1, s2);
	cudaGraphExecDestroy(ex);
	cudaGraphDestroy(g);
	cudaGraphDestroy(child);
	printf("done\n");
	return 0;
}
