/*
 * drvbench_app.c: the application case, an SGEMM loop in the manner of
 * examples/matrixMul and with its kernel (the fatbin embedded there).
 *
 * One iteration is what a simple program does per product: copy A and B
 * to the device, run the product app_launches times, copy C back (the
 * synchronous copy waits for the kernels).  The figure is milliseconds per
 * iteration.  A sample of C is checked against the host afterwards, so a
 * kernel that did nothing cannot pass for a fast one.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "drvbench.h"
#include "matrixMul_kernel.fatbin.h"

#define TILE 16			/* the kernel's block is TILE x TILE */
#define CHECKED_ELEMENTS 64
#define RELATIVE_TOLERANCE 1e-4

struct matrices {
	int n;
	size_t bytes;
	float *a, *b, *c;
	CUdeviceptr dev_a, dev_b, dev_c;
};

static float next_input(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return (float)(*state >> 8) / (float)(1u << 24);
}

static void *host_matrix(size_t bytes)
{
	void *p = malloc(bytes);

	if (p == NULL)
		die("out of host memory for a %zu-byte matrix", bytes);
	return p;
}

static void make_matrices(struct matrices *m, int n)
{
	uint32_t state = 11;

	m->n = n;
	m->bytes = (size_t)n * (size_t)n * sizeof(float);
	m->a = host_matrix(m->bytes);
	m->b = host_matrix(m->bytes);
	m->c = host_matrix(m->bytes);
	for (size_t i = 0; i < (size_t)n * (size_t)n; i++) {
		m->a[i] = next_input(&state);
		m->b[i] = next_input(&state);
	}
	CHECK(cuMemAlloc(&m->dev_a, m->bytes));
	CHECK(cuMemAlloc(&m->dev_b, m->bytes));
	CHECK(cuMemAlloc(&m->dev_c, m->bytes));
}

static void free_matrices(struct matrices *m)
{
	CHECK(cuMemFree(m->dev_a));
	CHECK(cuMemFree(m->dev_b));
	CHECK(cuMemFree(m->dev_c));
	free(m->a);
	free(m->b);
	free(m->c);
}

static void iterate(const struct plan *plan, CUfunction kernel,
		    struct matrices *m)
{
	unsigned int grid = (unsigned int)(m->n / TILE);
	void *params[] = { &m->dev_c, &m->dev_a, &m->dev_b, &m->n, &m->n };

	CHECK(cuMemcpyHtoD(m->dev_a, m->a, m->bytes));
	CHECK(cuMemcpyHtoD(m->dev_b, m->b, m->bytes));
	for (int i = 0; i < plan->app_launches; i++)
		CHECK(cuLaunchKernel(kernel, grid, grid, 1, TILE, TILE, 1, 0,
				     NULL, params, NULL));
	CHECK(cuMemcpyDtoH(m->c, m->dev_c, m->bytes));
}

/* Elements spread over C, each against a double-precision dot product. */
static void check_product(const struct matrices *m)
{
	int n = m->n;

	for (int k = 0; k < CHECKED_ELEMENTS; k++) {
		int row = (int)(((long)k * 7919) % n);
		int col = (int)(((long)k * 104729) % n);
		double expected = 0.0;
		double got = m->c[(size_t)row * n + col];

		for (int i = 0; i < n; i++)
			expected += (double)m->a[(size_t)row * n + i] *
				    m->b[(size_t)i * n + col];
		if (fabs(got - expected) > RELATIVE_TOLERANCE * fabs(expected))
			die("sgemm: C[%d][%d] is %.8g, expected %.8g: the "
			    "product is wrong, so its timing means nothing",
			    row, col, got, expected);
	}
}

void bench_app(const struct plan *plan)
{
	struct samples s = { .count = 0 };
	struct matrices m;
	CUmodule module;
	CUfunction kernel;

	CHECK(cuModuleLoadData(&module, matrixMul_kernel_fatbin));
	CHECK(cuModuleGetFunction(&kernel, module, "matrixMul"));
	make_matrices(&m, plan->app_n);

	iterate(plan, kernel, &m);	/* loads the code: not timed */
	for (int run = 0; run < plan->app_runs; run++) {
		double start = now_seconds();

		iterate(plan, kernel, &m);
		samples_add(&s, (now_seconds() - start) * 1e3);
	}
	check_product(&m);
	samples_report(&s, "app_sgemm", 0, "ms", plan->app_launches);

	free_matrices(&m);
	CHECK(cuModuleUnload(module));
}
