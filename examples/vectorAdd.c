/*
 * vectorAdd: adds two vectors of 50000 floats on the device and checks the
 * result against the host's own sums.
 *
 * The kernel is loaded at run time from vectorAdd_kernel.fatbin, which the
 * build leaves next to the executable; the program finds that directory
 * through /proc/self/exe, so it runs from any working directory.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda.h>

#include "check.h"

#define ELEMENTS 50000
#define THREADS_PER_BLOCK 256
#define MODULE_FILE "vectorAdd_kernel.fatbin"

/* Fills path with the module's name in the executable's directory. */
static void find_module(char *path, size_t size)
{
	ssize_t length = readlink("/proc/self/exe", path, size);
	char *slash;

	if (length < 0 || (size_t)length >= size)
		fail("cannot read /proc/self/exe to find " MODULE_FILE);
	path[length] = '\0';
	slash = strrchr(path, '/');
	if (slash == NULL)
		fail("/proc/self/exe is not an absolute path");
	slash[1] = '\0';
	if (strlen(path) + strlen(MODULE_FILE) >= size)
		fail("the path of " MODULE_FILE " is too long");
	strcat(path, MODULE_FILE);
}

/* Deterministic inputs in [1, 2): the same run gives the same numbers, and
 * no sum is 0, so untouched zeroed memory cannot pass for a result. */
static float next_input(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return 1.0f + (float)(*state >> 8) / (float)(1u << 24);
}

int main(void)
{
	const size_t bytes = ELEMENTS * sizeof(float);
	char path[PATH_MAX];
	float *a = malloc(bytes);
	float *b = malloc(bytes);
	float *c = malloc(bytes);
	uint32_t state = 1;
	int n = ELEMENTS;
	int wrong = 0;
	CUdevice dev;
	CUcontext ctx;
	CUmodule module;
	CUfunction kernel;
	CUdeviceptr dev_a, dev_b, dev_c;

	if (a == NULL || b == NULL || c == NULL)
		fail("out of host memory");
	for (int i = 0; i < n; i++) {
		a[i] = next_input(&state);
		b[i] = next_input(&state);
	}
	find_module(path, sizeof(path));
	printf("vectorAdd: %d elements, kernel from %s\n", n, path);

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	CHECK(cuModuleLoad(&module, path));
	CHECK(cuModuleGetFunction(&kernel, module, "vectorAdd"));

	CHECK(cuMemAlloc(&dev_a, bytes));
	CHECK(cuMemAlloc(&dev_b, bytes));
	CHECK(cuMemAlloc(&dev_c, bytes));
	CHECK(cuMemcpyHtoD(dev_a, a, bytes));
	CHECK(cuMemcpyHtoD(dev_b, b, bytes));

	void *params[] = { &dev_a, &dev_b, &dev_c, &n };
	unsigned int blocks = (unsigned int)(n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;

	printf("launching %u blocks of %d threads\n", blocks, THREADS_PER_BLOCK);
	CHECK(cuLaunchKernel(kernel, blocks, 1, 1, THREADS_PER_BLOCK, 1, 1,
			     0, NULL, params, NULL));
	CHECK(cuCtxSynchronize());
	CHECK(cuMemcpyDtoH(c, dev_c, bytes));

	/* One IEEE addition per element on both sides: the sums must agree
	 * bit for bit, so any difference is an error. */
	for (int i = 0; i < n; i++) {
		if (c[i] != a[i] + b[i]) {
			if (wrong < 5)
				fprintf(stderr, "element %d: got %.8g, expected %.8g\n",
					i, c[i], a[i] + b[i]);
			wrong++;
		}
	}

	CHECK(cuMemFree(dev_a));
	CHECK(cuMemFree(dev_b));
	CHECK(cuMemFree(dev_c));
	CHECK(cuModuleUnload(module));
	CHECK(cuCtxDestroy(ctx));
	free(a);
	free(b);
	free(c);

	if (wrong > 0) {
		fprintf(stderr, "%d of %d elements are wrong\n", wrong, n);
		printf("FAIL\n");
		return EXIT_FAILURE;
	}
	printf("all %d elements correct\nPASS\n", n);
	return EXIT_SUCCESS;
}
