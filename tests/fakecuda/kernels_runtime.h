/*
 * kernels_runtime.h - the kernels of the CUDA runtime tests
 * (tests/runtime/rt_*.cu), for kernels.c's table.
 *
 * The runtime registers a kernel under its C++ mangled name and looks it
 * up with cuLibraryGetKernel by that name, so these entries are keyed by
 * the mangled names: _Z7rt_axpyfPKfPfi is rt_axpy(float, const float *,
 * float *, int).  A changed signature in a test changes its name here.
 * The parameter structs lay out like the device ABI on x86-64, as in
 * kernels.c.
 */
#ifndef KERNELS_RUNTIME_H
#define KERNELS_RUNTIME_H

#include <stddef.h>

#include "fakecuda.h"

struct rt_axpy_params {
	float a;
	const float *x;
	float *y;
	int n;
};

struct rt_shape {
	int n;
	float scale;
	double offset;
	char tag;
};

struct rt_apply_params {
	struct rt_shape s;
	const float *in;
	float *out;
};

struct rt_scalars_params {
	char c;
	short s;
	int i;
	long long l;
	float f;
	double d;
	unsigned long long *out;
};

struct rt_poke_params {
	int *p;
	unsigned long long index;
};

CUresult fc_run_rt_axpy(const struct fc_launch *l);
CUresult fc_run_rt_apply(const struct fc_launch *l);
CUresult fc_run_rt_scalars(const struct fc_launch *l);
CUresult fc_run_rt_poke(const struct fc_launch *l);

#define RT_PARAM(type, member) \
	{ offsetof(type, member), sizeof(((type *)0)->member) }

#define FC_RUNTIME_KERNEL_COUNT 4
#define FC_RUNTIME_KERNEL_DEFS						\
	{ "_Z7rt_axpyfPKfPfi", fc_run_rt_axpy, 4, {			\
		RT_PARAM(struct rt_axpy_params, a),			\
		RT_PARAM(struct rt_axpy_params, x),			\
		RT_PARAM(struct rt_axpy_params, y),			\
		RT_PARAM(struct rt_axpy_params, n) }, 0 },		\
	{ "_Z8rt_apply8rt_shapePKfPf", fc_run_rt_apply, 3, {		\
		RT_PARAM(struct rt_apply_params, s),			\
		RT_PARAM(struct rt_apply_params, in),			\
		RT_PARAM(struct rt_apply_params, out) }, 0 },		\
	{ "_Z10rt_scalarscsixfdPy", fc_run_rt_scalars, 7, {		\
		RT_PARAM(struct rt_scalars_params, c),			\
		RT_PARAM(struct rt_scalars_params, s),			\
		RT_PARAM(struct rt_scalars_params, i),			\
		RT_PARAM(struct rt_scalars_params, l),			\
		RT_PARAM(struct rt_scalars_params, f),			\
		RT_PARAM(struct rt_scalars_params, d),			\
		RT_PARAM(struct rt_scalars_params, out) }, 0 },		\
	{ "_Z7rt_pokePiy", fc_run_rt_poke, 2, {				\
		RT_PARAM(struct rt_poke_params, p),			\
		RT_PARAM(struct rt_poke_params, index) }, 0 }

#endif
