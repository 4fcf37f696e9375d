/*
 * rt_launch.cu -- kernel<<<>>> with scalars of every width, pointers, and
 * a struct passed by value.
 *
 * The CPU stand-in (tests/fakecuda/kernels_runtime.c) emulates these
 * kernels by their mangled names, which the runtime registers: keep the
 * signatures in step with it.
 */
#include <string.h>

#include "rt_check.h"

#define N 1000

struct rt_shape {
	int n;
	float scale;
	double offset;
	char tag;
};

/* y = a * x + y */
__global__ void rt_axpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}

/* out = in * s.scale + s.offset + s.tag, for the first s.n elements */
__global__ void rt_apply(struct rt_shape s, const float *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < s.n)
		out[i] = in[i] * s.scale + (float)s.offset + s.tag;
}

/* Each scalar back, widened, so that the host can see it arrived whole. */
__global__ void rt_scalars(char c, short s, int i, long long l, float f,
    double d, unsigned long long *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		out[0] = (unsigned long long)c;
		out[1] = (unsigned long long)s;
		out[2] = (unsigned long long)i;
		out[3] = (unsigned long long)l;
		out[4] = (unsigned long long)(f * 1000.0f);
		out[5] = (unsigned long long)(d * 1000.0);
	}
}

static void axpy(void)
{
	float x[N], y[N], *dx = NULL, *dy = NULL;
	int i, bad = 0;

	for (i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
	if (!RT_OK(cudaMalloc(&dx, sizeof(x))) ||
	    !RT_OK(cudaMalloc(&dy, sizeof(y))))
		return;
	RT_OK(cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice));
	RT_OK(cudaMemcpy(dy, y, sizeof(y), cudaMemcpyHostToDevice));
	rt_axpy<<<(N + 127) / 128, 128>>>(2.0f, dx, dy, N);
	RT_OK(cudaGetLastError());
	RT_OK(cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost));
	for (i = 0; i < N; i++)
		bad += y[i] != 2.0f * i + 1.0f;
	RT_CHECK(bad == 0);
	RT_OK(cudaFree(dx));
	RT_OK(cudaFree(dy));
}

static void apply(void)
{
	float in[N], out[N], *din = NULL, *dout = NULL;
	struct rt_shape shape;
	int i, bad = 0;

	/* Its padding crosses the wire too: defined bytes keep valgrind quiet. */
	memset(&shape, 0, sizeof(shape));
	shape.n = N / 2;
	shape.scale = 3.0f;
	shape.offset = 0.5;
	shape.tag = 2;
	for (i = 0; i < N; i++)
		in[i] = (float)i;
	if (!RT_OK(cudaMalloc(&din, sizeof(in))) ||
	    !RT_OK(cudaMalloc(&dout, sizeof(out))))
		return;
	RT_OK(cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice));
	RT_OK(cudaMemset(dout, 0, sizeof(out)));
	rt_apply<<<4, 256>>>(shape, din, dout);
	RT_OK(cudaGetLastError());
	RT_OK(cudaDeviceSynchronize());
	RT_OK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
	for (i = 0; i < N; i++)
		bad += out[i] != (i < N / 2 ? i * 3.0f + 2.5f : 0.0f);
	RT_CHECK(bad == 0);
	RT_OK(cudaFree(din));
	RT_OK(cudaFree(dout));
}

static void scalars(void)
{
	unsigned long long got[6], *dout = NULL;

	if (!RT_OK(cudaMalloc(&dout, sizeof(got))))
		return;
	rt_scalars<<<1, 32>>>('x', -2, 123456789, 1LL << 40, 1.5f, 2.25,
	    dout);
	RT_OK(cudaGetLastError());
	RT_OK(cudaMemcpy(got, dout, sizeof(got), cudaMemcpyDeviceToHost));
	RT_CHECK(got[0] == 'x');
	RT_CHECK(got[1] == (unsigned long long)-2);
	RT_CHECK(got[2] == 123456789);
	RT_CHECK(got[3] == 1ULL << 40);
	RT_CHECK(got[4] == 1500);
	RT_CHECK(got[5] == 2250);
	RT_OK(cudaFree(dout));
}

int main(void)
{
	axpy();
	apply();
	scalars();
	return rt_verdict("rt_launch");
}
