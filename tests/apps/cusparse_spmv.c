/*
 * cusparse_spmv.c -- cuSPARSE's generic SpMV, y = alpha A x + beta y, with
 * A a random sparse matrix in CSR, in single and double precision, each
 * checked against the product computed on the CPU in double.
 *
 * Links cuSPARSE and the CUDA runtime, never libcuda; GPU only.  Prints
 * "PASS case" or "FAIL case: why", then "PASS cusparse_spmv" or "FAIL
 * cusparse_spmv" (app_check.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>
/* Only the generic API is used; the header marks the legacy one. */
#define DISABLE_CUSPARSE_DEPRECATED
#include <cusparse.h>

#include "app_check.h"

#define CUDA_OK(call) app_cuda_ok((int)(call), #call, name)
#define SPARSE_OK(call) sparse_ok((call), #call, name)

static bool sparse_ok(cusparseStatus_t s, const char *call, const char *name)
{
	if (s == CUSPARSE_STATUS_SUCCESS)
		return true;
	app_fail(name, "%s returned cuSPARSE status %d", call, (int)s);
	return false;
}

enum { ROWS = 500, COLS = 400 };

struct csr {
	int nnz;
	int offsets[ROWS + 1];
	int *columns;
	double *values;
};

/* About one element in twenty, at places a fixed seed chooses. */
static void make_matrix(struct csr *a)
{
	unsigned long long seed = 3;

	a->columns = malloc(sizeof(int) * ROWS * COLS);
	a->values = malloc(sizeof(double) * ROWS * COLS);
	a->nnz = 0;
	for (int r = 0; r < ROWS; r++) {
		a->offsets[r] = a->nnz;
		for (int c = 0; c < COLS; c++) {
			if (app_random(&seed) < -0.9) {
				a->columns[a->nnz] = c;
				a->values[a->nnz++] = app_random(&seed);
			}
		}
	}
	a->offsets[ROWS] = a->nnz;
}

/* The product on the GPU in type (CUDA_R_32F or CUDA_R_64F), element size
 * bytes, compared with the CPU's. */
static void spmv_case(const char *name, const struct csr *a,
    cudaDataType type, size_t size)
{
	double alpha = 1.5, beta = -0.5, tolerance = size == 4 ? 1e-4 : 1e-12;
	float alpha_f = 1.5f, beta_f = -0.5f;
	unsigned long long seed = 5;
	double x[COLS], y[ROWS], want[ROWS];
	unsigned char *values = malloc(size * (a->nnz + 1));
	unsigned char xs[COLS * 8], ys[ROWS * 8];
	void *d_offsets = NULL, *d_columns = NULL, *d_values = NULL;
	void *d_x = NULL, *d_y = NULL, *buffer = NULL;
	cusparseHandle_t h = NULL;
	cusparseSpMatDescr_t ma = NULL;
	cusparseDnVecDescr_t vx = NULL, vy = NULL;
	size_t buffer_size = 0;
	bool ok;

	/* Each value as the type holds it, so the CPU sees the same. */
	for (int i = 0; i < a->nnz; i++) {
		if (size == 4)
			((float *)values)[i] = (float)a->values[i];
		else
			((double *)values)[i] = a->values[i];
	}
	for (int i = 0; i < COLS; i++) {
		x[i] = app_random(&seed);
		if (size == 4) {
			x[i] = (float)x[i];
			((float *)xs)[i] = (float)x[i];
		} else
			((double *)xs)[i] = x[i];
	}
	for (int i = 0; i < ROWS; i++) {
		y[i] = app_random(&seed);
		if (size == 4) {
			y[i] = (float)y[i];
			((float *)ys)[i] = (float)y[i];
		} else
			((double *)ys)[i] = y[i];
	}
	for (int r = 0; r < ROWS; r++) {
		double sum = 0;

		for (int k = a->offsets[r]; k < a->offsets[r + 1]; k++)
			sum += (size == 4 ? ((float *)values)[k] :
			    ((double *)values)[k]) * x[a->columns[k]];
		want[r] = alpha * sum + beta * y[r];
	}

	ok = CUDA_OK(cudaMalloc(&d_offsets, sizeof(int) * (ROWS + 1))) &&
	    CUDA_OK(cudaMalloc(&d_columns, sizeof(int) * (a->nnz + 1))) &&
	    CUDA_OK(cudaMalloc(&d_values, size * (a->nnz + 1))) &&
	    CUDA_OK(cudaMalloc(&d_x, size * COLS)) &&
	    CUDA_OK(cudaMalloc(&d_y, size * ROWS)) &&
	    CUDA_OK(cudaMemcpy(d_offsets, a->offsets, sizeof(int) *
	    (ROWS + 1), cudaMemcpyHostToDevice)) &&
	    CUDA_OK(cudaMemcpy(d_columns, a->columns, sizeof(int) * a->nnz,
	    cudaMemcpyHostToDevice)) &&
	    CUDA_OK(cudaMemcpy(d_values, values, size * a->nnz,
	    cudaMemcpyHostToDevice)) &&
	    CUDA_OK(cudaMemcpy(d_x, xs, size * COLS,
	    cudaMemcpyHostToDevice)) &&
	    CUDA_OK(cudaMemcpy(d_y, ys, size * ROWS,
	    cudaMemcpyHostToDevice)) &&
	    SPARSE_OK(cusparseCreate(&h)) &&
	    SPARSE_OK(cusparseCreateCsr(&ma, ROWS, COLS, a->nnz, d_offsets,
	    d_columns, d_values, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
	    CUSPARSE_INDEX_BASE_ZERO, type)) &&
	    SPARSE_OK(cusparseCreateDnVec(&vx, COLS, d_x, type)) &&
	    SPARSE_OK(cusparseCreateDnVec(&vy, ROWS, d_y, type)) &&
	    SPARSE_OK(cusparseSpMV_bufferSize(h,
	    CUSPARSE_OPERATION_NON_TRANSPOSE, size == 4 ? (void *)&alpha_f :
	    (void *)&alpha, ma, vx, size == 4 ? (void *)&beta_f :
	    (void *)&beta, vy, type, CUSPARSE_SPMV_ALG_DEFAULT,
	    &buffer_size)) &&
	    CUDA_OK(cudaMalloc(&buffer, buffer_size + 1)) &&
	    SPARSE_OK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE,
	    size == 4 ? (void *)&alpha_f : (void *)&alpha, ma, vx,
	    size == 4 ? (void *)&beta_f : (void *)&beta, vy, type,
	    CUSPARSE_SPMV_ALG_DEFAULT, buffer)) &&
	    CUDA_OK(cudaMemcpy(ys, d_y, size * ROWS, cudaMemcpyDeviceToHost));
	for (int r = 0; ok && r < ROWS; r++) {
		double got = size == 4 ? ((float *)ys)[r] : ((double *)ys)[r];

		if (fabs(got - want[r]) > tolerance * (1 + fabs(want[r]))) {
			app_fail(name, "y[%d] is %.17g, expected %.17g", r, got,
			    want[r]);
			ok = false;
		}
	}
	if (ok)
		printf("PASS %s (%d nonzeros)\n", name, a->nnz);
	cusparseDestroyDnVec(vx);
	cusparseDestroyDnVec(vy);
	cusparseDestroySpMat(ma);
	cusparseDestroy(h);
	cudaFree(buffer);
	cudaFree(d_offsets);
	cudaFree(d_columns);
	cudaFree(d_values);
	cudaFree(d_x);
	cudaFree(d_y);
	free(values);
}

int main(void)
{
	struct csr a;

	app_hold_begin();
	make_matrix(&a);
	spmv_case("spmv_csr_float", &a, CUDA_R_32F, 4);
	spmv_case("spmv_csr_double", &a, CUDA_R_64F, 8);
	free(a.columns);
	free(a.values);
	return app_finish("cusparse_spmv");
}
