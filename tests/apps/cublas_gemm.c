/*
 * cublas_gemm.c -- cuBLAS as programs use it: cublasCreate, then SGEMM and
 * DGEMM of several shapes, on the default stream and on a stream of its
 * own, each checked against a CPU reference computed in double.
 *
 * An unmodified cuBLAS program: it links libcublas and the CUDA runtime,
 * never libcuda, and runs natively or through oncuda with oncuda's
 * libcuda.so.1 first in LD_LIBRARY_PATH.  It cannot run on the CPU
 * stand-in (tests/fakecuda): cuBLAS's kernels are GPU code that the
 * stand-in does not emulate.
 *
 * Prints "PASS case" or "FAIL case: why" per case, then "PASS cublas_gemm"
 * or "FAIL cublas_gemm"; exits 0 or 1.  With ONCUDA_APPS_HOLD set it then
 * prints READY and waits for SIGUSR1 before exiting, so that
 * tests/apps/run.sh can look at the process's mappings with everything
 * cuBLAS loads still loaded.
 */
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

struct shape {
	int m, n, k;
	bool trans_a;		/* op(A) = A^T, so A is stored k x m */
	bool own_stream;	/* run on a created stream, not the default one */
};

static const struct shape shapes[] = {
	{ 256, 384, 512, false, false },
	{ 1, 1, 1, false, false },
	{ 127, 65, 33, true, false },
	{ 513, 257, 129, false, true },
	{ 1024, 768, 256, true, true },
};

static int failures;

static void fail(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("FAIL %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	failures++;
}

/* Uniform in [-1, 1), from a fixed-seed generator: the same data each run. */
static double next_value(unsigned long long *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(*state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

/*
 * C = alpha op(A) B + beta C in double, column-major, and for each element
 * the sum of |terms|, which bounds the rounding error of any summation
 * order: a result is accepted within tolerance * that sum.
 */
static void reference(const struct shape *s, const double *a, const double *b,
    double alpha, double beta, double *c, double *magnitude)
{
	for (int j = 0; j < s->n; j++) {
		for (int i = 0; i < s->m; i++) {
			double sum = 0, mag = 0;

			for (int p = 0; p < s->k; p++) {
				double av = s->trans_a ? a[p + (size_t)i * s->k] :
				    a[i + (size_t)p * s->m];
				double t = av * b[p + (size_t)j * s->k];

				sum += t;
				mag += fabs(t);
			}
			size_t at = i + (size_t)j * s->m;
			double before = c[at];

			c[at] = alpha * sum + beta * before;
			magnitude[at] = fabs(alpha) * mag + fabs(beta * before) +
			    1e-30;
		}
	}
}

#define CUDA_OK(call) cuda_ok((call), #call, name)
#define BLAS_OK(call) blas_ok((call), #call, name)

static bool cuda_ok(cudaError_t e, const char *call, const char *name)
{
	if (e == cudaSuccess)
		return true;
	fail(name, "%s returned CUDA error %d", call, (int)e);
	return false;
}

static bool blas_ok(cublasStatus_t st, const char *call, const char *name)
{
	if (st == CUBLAS_STATUS_SUCCESS)
		return true;
	fail(name, "%s returned cuBLAS status %d", call, (int)st);
	return false;
}

/*
 * One GEMM of shape s in single (is_double false) or double precision,
 * checked element by element.  Data are generated in double and rounded
 * to the precision under test before the reference uses them.
 */
static void run_case(cublasHandle_t h, const struct shape *s, bool is_double)
{
	size_t na = (size_t)s->m * s->k, nb = (size_t)s->k * s->n;
	size_t nc = (size_t)s->m * s->n, elem = is_double ? 8 : 4;
	double alpha = 1.5, beta = -0.5, tolerance = is_double ? 1e-13 : 1e-5;
	double *a = malloc(na * 8), *b = malloc(nb * 8), *c = malloc(nc * 8);
	double *mag = malloc(nc * 8);
	void *ha = malloc(na * elem), *hb = malloc(nb * elem);
	void *hc = malloc(nc * elem);
	void *da = NULL, *db = NULL, *dc = NULL;
	unsigned long long seed = 0x5eed0000ull + (unsigned)(s->m * 31 + s->k);
	cudaStream_t stream = NULL;
	double worst = 0;
	char name[96];

	snprintf(name, sizeof(name), "%cgemm_%dx%dx%d%s%s", is_double ? 'd' : 's',
	    s->m, s->n, s->k, s->trans_a ? "_At" : "",
	    s->own_stream ? "_stream" : "");
	if (!a || !b || !c || !mag || !ha || !hb || !hc) {
		fail(name, "out of host memory");
		goto out;
	}
	for (size_t i = 0; i < na + nb + nc; i++) {
		double v = next_value(&seed);
		double *to = i < na ? &a[i] : i < na + nb ? &b[i - na] :
		    &c[i - na - nb];
		void *h = i < na ? ha : i < na + nb ? hb : hc;
		size_t at = i < na ? i : i < na + nb ? i - na : i - na - nb;

		if (!is_double)
			v = (float)v;
		*to = v;
		if (is_double)
			((double *)h)[at] = v;
		else
			((float *)h)[at] = (float)v;
	}
	reference(s, a, b, alpha, beta, c, mag);

	if (s->own_stream && (!CUDA_OK(cudaStreamCreate(&stream)) ||
	    !BLAS_OK(cublasSetStream(h, stream))))
		goto out;
	if (!CUDA_OK(cudaMalloc(&da, na * elem)) ||
	    !CUDA_OK(cudaMalloc(&db, nb * elem)) ||
	    !CUDA_OK(cudaMalloc(&dc, nc * elem)) ||
	    !CUDA_OK(cudaMemcpy(da, ha, na * elem, cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemcpy(db, hb, nb * elem, cudaMemcpyHostToDevice)) ||
	    !CUDA_OK(cudaMemcpy(dc, hc, nc * elem, cudaMemcpyHostToDevice)))
		goto out;

	cublasOperation_t op_a = s->trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
	int lda = s->trans_a ? s->k : s->m;
	if (is_double) {
		if (!BLAS_OK(cublasDgemm(h, op_a, CUBLAS_OP_N, s->m, s->n, s->k,
		    &alpha, da, lda, db, s->k, &beta, dc, s->m)))
			goto out;
	} else {
		float fa = (float)alpha, fb = (float)beta;

		if (!BLAS_OK(cublasSgemm(h, op_a, CUBLAS_OP_N, s->m, s->n, s->k,
		    &fa, da, lda, db, s->k, &fb, dc, s->m)))
			goto out;
	}
	if (!CUDA_OK(cudaDeviceSynchronize()) ||
	    !CUDA_OK(cudaMemcpy(hc, dc, nc * elem, cudaMemcpyDeviceToHost)))
		goto out;

	for (size_t i = 0; i < nc; i++) {
		double got = is_double ? ((double *)hc)[i] : ((float *)hc)[i];
		double err = fabs(got - c[i]) / mag[i];

		if (!(err <= worst))	/* also catches NaN */
			worst = isnan(err) ? INFINITY : err;
	}
	if (worst <= tolerance)
		printf("PASS %s (worst error %.2g of the terms' magnitude)\n",
		    name, worst);
	else
		fail(name, "differs from the CPU reference: worst error %.2g "
		    "of the terms' magnitude, tolerance %.0e", worst, tolerance);
out:
	if (s->own_stream && stream != NULL) {
		cublasSetStream(h, NULL);
		cudaStreamDestroy(stream);
	}
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	free(a);
	free(b);
	free(c);
	free(mag);
	free(ha);
	free(hb);
	free(hc);
}

int main(void)
{
	const char *name = "cublas_create";
	bool hold = getenv("ONCUDA_APPS_HOLD") != NULL;
	cublasHandle_t h;
	sigset_t usr1;
	int sig;

	/* Blocked before cuBLAS starts threads, so that they inherit it. */
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (hold)
		sigprocmask(SIG_BLOCK, &usr1, NULL);

	if (BLAS_OK(cublasCreate(&h))) {
		printf("PASS cublas_create\n");
		for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
			run_case(h, &shapes[i], false);
			run_case(h, &shapes[i], true);
		}
		name = "cublas_destroy";
		BLAS_OK(cublasDestroy(h));
	}
	printf("%s cublas_gemm\n", failures == 0 ? "PASS" : "FAIL");
	if (hold) {
		printf("READY\n");
		fflush(stdout);
		sigwait(&usr1, &sig);
	}
	return failures == 0 ? 0 : 1;
}
