/*
 * matrixMul: multiplies a 320x320 by a 320x640 float matrix on the device
 * with a tiled kernel, times it with events on a stream, and checks the
 * product against a double-precision reference computed on the host.
 *
 * The kernel's fatbin is embedded in the executable (the build turns it
 * into a C array) and loaded with cuModuleLoadData, so the program needs
 * no file beside it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>

#include "check.h"
#include "matrixMul_kernel.fatbin.h"

#define TILE 16			/* the kernel's tile: block is TILE x TILE */
#define HA 320			/* A is HA x WA, B is WA x WB, C is HA x WB */
#define WA 320
#define WB 640
#define TIMED_RUNS 10

/*
 * Float sums of WA products drift from the exact value by roughly WA
 * roundings; 1e-4 of the reference leaves room for any summation order yet
 * catches a wrong element, which is off by a large fraction of its value.
 */
#define RELATIVE_TOLERANCE 1e-4

static float next_input(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return (float)(*state >> 8) / (float)(1u << 24);
}

/* Counts the elements of c that differ from A*B beyond the tolerance. */
static int count_wrong(const float *a, const float *b, const float *c)
{
	int wrong = 0;

	for (int row = 0; row < HA; row++) {
		for (int col = 0; col < WB; col++) {
			double expected = 0.0;

			for (int k = 0; k < WA; k++)
				expected += (double)a[row * WA + k] * b[k * WB + col];
			double got = c[row * WB + col];
			if (fabs(got - expected) > RELATIVE_TOLERANCE * fabs(expected)) {
				if (wrong < 5)
					fprintf(stderr, "C[%d][%d]: got %.8g, expected %.8g\n",
						row, col, got, expected);
				wrong++;
			}
		}
	}
	return wrong;
}

static void launch(CUfunction kernel, CUstream stream, void **params)
{
	CHECK(cuLaunchKernel(kernel, WB / TILE, HA / TILE, 1, TILE, TILE, 1,
			     0, stream, params, NULL));
}

int main(void)
{
	const size_t bytes_a = (size_t)HA * WA * sizeof(float);
	const size_t bytes_b = (size_t)WA * WB * sizeof(float);
	const size_t bytes_c = (size_t)HA * WB * sizeof(float);
	float *a = malloc(bytes_a);
	float *b = malloc(bytes_b);
	float *c = malloc(bytes_c);
	uint32_t state = 7;
	int wa = WA;
	int wb = WB;
	float ms = 0.0f;
	CUdevice dev;
	CUcontext ctx;
	CUmodule module;
	CUfunction kernel;
	CUstream stream;
	CUevent start, stop;
	CUdeviceptr dev_a, dev_b, dev_c;

	if (a == NULL || b == NULL || c == NULL)
		fail("out of host memory");
	for (int i = 0; i < HA * WA; i++)
		a[i] = next_input(&state);
	for (int i = 0; i < WA * WB; i++)
		b[i] = next_input(&state);
	printf("matrixMul: A(%dx%d) * B(%dx%d), %dx%d tiles, embedded fatbin of %zu bytes\n",
	       HA, WA, WA, WB, TILE, TILE, sizeof(matrixMul_kernel_fatbin));

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	CHECK(cuModuleLoadData(&module, matrixMul_kernel_fatbin));
	CHECK(cuModuleGetFunction(&kernel, module, "matrixMul"));
	CHECK(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
	CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
	CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));

	CHECK(cuMemAlloc(&dev_a, bytes_a));
	CHECK(cuMemAlloc(&dev_b, bytes_b));
	CHECK(cuMemAlloc(&dev_c, bytes_c));
	CHECK(cuMemcpyHtoDAsync(dev_a, a, bytes_a, stream));
	CHECK(cuMemcpyHtoDAsync(dev_b, b, bytes_b, stream));

	void *params[] = { &dev_c, &dev_a, &dev_b, &wa, &wb };

	/* The first launch pays for loading the code onto the device; keep it
	 * out of the timing. */
	launch(kernel, stream, params);
	CHECK(cuEventRecord(start, stream));
	for (int i = 0; i < TIMED_RUNS; i++)
		launch(kernel, stream, params);
	CHECK(cuEventRecord(stop, stream));
	CHECK(cuMemcpyDtoHAsync(c, dev_c, bytes_c, stream));
	CHECK(cuStreamSynchronize(stream));
	CHECK(cuEventElapsedTime(&ms, start, stop));

	double flops = 2.0 * HA * WA * WB;
	if (ms > 0.0f)
		printf("%.4f ms per product, %.2f GFLOP/s (%d timed runs)\n",
		       ms / TIMED_RUNS, flops * TIMED_RUNS / (ms * 1e-3) / 1e9,
		       TIMED_RUNS);
	else
		printf("%d timed runs took no measurable time\n", TIMED_RUNS);

	int wrong = count_wrong(a, b, c);

	CHECK(cuMemFree(dev_a));
	CHECK(cuMemFree(dev_b));
	CHECK(cuMemFree(dev_c));
	CHECK(cuEventDestroy(start));
	CHECK(cuEventDestroy(stop));
	CHECK(cuStreamDestroy(stream));
	CHECK(cuModuleUnload(module));
	CHECK(cuDevicePrimaryCtxRelease(dev));
	free(a);
	free(b);
	free(c);

	if (wrong > 0) {
		fprintf(stderr, "%d of %d elements exceed a relative error of %g\n",
			wrong, HA * WB, RELATIVE_TOLERANCE);
		printf("FAIL\n");
		return EXIT_FAILURE;
	}
	printf("all %d elements within a relative error of %g\nPASS\n",
	       HA * WB, RELATIVE_TOLERANCE);
	return EXIT_SUCCESS;
}
