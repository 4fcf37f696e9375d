/*
 * cusolver_check.c -- cuSOLVER's dense solvers as programs use them: an LU
 * factorisation with pivoting and a solve (getrf, getrs) checked by the
 * residual of the solution, and a symmetric eigensolver (syevd) checked by
 * A v = lambda v for every pair and the orthonormality of the vectors,
 * all in double precision.
 *
 * Links cuSOLVER and the CUDA runtime, never libcuda; GPU only.  Prints
 * "PASS case" or "FAIL case: why", then "PASS cusolver_check" or "FAIL
 * cusolver_check" (app_check.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>
#include <cusolverDn.h>

#include "app_check.h"

#define CUDA_OK(call) app_cuda_ok((int)(call), #call, name)
#define SOLVER_OK(call) solver_ok((call), #call, name)

static bool solver_ok(cusolverStatus_t s, const char *call, const char *name)
{
	if (s == CUSOLVER_STATUS_SUCCESS)
		return true;
	app_fail(name, "%s returned cuSOLVER status %d", call, (int)s);
	return false;
}

enum { N = 64, RHS = 3, EIG_N = 32 };

/* The info word the solver left on the device: 0 when it went well. */
static bool info_ok(const int *d_info, const char *name, const char *what)
{
	int info = -1;

	if (!CUDA_OK(cudaMemcpy(&info, d_info, sizeof(info),
	    cudaMemcpyDeviceToHost)))
		return false;
	if (info != 0)
		app_fail(name, "%s left info %d", what, info);
	return info == 0;
}

/* A x = B for a random, diagonally weighted A (column-major). */
static void lu_case(cusolverDnHandle_t h)
{
	const char *name = "getrf_getrs";
	static double a[N * N], b[N * RHS], x[N * RHS];
	unsigned long long seed = 13;
	double *d_a = NULL, *d_b = NULL, *work = NULL;
	int *d_pivots = NULL, *d_info = NULL, lwork = 0;
	bool ok;

	for (int i = 0; i < N * N; i++)
		a[i] = app_random(&seed) + (i % (N + 1) == 0 ? 4.0 : 0.0);
	for (int i = 0; i < N * RHS; i++)
		b[i] = app_random(&seed);
	ok = CUDA_OK(cudaMalloc((void **)&d_a, sizeof(a))) &&
	    CUDA_OK(cudaMalloc((void **)&d_b, sizeof(b))) &&
	    CUDA_OK(cudaMalloc((void **)&d_pivots, sizeof(int) * N)) &&
	    CUDA_OK(cudaMalloc((void **)&d_info, sizeof(int))) &&
	    CUDA_OK(cudaMemcpy(d_a, a, sizeof(a), cudaMemcpyHostToDevice)) &&
	    CUDA_OK(cudaMemcpy(d_b, b, sizeof(b), cudaMemcpyHostToDevice)) &&
	    SOLVER_OK(cusolverDnDgetrf_bufferSize(h, N, N, d_a, N, &lwork)) &&
	    CUDA_OK(cudaMalloc((void **)&work, sizeof(double) * (lwork + 1))) &&
	    SOLVER_OK(cusolverDnDgetrf(h, N, N, d_a, N, work, d_pivots,
	    d_info)) && info_ok(d_info, name, "getrf") &&
	    SOLVER_OK(cusolverDnDgetrs(h, CUBLAS_OP_N, N, RHS, d_a, N,
	    d_pivots, d_b, N, d_info)) && info_ok(d_info, name, "getrs") &&
	    CUDA_OK(cudaMemcpy(x, d_b, sizeof(x), cudaMemcpyDeviceToHost));
	/* The residual of each equation, against the size of its terms. */
	for (int j = 0; ok && j < RHS; j++)
		for (int i = 0; ok && i < N; i++) {
			double sum = -b[i + j * N], mag = fabs(b[i + j * N]);

			for (int k = 0; k < N; k++) {
				sum += a[i + k * N] * x[k + j * N];
				mag += fabs(a[i + k * N] * x[k + j * N]);
			}
			if (fabs(sum) > 1e-12 * mag + 1e-14) {
				app_fail(name, "equation %d of system %d is off "
				    "by %g", i, j, sum);
				ok = false;
			}
		}
	if (ok)
		printf("PASS %s\n", name);
	cudaFree(d_a);
	cudaFree(d_b);
	cudaFree(d_pivots);
	cudaFree(d_info);
	cudaFree(work);
}

/* The eigenpairs of a random symmetric matrix. */
static void eigen_case(cusolverDnHandle_t h)
{
	const char *name = "syevd";
	static double a[EIG_N * EIG_N], v[EIG_N * EIG_N];
	double w[EIG_N];
	unsigned long long seed = 17;
	double *d_a = NULL, *d_w = NULL, *work = NULL;
	int *d_info = NULL, lwork = 0;
	bool ok;

	for (int j = 0; j < EIG_N; j++)
		for (int i = 0; i <= j; i++)
			a[i + j * EIG_N] = a[j + i * EIG_N] =
			    app_random(&seed);
	ok = CUDA_OK(cudaMalloc((void **)&d_a, sizeof(a))) &&
	    CUDA_OK(cudaMalloc((void **)&d_w, sizeof(w))) &&
	    CUDA_OK(cudaMalloc((void **)&d_info, sizeof(int))) &&
	    CUDA_OK(cudaMemcpy(d_a, a, sizeof(a), cudaMemcpyHostToDevice)) &&
	    SOLVER_OK(cusolverDnDsyevd_bufferSize(h,
	    CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, EIG_N, d_a,
	    EIG_N, d_w, &lwork)) &&
	    CUDA_OK(cudaMalloc((void **)&work, sizeof(double) * (lwork + 1))) &&
	    SOLVER_OK(cusolverDnDsyevd(h, CUSOLVER_EIG_MODE_VECTOR,
	    CUBLAS_FILL_MODE_LOWER, EIG_N, d_a, EIG_N, d_w, work, lwork,
	    d_info)) && info_ok(d_info, name, "syevd") &&
	    CUDA_OK(cudaMemcpy(v, d_a, sizeof(v), cudaMemcpyDeviceToHost)) &&
	    CUDA_OK(cudaMemcpy(w, d_w, sizeof(w), cudaMemcpyDeviceToHost));
	for (int k = 0; ok && k < EIG_N; k++) {
		if (k > 0 && w[k] < w[k - 1]) {
			app_fail(name, "eigenvalues out of order at %d", k);
			ok = false;
		}
		/* A v_k = w_k v_k, and v_k . v_l = (k == l). */
		for (int i = 0; ok && i < EIG_N; i++) {
			double av = 0;

			for (int j = 0; j < EIG_N; j++)
				av += a[i + j * EIG_N] * v[j + k * EIG_N];
			if (fabs(av - w[k] * v[i + k * EIG_N]) > 1e-10) {
				app_fail(name, "pair %d: row %d of A v - w v "
				    "is %g", k, i, av - w[k] * v[i + k * EIG_N]);
				ok = false;
			}
		}
		for (int l = 0; ok && l < EIG_N; l++) {
			double dot = 0;

			for (int i = 0; i < EIG_N; i++)
				dot += v[i + k * EIG_N] * v[i + l * EIG_N];
			if (fabs(dot - (k == l)) > 1e-10) {
				app_fail(name, "vectors %d and %d: product %g",
				    k, l, dot);
				ok = false;
			}
		}
	}
	if (ok)
		printf("PASS %s\n", name);
	cudaFree(d_a);
	cudaFree(d_w);
	cudaFree(d_info);
	cudaFree(work);
}

int main(void)
{
	const char *name = "cusolver_create";
	cusolverDnHandle_t h;

	app_hold_begin();
	if (SOLVER_OK(cusolverDnCreate(&h))) {
		lu_case(h);
		eigen_case(h);
		name = "cusolver_destroy";
		SOLVER_OK(cusolverDnDestroy(h));
	}
	return app_finish("cusolver_check");
}
