/*
 * kernels_graph.h - the stand-in's version of the graph kernels of
 * tests/kernels/kernels.cu (graph_more.c runs them), for kernels.c's table.
 */
#ifndef KERNELS_GRAPH_H
#define KERNELS_GRAPH_H

#include "fakecuda.h"

/* cond_step(handle, counter, limit): ++*counter, condition = *counter < limit. */
struct fc_cond_step_params {
	unsigned long long handle;
	unsigned int *counter;
	unsigned int limit;
};

CUresult fc_run_cond_step(const struct fc_launch *l);

#define FC_GRAPH_KERNEL_DEFS \
	{ "cond_step", fc_run_cond_step, 3, { \
		{ offsetof(struct fc_cond_step_params, handle), 8 }, \
		{ offsetof(struct fc_cond_step_params, counter), 8 }, \
		{ offsetof(struct fc_cond_step_params, limit), 4 } }, 0 }

#endif
