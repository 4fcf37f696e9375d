/*
 * cufft_check.c -- cuFFT as programs use it: batched 1D complex-to-complex
 * transforms forward and back, batched 1D real-to-complex and back, and a
 * 2D complex transform, each checked against a DFT computed on the CPU in
 * double.  cuFFT needs export tables of the driver that oncuda does not
 * answer yet (stubs/answers/export_tables.c): through oncuda this test
 * says whether they are still missing.
 *
 * Links cuFFT and the CUDA runtime, never libcuda; GPU only (the CPU
 * stand-in runs no library kernels).  Prints "PASS case" or "FAIL case:
 * why", then "PASS cufft_check" or "FAIL cufft_check" (app_check.h).
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>
#include <cufft.h>

#include "app_check.h"

#define CUDA_OK(call) app_cuda_ok((int)(call), #call, name)

static bool fft_ok(cufftResult r, const char *call, const char *name)
{
	if (r == CUFFT_SUCCESS)
		return true;
	app_fail(name, "%s returned cuFFT status %d", call, (int)r);
	return false;
}
#define FFT_OK(call) fft_ok((call), #call, name)

/* The DFT of rows x cols complex values (rows 1 for 1D) in double, and
 * the sum of the input's magnitudes, which bounds every output. */
static void dft(const double complex *in, double complex *out, int rows,
    int cols, int sign)
{
	for (int u = 0; u < rows; u++)
		for (int v = 0; v < cols; v++) {
			double complex s = 0;

			for (int r = 0; r < rows; r++)
				for (int c = 0; c < cols; c++)
					s += in[r * cols + c] * cexp(sign * 2 *
					    M_PI * I * ((double)u * r / rows +
					    (double)v * c / cols));
			out[u * cols + v] = s;
		}
}

/* Whether got (floats, re/im pairs) matches want within float rounding. */
static bool close_to(const float *got, const double complex *want, int n,
    double magnitude, const char *name, const char *what)
{
	double tolerance = 1e-5 * magnitude + 1e-6;

	for (int i = 0; i < n; i++) {
		double dr = fabs(got[2 * i] - creal(want[i]));
		double di = fabs(got[2 * i + 1] - cimag(want[i]));

		if (dr > tolerance || di > tolerance) {
			app_fail(name, "%s: element %d is %g%+gi, expected "
			    "%g%+gi", what, i, got[2 * i], got[2 * i + 1],
			    creal(want[i]), cimag(want[i]));
			return false;
		}
	}
	return true;
}

/* rows x cols complex transforms, batch of them, forward and back. */
static void complex_case(const char *name, int rows, int cols, int batch)
{
	int n = rows * cols, total = n * batch;
	float *host = malloc(sizeof(float) * 2 * total);
	float *back = malloc(sizeof(float) * 2 * total);
	double complex *in = malloc(sizeof(*in) * n);
	double complex *want = malloc(sizeof(*want) * n);
	unsigned long long seed = 7;
	cufftComplex *d = NULL;
	cufftHandle plan;
	bool ok = true;

	for (int i = 0; i < 2 * total; i++)
		host[i] = (float)app_random(&seed);
	if (!CUDA_OK(cudaMalloc((void **)&d, sizeof(cufftComplex) * total)))
		goto out;
	if (rows == 1)
		ok = FFT_OK(cufftPlan1d(&plan, cols, CUFFT_C2C, batch));
	else
		ok = batch == 1 && FFT_OK(cufftPlan2d(&plan, rows, cols,
		    CUFFT_C2C));
	if (!ok)
		goto out;
	ok = CUDA_OK(cudaMemcpy(d, host, sizeof(cufftComplex) * total,
	    cudaMemcpyHostToDevice)) &&
	    FFT_OK(cufftExecC2C(plan, d, d, CUFFT_FORWARD)) &&
	    CUDA_OK(cudaMemcpy(back, d, sizeof(cufftComplex) * total,
	    cudaMemcpyDeviceToHost));
	for (int b = 0; ok && b < batch; b++) {
		double magnitude = 0;

		for (int i = 0; i < n; i++) {
			in[i] = host[2 * (b * n + i)] +
			    I * host[2 * (b * n + i) + 1];
			magnitude += cabs(in[i]);
		}
		dft(in, want, rows, cols, -1);
		ok = close_to(back + 2 * b * n, want, n, magnitude, name,
		    "forward");
	}
	/* Back again: cuFFT does not normalise, so n times the input. */
	ok = ok && FFT_OK(cufftExecC2C(plan, d, d, CUFFT_INVERSE)) &&
	    CUDA_OK(cudaMemcpy(back, d, sizeof(cufftComplex) * total,
	    cudaMemcpyDeviceToHost));
	for (int i = 0; ok && i < 2 * total; i++) {
		if (fabs(back[i] / n - host[i]) > 1e-4) {
			app_fail(name, "inverse: value %d is %g, expected %g",
			    i, back[i] / n, host[i]);
			ok = false;
		}
	}
	FFT_OK(cufftDestroy(plan));
	if (ok)
		printf("PASS %s\n", name);
out:
	cudaFree(d);
	free(host);
	free(back);
	free(in);
	free(want);
}

/* batch real transforms of n values to n / 2 + 1 complex ones and back. */
static void real_case(const char *name, int n, int batch)
{
	int half = n / 2 + 1;
	float *host = malloc(sizeof(float) * n * batch);
	float *spectrum = malloc(sizeof(float) * 2 * half * batch);
	float *back = malloc(sizeof(float) * n * batch);
	double complex *in = malloc(sizeof(*in) * n);
	double complex *want = malloc(sizeof(*want) * n);
	unsigned long long seed = 11;
	cufftComplex *dc = NULL;
	cufftReal *dr = NULL;
	cufftHandle forward, inverse;
	bool ok;

	for (int i = 0; i < n * batch; i++)
		host[i] = (float)app_random(&seed);
	if (!CUDA_OK(cudaMalloc((void **)&dr, sizeof(cufftReal) * n * batch)) ||
	    !CUDA_OK(cudaMalloc((void **)&dc, sizeof(cufftComplex) * half *
	    batch)))
		goto out;
	if (!FFT_OK(cufftPlan1d(&forward, n, CUFFT_R2C, batch)))
		goto out;
	if (!FFT_OK(cufftPlan1d(&inverse, n, CUFFT_C2R, batch))) {
		cufftDestroy(forward);
		goto out;
	}
	ok = CUDA_OK(cudaMemcpy(dr, host, sizeof(cufftReal) * n * batch,
	    cudaMemcpyHostToDevice)) &&
	    FFT_OK(cufftExecR2C(forward, dr, dc)) &&
	    CUDA_OK(cudaMemcpy(spectrum, dc, sizeof(cufftComplex) * half *
	    batch, cudaMemcpyDeviceToHost));
	for (int b = 0; ok && b < batch; b++) {
		double magnitude = 0;

		for (int i = 0; i < n; i++) {
			in[i] = host[b * n + i];
			magnitude += fabs(host[b * n + i]);
		}
		dft(in, want, 1, n, -1);
		ok = close_to(spectrum + 2 * b * half, want, half, magnitude,
		    name, "real to complex");
	}
	ok = ok && FFT_OK(cufftExecC2R(inverse, dc, dr)) &&
	    CUDA_OK(cudaMemcpy(back, dr, sizeof(cufftReal) * n * batch,
	    cudaMemcpyDeviceToHost));
	for (int i = 0; ok && i < n * batch; i++) {
		if (fabs(back[i] / n - host[i]) > 1e-4) {
			app_fail(name, "complex to real: value %d is %g, "
			    "expected %g", i, back[i] / n, host[i]);
			ok = false;
		}
	}
	cufftDestroy(forward);
	cufftDestroy(inverse);
	if (ok)
		printf("PASS %s\n", name);
out:
	cudaFree(dr);
	cudaFree(dc);
	free(host);
	free(spectrum);
	free(back);
	free(in);
	free(want);
}

int main(void)
{
	app_hold_begin();
	complex_case("c2c_1d_batched", 1, 256, 8);
	complex_case("c2c_1d_odd", 1, 105, 3);
	real_case("r2c_c2r_batched", 200, 4);
	complex_case("c2c_2d", 32, 48, 1);
	return app_finish("cufft_check");
}
