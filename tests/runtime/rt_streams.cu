/*
 * rt_streams.cu -- streams and events: work on two streams ordered by an
 * event, event timing and queries, and the legacy default stream.
 */
#include "rt_check.h"

#define N 4096

__global__ void rt_axpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}

int main(void)
{
	static float x[N], y[N];
	cudaStream_t first, second;
	cudaEvent_t start, done;
	float *dx = NULL, *dy = NULL, ms = -1.0f;
	int i, bad = 0, priority_low = 0, priority_high = 0;

	for (i = 0; i < N; i++) {
		x[i] = 1.0f;
		y[i] = (float)i;
	}
	RT_OK(cudaDeviceGetStreamPriorityRange(&priority_low, &priority_high));
	RT_OK(cudaStreamCreateWithFlags(&first, cudaStreamNonBlocking));
	RT_OK(cudaStreamCreateWithPriority(&second, cudaStreamDefault,
	    priority_high));
	RT_OK(cudaEventCreate(&start));
	RT_OK(cudaEventCreateWithFlags(&done, cudaEventDefault));
	if (!RT_OK(cudaMalloc(&dx, sizeof(x))) ||
	    !RT_OK(cudaMalloc(&dy, sizeof(y))))
		return rt_verdict("rt_streams");

	RT_OK(cudaEventRecord(start, first));
	RT_OK(cudaMemcpyAsync(dx, x, sizeof(x), cudaMemcpyHostToDevice, first));
	RT_OK(cudaMemcpyAsync(dy, y, sizeof(y), cudaMemcpyHostToDevice, first));
	RT_OK(cudaEventRecord(done, first));
	/* The second stream's kernel waits for the first stream's copies. */
	RT_OK(cudaStreamWaitEvent(second, done, 0));
	rt_axpy<<<N / 256, 256, 0, second>>>(10.0f, dx, dy, N);
	RT_OK(cudaGetLastError());
	RT_OK(cudaMemcpyAsync(y, dy, sizeof(y), cudaMemcpyDeviceToHost,
	    second));
	RT_OK(cudaStreamSynchronize(second));
	for (i = 0; i < N; i++)
		bad += y[i] != i + 10.0f;
	RT_CHECK(bad == 0);

	RT_OK(cudaEventSynchronize(done));
	RT_CHECK(cudaEventQuery(done) == cudaSuccess);
	RT_CHECK(cudaStreamQuery(first) == cudaSuccess);
	RT_OK(cudaEventElapsedTime(&ms, start, done));
	RT_CHECK(ms >= 0.0f);

	/* The legacy default stream: a kernel, then a synchronous copy. */
	rt_axpy<<<N / 256, 256>>>(-10.0f, dx, dy, N);
	RT_OK(cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost));
	for (i = 0, bad = 0; i < N; i++)
		bad += y[i] != (float)i;
	RT_CHECK(bad == 0);

	RT_OK(cudaFree(dx));
	RT_OK(cudaFree(dy));
	RT_OK(cudaEventDestroy(start));
	RT_OK(cudaEventDestroy(done));
	RT_OK(cudaStreamDestroy(first));
	RT_OK(cudaStreamDestroy(second));
	return rt_verdict("rt_streams");
}
