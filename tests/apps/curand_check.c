/*
 * curand_check.c -- cuRAND's host API as programs use it: generators
 * filling device memory with uniform and normal numbers, checked by their
 * range, mean and variance, and the same seed giving the same numbers.
 *
 * Links cuRAND and the CUDA runtime, never libcuda; GPU only.  Prints
 * "PASS case" or "FAIL case: why", then "PASS curand_check" or "FAIL
 * curand_check" (app_check.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>
#include <curand.h>

#include "app_check.h"

#define CUDA_OK(call) app_cuda_ok((int)(call), #call, name)
#define RAND_OK(call) rand_ok((call), #call, name)

static bool rand_ok(curandStatus_t s, const char *call, const char *name)
{
	if (s == CURAND_STATUS_SUCCESS)
		return true;
	app_fail(name, "%s returned cuRAND status %d", call, (int)s);
	return false;
}

enum { COUNT = 1 << 20 };

/* count numbers from generator type with seed into host, normal ones of
 * the mean and deviation given when normal. */
static bool generate(const char *name, curandRngType_t type,
    unsigned long long seed, bool normal, float *host)
{
	curandGenerator_t g = NULL;
	float *d = NULL;
	bool ok;

	ok = CUDA_OK(cudaMalloc((void **)&d, sizeof(float) * COUNT)) &&
	    RAND_OK(curandCreateGenerator(&g, type)) &&
	    (type == CURAND_RNG_QUASI_SOBOL32 ||
	    RAND_OK(curandSetPseudoRandomGeneratorSeed(g, seed))) &&
	    (normal ? RAND_OK(curandGenerateNormal(g, d, COUNT, 2.0f, 3.0f)) :
	    RAND_OK(curandGenerateUniform(g, d, COUNT))) &&
	    CUDA_OK(cudaMemcpy(host, d, sizeof(float) * COUNT,
	    cudaMemcpyDeviceToHost));
	if (g != NULL)
		curandDestroyGenerator(g);
	cudaFree(d);
	return ok;
}

/* Mean and variance within 1 % of the distribution's scale. */
static bool moments(const char *name, const float *x, double mean,
    double variance, bool unit_interval)
{
	double sum = 0, squares = 0, m, v;

	for (int i = 0; i < COUNT; i++) {
		if (unit_interval && !(x[i] > 0.0f && x[i] <= 1.0f)) {
			app_fail(name, "value %d is %g, outside (0, 1]", i,
			    x[i]);
			return false;
		}
		sum += x[i];
		squares += (double)x[i] * x[i];
	}
	m = sum / COUNT;
	v = squares / COUNT - m * m;
	if (fabs(m - mean) > 0.01 * sqrt(variance) ||
	    fabs(v - variance) > 0.01 * variance) {
		app_fail(name, "mean %g and variance %g, expected %g and %g",
		    m, v, mean, variance);
		return false;
	}
	return true;
}

static void uniform_case(const char *name, curandRngType_t type)
{
	float *x = malloc(sizeof(float) * COUNT);

	if (generate(name, type, 1234, false, x) &&
	    moments(name, x, 0.5, 1.0 / 12, true))
		printf("PASS %s\n", name);
	free(x);
}

static void normal_case(const char *name)
{
	float *x = malloc(sizeof(float) * COUNT);

	if (generate(name, CURAND_RNG_PSEUDO_PHILOX4_32_10, 99, true, x) &&
	    moments(name, x, 2.0, 9.0, false))
		printf("PASS %s\n", name);
	free(x);
}

/* The same seed twice gives the same numbers, another seed others. */
static void seed_case(const char *name)
{
	float *a = malloc(sizeof(float) * COUNT);
	float *b = malloc(sizeof(float) * COUNT);
	float *c = malloc(sizeof(float) * COUNT);

	if (generate(name, CURAND_RNG_PSEUDO_DEFAULT, 42, false, a) &&
	    generate(name, CURAND_RNG_PSEUDO_DEFAULT, 42, false, b) &&
	    generate(name, CURAND_RNG_PSEUDO_DEFAULT, 43, false, c)) {
		if (memcmp(a, b, sizeof(float) * COUNT) != 0)
			app_fail(name, "seed 42 gave two sequences");
		else if (memcmp(a, c, sizeof(float) * COUNT) == 0)
			app_fail(name, "seeds 42 and 43 gave one sequence");
		else
			printf("PASS %s\n", name);
	}
	free(a);
	free(b);
	free(c);
}

int main(void)
{
	app_hold_begin();
	uniform_case("uniform_xorwow", CURAND_RNG_PSEUDO_XORWOW);
	uniform_case("uniform_philox", CURAND_RNG_PSEUDO_PHILOX4_32_10);
	uniform_case("uniform_mrg32k3a", CURAND_RNG_PSEUDO_MRG32K3A);
	uniform_case("uniform_sobol", CURAND_RNG_QUASI_SOBOL32);
	normal_case("normal_philox");
	seed_case("same_seed");
	return app_finish("curand_check");
}
