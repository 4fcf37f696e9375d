/*
 * kernels_texref.c - host versions of the kernels of tests/e2e/texref.c's
 * PTX, which name their module's references texref_lin, texref_2d and
 * surfref_2d.  x runs along grid[0] * block[0], y along grid[1] *
 * block[1], as the kernels index.  A fetch the stand-in cannot serve
 * (nothing bound, a layout it lacks) faults, as a GPU's would.
 */
#include <string.h>

#include "fakecuda.h"
#include "fake_texref.h"
#include "kernels_texref.h"

static size_t
threads(const struct fc_launch *l, int axis, unsigned int limit)
{
	size_t n = (size_t)l->grid[axis] * l->block[axis];

	return limit < n ? limit : n;
}

/* out[i] = tex1Dfetch(texref_lin, i).x as an unsigned int, i < n. */
CUresult
fc_run_texref_fetch_1d(const struct fc_launch *l)
{
	struct texref_fetch_1d_params p;
	size_t n;
	uint32_t v;

	memcpy(&p, l->params, sizeof(p));
	n = threads(l, 0, p.n);
	if (n == 0)
		return CUDA_SUCCESS;
	if (!fc_alloc_covers((uintptr_t)p.out, n * sizeof(*p.out)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (size_t i = 0; i < n; i++) {
		if (!fc_texref_fetch_1d(l->module, "texref_lin", (long)i, &v))
			return CUDA_ERROR_ILLEGAL_ADDRESS;
		p.out[i] = v;
	}
	return CUDA_SUCCESS;
}

/* out[y * w + x] = tex2D(texref_2d, x + dx, y + 0.5). */
CUresult
fc_run_texref_sample_2d(const struct fc_launch *l)
{
	struct texref_sample_2d_params p;
	size_t nx, ny;
	float v;

	memcpy(&p, l->params, sizeof(p));
	nx = threads(l, 0, p.w);
	ny = threads(l, 1, p.h);
	if (nx == 0 || ny == 0)
		return CUDA_SUCCESS;
	if (!fc_alloc_covers((uintptr_t)p.out,
	    ((ny - 1) * (size_t)p.w + nx) * sizeof(float)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (size_t y = 0; y < ny; y++)
		for (size_t x = 0; x < nx; x++) {
			if (!fc_texref_sample_2d(l->module, "texref_2d",
			    (float)x + p.dx, (float)y + 0.5f, &v))
				return CUDA_ERROR_ILLEGAL_ADDRESS;
			p.out[y * p.w + x] = v;
		}
	return CUDA_SUCCESS;
}

/* Element (x, y) of surfref_2d becomes (y * w + x) * f. */
CUresult
fc_run_surfref_write_2d(const struct fc_launch *l)
{
	struct surfref_write_2d_params p;
	size_t nx, ny;
	float *at;

	memcpy(&p, l->params, sizeof(p));
	nx = threads(l, 0, p.w);
	ny = threads(l, 1, p.h);
	for (size_t y = 0; y < ny; y++)
		for (size_t x = 0; x < nx; x++) {
			at = fc_surfref_at_2d(l->module, "surfref_2d",
			    x * sizeof(float), y);
			if (at == NULL)
				return CUDA_ERROR_ILLEGAL_ADDRESS;
			*at = (float)(y * p.w + x) * p.f;
		}
	return CUDA_SUCCESS;
}
