/*
 * loadclient: one of many clients working a server at once, for the load
 * test of tests/load/check.sh.
 *
 *   loadclient SECONDS MODULE [MAX_KIB]
 *
 * Until SECONDS have passed it repeats one iteration: allocate three
 * buffers of a random size up to MAX_KIB KiB (default 1024), copy random
 * numbers into two, add them with vec_add into the third, read it back and
 * check every element against the sum computed here; then fill the third
 * with a random value (fill_u32), copy it device to device into the first,
 * read that back and check it; free the three.  The kernels come from
 * MODULE (tests/kernels).  Every iteration runs in this client's own
 * context, so a server that mixed up clients would show as a wrong value.
 *
 * It prints "PASS loadclient PID: N iterations verified, B bytes copied" and
 * exits 0, or names the first call that failed or the first wrong element
 * and exits 1.  The random seed is printed first, to replay a failure.
 */
#include <inttypes.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

#include "check.h"

#define DEFAULT_MAX_KIB 1024
#define THREADS 256

struct kernels {
	CUfunction vec_add;
	CUfunction fill_u32;
};

static uint64_t rng_state;

/* xorshift64*: quick, and reproducible from the printed seed. */
static uint64_t random_u64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1Dull;
}

static void usage(void)
{
	fprintf(stderr, "usage: loadclient SECONDS MODULE [MAX_KIB]\n");
	exit(EXIT_FAILURE);
}

static unsigned long parse_positive(const char *text)
{
	unsigned long value;
	char *end;

	errno = 0;
	value = strtoul(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || value == 0)
		usage();
	return value;
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	       (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void *host_alloc(size_t bytes)
{
	void *p = malloc(bytes);

	if (p == NULL) {
		fprintf(stderr, "loadclient: out of host memory for %zu bytes\n",
			bytes);
		exit(EXIT_FAILURE);
	}
	return p;
}

static unsigned int blocks_for(size_t n)
{
	return (unsigned int)((n + THREADS - 1) / THREADS);
}

/*
 * One iteration on n elements; false after printing the first wrong value.
 * Whole numbers below 2^22 add exactly in float, so the sums are compared
 * for equality.
 */
static int iterate(const struct kernels *k, size_t n, uint64_t *copied)
{
	size_t bytes = n * sizeof(float), i;
	float *a = host_alloc(bytes), *b = host_alloc(bytes);
	float *c = host_alloc(bytes);
	unsigned int *u = (unsigned int *)c, value = (unsigned int)random_u64();
	unsigned long long count = n;
	int count_int = (int)n, ok = 1;
	CUdeviceptr da, db, dc;
	void *add_args[] = { &da, &db, &dc, &count_int };
	void *fill_args[] = { &dc, &value, &count };

	for (i = 0; i < n; i++) {
		a[i] = (float)(random_u64() & 0x1fffff);
		b[i] = (float)(random_u64() & 0x1fffff);
	}
	CHECK(cuMemAlloc(&da, bytes));
	CHECK(cuMemAlloc(&db, bytes));
	CHECK(cuMemAlloc(&dc, bytes));
	CHECK(cuMemcpyHtoD(da, a, bytes));
	CHECK(cuMemcpyHtoD(db, b, bytes));
	CHECK(cuLaunchKernel(k->vec_add, blocks_for(n), 1, 1, THREADS, 1, 1,
			     0, NULL, add_args, NULL));
	CHECK(cuMemcpyDtoH(c, dc, bytes));
	for (i = 0; i < n && ok; i++) {
		if (c[i] != a[i] + b[i]) {
			fprintf(stderr, "loadclient %ld: vec_add element %zu of %zu "
				"is %.1f, expected %.1f + %.1f\n", (long)getpid(),
				i, n, c[i], a[i], b[i]);
			ok = 0;
		}
	}
	CHECK(cuLaunchKernel(k->fill_u32, blocks_for(n), 1, 1, THREADS, 1, 1,
			     0, NULL, fill_args, NULL));
	CHECK(cuMemcpyDtoD(da, dc, bytes));
	memset(u, 0, bytes);
	CHECK(cuMemcpyDtoH(u, da, bytes));
	for (i = 0; i < n && ok; i++) {
		if (u[i] != value) {
			fprintf(stderr, "loadclient %ld: fill_u32 then DtoD: element "
				"%zu of %zu is 0x%08x, expected 0x%08x\n",
				(long)getpid(), i, n, u[i], value);
			ok = 0;
		}
	}
	CHECK(cuMemFree(da));
	CHECK(cuMemFree(db));
	CHECK(cuMemFree(dc));
	*copied += 4 * (uint64_t)bytes;
	free(a);
	free(b);
	free(c);
	return ok;
}

int main(int argc, char **argv)
{
	struct timespec start;
	struct kernels k;
	unsigned long seconds, max_kib = DEFAULT_MAX_KIB, iterations = 0;
	uint64_t seed, copied = 0;
	size_t max_n;
	CUdevice dev;
	CUcontext ctx;
	CUmodule module;

	if (argc != 3 && argc != 4)
		usage();
	seconds = parse_positive(argv[1]);
	if (argc == 4)
		max_kib = parse_positive(argv[3]);
	max_n = max_kib * 1024 / sizeof(float);

	clock_gettime(CLOCK_REALTIME, &start);
	seed = ((uint64_t)getpid() << 32) ^ (uint64_t)start.tv_nsec ^
	       (uint64_t)start.tv_sec;
	rng_state = seed | 1;
	printf("loadclient %ld: seed %" PRIu64 "\n", (long)getpid(), seed);

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	CHECK(cuModuleLoad(&module, argv[2]));
	CHECK(cuModuleGetFunction(&k.vec_add, module, "vec_add"));
	CHECK(cuModuleGetFunction(&k.fill_u32, module, "fill_u32"));

	clock_gettime(CLOCK_MONOTONIC, &start);
	while (seconds_since(&start) < (double)seconds) {
		size_t n = 1 + (size_t)(random_u64() % max_n);

		if (!iterate(&k, n, &copied))
			return EXIT_FAILURE;
		iterations++;
	}
	CHECK(cuModuleUnload(module));
	CHECK(cuCtxDestroy(ctx));
	printf("PASS loadclient %ld: %lu iterations verified, %" PRIu64
	       " bytes copied in %.1f s\n", (long)getpid(), iterations, copied,
	       seconds_since(&start));
	return EXIT_SUCCESS;
}
