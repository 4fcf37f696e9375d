/*
 * Launching the test kernels and checking what they did.
 */
#include <stdint.h>

#include "check.h"
#include "kernel_runs.h"

int e2e_run_vec_add(CUfunction vec_add, int n, CUstream s)
{
	size_t bytes = (size_t)n * sizeof(float);
	float *a = e2e_malloc(bytes), *b = e2e_malloc(bytes);
	float *c = e2e_malloc(bytes);
	CUdeviceptr da, db, dc;
	void *params[] = { &da, &db, &dc, &n };
	unsigned block = 256, grid = (unsigned)(n + block - 1) / block;
	int i;

	/* Small integers: every sum is exact, so == is the right test. */
	for (i = 0; i < n; i++) {
		a[i] = (float)i;
		b[i] = (float)(2 * i + 1);
		c[i] = -1.0f;
	}
	TRY(e2e_dalloc(&da, bytes));
	TRY(e2e_dalloc(&db, bytes));
	TRY(e2e_dalloc(&dc, bytes));
	CHECK_CU(cuMemcpyHtoD(da, a, bytes), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoD(db, b, bytes), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoD(dc, c, bytes), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(vec_add, grid, 1, 1, block, 1, 1, 0, s,
				params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(c, dc, bytes), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		if (c[i] != (float)(3 * i + 1))
			return e2e_fail(__FILE__, __LINE__, "vec_add: c[%d] "
					"is %g, expected %d", i, (double)c[i],
					3 * i + 1);
	return 0;
}

int e2e_run_fill(CUfunction fill_u32, CUdeviceptr p, unsigned v,
		 unsigned long long n, CUstream s)
{
	size_t bytes = (size_t)(n + 1) * sizeof(unsigned);
	unsigned *host = e2e_malloc(bytes), guard = v ^ 0x5a5a5a5au;
	void *params[] = { &p, &v, &n };
	unsigned long long i;

	CHECK_CU(cuMemcpyHtoD(p + n * sizeof(unsigned), &guard, sizeof(guard)),
		 CUDA_SUCCESS);
	/* Fewer threads than words: the kernel's grid-stride loop covers
	 * the rest. */
	CHECK_CU(cuLaunchKernel(fill_u32, 3, 1, 1, 128, 1, 1, 0, s, params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(host, p, bytes), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		if (host[i] != v)
			return e2e_fail(__FILE__, __LINE__, "fill_u32: word "
					"%llu is 0x%x, expected 0x%x", i,
					host[i], v);
	CHECK_EQ(host[n], guard);
	return 0;
}

int e2e_run_read_global(CUfunction read_global, int *value)
{
	CUdeviceptr out;
	void *params[] = { &out };

	*value = -1;
	TRY(e2e_dalloc(&out, sizeof(int)));
	CHECK_CU(cuMemcpyHtoD(out, value, sizeof(int)), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(read_global, 1, 1, 1, 1, 1, 1, 0, NULL,
				params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(value, out, sizeof(int)), CUDA_SUCCESS);
	return 0;
}
