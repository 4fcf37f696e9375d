/*
 * server/svc/svc_params.h -- parameter layouts and kernel arguments (svc_params.c).
 */
#ifndef ONCUDA_SERVER_SVC_SVC_PARAMS_H
#define ONCUDA_SERVER_SVC_SVC_PARAMS_H

#include <cuda.h>

#include "gen/cuda_names.h"

CUresult layout_get(cu_handle func, const param_slot **slots,
    unsigned int *count);
/* Forgets every cached layout (their functions may be gone). */
void layouts_flush(void);

struct launch_params {
	void **kernel_params;	/* for the driver's kernelParams, or NULL */
	void **extra;		/* for the driver's extra, or NULL */
};

/* The pointers stay valid until the next call and while args lives. */
CUresult params_prepare(cu_handle func, const kernel_args *args,
    struct launch_params *out);

#endif
