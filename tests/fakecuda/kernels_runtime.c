/*
 * kernels_runtime.c - host versions of the kernels of tests/runtime/rt_*.cu
 * (kernels_runtime.h says how they are found).  Like kernels.c, each
 * emulates the whole grid and answers CUDA_ERROR_ILLEGAL_ADDRESS where a
 * GPU would fault.
 */
#include <string.h>

#include "kernels_runtime.h"

static unsigned long long
grid_threads(const struct fc_launch *l)
{
	return (unsigned long long)l->grid[0] * l->block[0];
}

/* How many of n elements the grid's threads cover (i < n guards). */
static unsigned long long
covered(const struct fc_launch *l, int n)
{
	unsigned long long count = n > 0 ? (unsigned long long)n : 0;

	return count < grid_threads(l) ? count : grid_threads(l);
}

static bool
device_ok(const void *p, unsigned long long count, size_t element_size)
{
	size_t bytes;

	if (__builtin_mul_overflow(count, element_size, &bytes))
		return false;
	return fc_alloc_covers((uintptr_t)p, bytes);
}

CUresult
fc_run_rt_axpy(const struct fc_launch *l)
{
	struct rt_axpy_params p;
	unsigned long long n;

	memcpy(&p, l->params, sizeof(p));
	if ((n = covered(l, p.n)) == 0)
		return CUDA_SUCCESS;
	if (!device_ok(p.x, n, sizeof(float)) ||
	    !device_ok(p.y, n, sizeof(float)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long i = 0; i < n; i++)
		p.y[i] = p.a * p.x[i] + p.y[i];
	return CUDA_SUCCESS;
}

CUresult
fc_run_rt_apply(const struct fc_launch *l)
{
	struct rt_apply_params p;
	unsigned long long n;

	memcpy(&p, l->params, sizeof(p));
	if ((n = covered(l, p.s.n)) == 0)
		return CUDA_SUCCESS;
	if (!device_ok(p.in, n, sizeof(float)) ||
	    !device_ok(p.out, n, sizeof(float)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long i = 0; i < n; i++)
		p.out[i] = p.in[i] * p.s.scale + (float)p.s.offset + p.s.tag;
	return CUDA_SUCCESS;
}

CUresult
fc_run_rt_scalars(const struct fc_launch *l)
{
	struct rt_scalars_params p;

	memcpy(&p, l->params, sizeof(p));
	if (grid_threads(l) == 0)
		return CUDA_SUCCESS;
	if (!device_ok(p.out, 6, sizeof(unsigned long long)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	/* The device converts as C does; these values are all exact. */
	p.out[0] = (unsigned long long)p.c;
	p.out[1] = (unsigned long long)p.s;
	p.out[2] = (unsigned long long)p.i;
	p.out[3] = (unsigned long long)p.l;
	p.out[4] = (unsigned long long)(p.f * 1000.0f);
	p.out[5] = (unsigned long long)(p.d * 1000.0);
	return CUDA_SUCCESS;
}

CUresult
fc_run_rt_poke(const struct fc_launch *l)
{
	struct rt_poke_params p;

	memcpy(&p, l->params, sizeof(p));
	if (grid_threads(l) == 0)
		return CUDA_SUCCESS;
	if (p.index > SIZE_MAX / sizeof(int) ||
	    !device_ok(p.p + p.index, 1, sizeof(int)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	p.p[p.index] = 1;
	return CUDA_SUCCESS;
}
