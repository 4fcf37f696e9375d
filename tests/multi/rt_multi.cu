/*
 * rt_multi.cu -- a CUDA runtime program on every device, which with
 * ONCUDA_SERVER=a,b means the GPUs of two oncudad (tests/multi/check.sh).
 *
 * The runtime loads its code as one library and launches its kernels in
 * the current device's context, so the same kernel runs on each device,
 * each with its own copy of a __device__ variable.  The CPU stand-in
 * emulates rt_axpy and g_value by name (tests/fakecuda/kernels_runtime.c,
 * kernels.c): keep them in step.  Prints PASS rt_multi.
 */
#include "../runtime/rt_check.h"

#define N 1000

__device__ int g_value = 42;

/* y = a * x + y, as tests/runtime/rt_launch.cu's */
__global__ void rt_axpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}

/* Runs rt_axpy on the current device: y = (d + 2) * x + y. */
static void axpy_on(int d)
{
	static float x[N], y[N];
	float *dx, *dy;

	for (int i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
	if (!RT_OK(cudaMalloc(&dx, sizeof(x))) ||
	    !RT_OK(cudaMalloc(&dy, sizeof(y))))
		return;
	RT_OK(cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice));
	RT_OK(cudaMemcpy(dy, y, sizeof(y), cudaMemcpyHostToDevice));
	rt_axpy<<<(N + 127) / 128, 128>>>((float)(d + 2), dx, dy, N);
	RT_OK(cudaGetLastError());
	RT_OK(cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost));
	for (int i = 0; i < N; i++)
		RT_CHECK(y[i] == (float)(d + 2) * (float)i + 1.0f);
	RT_OK(cudaFree(dx));
	RT_OK(cudaFree(dy));
}

/* Each device's g_value is its own: 42 until this device sets it. */
static void global_on(int d)
{
	int value = 0;

	RT_OK(cudaMemcpyFromSymbol(&value, g_value, sizeof(value)));
	RT_CHECK(value == 42);
	value = 100 + d;
	RT_OK(cudaMemcpyToSymbol(g_value, &value, sizeof(value)));
	value = 0;
	RT_OK(cudaMemcpyFromSymbol(&value, g_value, sizeof(value)));
	RT_CHECK(value == 100 + d);
}

int main(void)
{
	int count = 0, value;

	if (!RT_OK(cudaGetDeviceCount(&count)) || count < 1)
		return rt_verdict("rt_multi");
	printf("devices: %d\n", count);
	for (int d = 0; d < count; d++) {
		RT_OK(cudaSetDevice(d));
		axpy_on(d);
		global_on(d);
	}
	/* Back on the first: its g_value is as it left it; rt_axpy runs. */
	RT_OK(cudaSetDevice(0));
	value = 0;
	RT_OK(cudaMemcpyFromSymbol(&value, g_value, sizeof(value)));
	RT_CHECK(value == 100);
	axpy_on(count);
	return rt_verdict("rt_multi");
}
