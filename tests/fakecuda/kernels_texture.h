/*
 * kernels_texture.h - the texture and surface kernels of
 * tests/kernels/kernels.cu (tex_fetch_2d, surf_scale_2d), for kernels.c's
 * table.  The parameter structs lay out like the device ABI on x86-64:
 * a CUtexObject or CUsurfObject is an unsigned long long.
 */
#ifndef KERNELS_TEXTURE_H
#define KERNELS_TEXTURE_H

#include <stddef.h>

#include "fakecuda.h"

struct tex_fetch_2d_params {
	unsigned long long tex;
	float *out;
	int w;
	int h;
};

struct surf_scale_2d_params {
	unsigned long long surf;
	int w;
	int h;
	float f;
};

CUresult fc_run_tex_fetch_2d(const struct fc_launch *l);
CUresult fc_run_surf_scale_2d(const struct fc_launch *l);

#define TEX_PARAM(type, member) \
	{ offsetof(type, member), sizeof(((type *)0)->member) }

#define FC_TEXTURE_KERNEL_COUNT 2
#define FC_TEXTURE_KERNEL_DEFS						\
	{ "tex_fetch_2d", fc_run_tex_fetch_2d, 4, {			\
		TEX_PARAM(struct tex_fetch_2d_params, tex),		\
		TEX_PARAM(struct tex_fetch_2d_params, out),		\
		TEX_PARAM(struct tex_fetch_2d_params, w),		\
		TEX_PARAM(struct tex_fetch_2d_params, h) }, 0 },	\
	{ "surf_scale_2d", fc_run_surf_scale_2d, 4, {			\
		TEX_PARAM(struct surf_scale_2d_params, surf),		\
		TEX_PARAM(struct surf_scale_2d_params, w),		\
		TEX_PARAM(struct surf_scale_2d_params, h),		\
		TEX_PARAM(struct surf_scale_2d_params, f) }, 0 }

#endif
