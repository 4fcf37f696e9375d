/*
 * kernels_texref.h - the kernels of the PTX in tests/e2e/texref.c, which
 * read and write through the module's texture and surface references
 * (texref_fetch_1d, texref_sample_2d, surfref_write_2d), for kernels.c's
 * table.  The parameter structs lay out like the PTX parameters.
 */
#ifndef KERNELS_TEXREF_H
#define KERNELS_TEXREF_H

#include <stddef.h>

#include "fakecuda.h"

struct texref_fetch_1d_params {
	unsigned int *out;
	unsigned int n;
};

struct texref_sample_2d_params {
	float *out;
	unsigned int w;
	unsigned int h;
	float dx;
};

struct surfref_write_2d_params {
	unsigned int w;
	unsigned int h;
	float f;
};

CUresult fc_run_texref_fetch_1d(const struct fc_launch *l);
CUresult fc_run_texref_sample_2d(const struct fc_launch *l);
CUresult fc_run_surfref_write_2d(const struct fc_launch *l);

#define TEXREF_PARAM(type, member) \
	{ offsetof(type, member), sizeof(((type *)0)->member) }

#define FC_TEXREF_KERNEL_COUNT 3
#define FC_TEXREF_KERNEL_DEFS						\
	{ "texref_fetch_1d", fc_run_texref_fetch_1d, 2, {		\
		TEXREF_PARAM(struct texref_fetch_1d_params, out),	\
		TEXREF_PARAM(struct texref_fetch_1d_params, n) }, 0 },	\
	{ "texref_sample_2d", fc_run_texref_sample_2d, 4, {		\
		TEXREF_PARAM(struct texref_sample_2d_params, out),	\
		TEXREF_PARAM(struct texref_sample_2d_params, w),	\
		TEXREF_PARAM(struct texref_sample_2d_params, h),	\
		TEXREF_PARAM(struct texref_sample_2d_params, dx) }, 0 }, \
	{ "surfref_write_2d", fc_run_surfref_write_2d, 3, {		\
		TEXREF_PARAM(struct surfref_write_2d_params, w),	\
		TEXREF_PARAM(struct surfref_write_2d_params, h),	\
		TEXREF_PARAM(struct surfref_write_2d_params, f) }, 0 }

#endif
