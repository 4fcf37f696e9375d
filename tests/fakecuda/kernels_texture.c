/*
 * kernels_texture.c - host versions of tex_fetch_2d and surf_scale_2d
 * (tests/kernels/kernels.cu).  Each covers the threads of a 2D grid, x
 * along grid[0] * block[0], y along grid[1] * block[1], as the kernels
 * index.  A fetch or surface access the stand-in cannot serve (an unknown
 * object, an element outside it) faults, as a GPU's would.
 */
#include <string.h>

#include "fakecuda.h"
#include "fake_array.h"
#include "kernels_texture.h"

static void
extent(const struct fc_launch *l, int w, int h, size_t *nx, size_t *ny)
{
	size_t tx = (size_t)l->grid[0] * l->block[0];
	size_t ty = (size_t)l->grid[1] * l->block[1];

	*nx = w > 0 ? ((size_t)w < tx ? (size_t)w : tx) : 0;
	*ny = h > 0 ? ((size_t)h < ty ? (size_t)h : ty) : 0;
}

/* out[y * w + x] = tex2D<float>(tex, x + 0.5, y + 0.5): element (x, y). */
CUresult
fc_run_tex_fetch_2d(const struct fc_launch *l)
{
	struct tex_fetch_2d_params p;
	size_t nx, ny;
	float v;

	memcpy(&p, l->params, sizeof(p));
	extent(l, p.w, p.h, &nx, &ny);
	if (nx == 0 || ny == 0)
		return CUDA_SUCCESS;
	if (!fc_alloc_covers((uintptr_t)p.out,
	    ((ny - 1) * (size_t)p.w + nx) * sizeof(float)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (size_t y = 0; y < ny; y++)
		for (size_t x = 0; x < nx; x++) {
			if (!fc_texture_fetch_2d(p.tex, x, y, &v))
				return CUDA_ERROR_ILLEGAL_ADDRESS;
			p.out[y * (size_t)p.w + x] = v;
		}
	return CUDA_SUCCESS;
}

/* Each float of the surface becomes v * f + 1. */
CUresult
fc_run_surf_scale_2d(const struct fc_launch *l)
{
	struct surf_scale_2d_params p;
	size_t nx, ny;
	float *at;

	memcpy(&p, l->params, sizeof(p));
	extent(l, p.w, p.h, &nx, &ny);
	for (size_t y = 0; y < ny; y++)
		for (size_t x = 0; x < nx; x++) {
			if ((at = fc_surface_at_2d(p.surf, x * sizeof(float), y)) == NULL)
				return CUDA_ERROR_ILLEGAL_ADDRESS;
			*at = *at * p.f + 1.0f;
		}
	return CUDA_SUCCESS;
}
