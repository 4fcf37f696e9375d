/*
 * Launching the test kernels (tests/kernels/kernels.cu) and checking what
 * they did; several groups of tests need the same launches.
 */
#ifndef E2E_KERNEL_RUNS_H
#define E2E_KERNEL_RUNS_H

#include <cuda.h>

/* vec_add over n floats on stream s, with kernelParams; checks c. */
int e2e_run_vec_add(CUfunction vec_add, int n, CUstream s);
/* fill_u32 of n words at p with v; checks all of them, and that the word
 * after them (which must exist) is unchanged. */
int e2e_run_fill(CUfunction fill_u32, CUdeviceptr p, unsigned v,
		 unsigned long long n, CUstream s);
/* read_global: what g_value holds, as the kernel sees it. */
int e2e_run_read_global(CUfunction read_global, int *value);

#endif
