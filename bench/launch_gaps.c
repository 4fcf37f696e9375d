/*
 * launch_gaps.c -- what one launch costs the thread that makes it, when the
 * program works on the CPU between launches, as a Python launcher (Triton's,
 * PyTorch's) does.
 *
 *     launch_gaps -k IMAGE -f NAME [-n LAUNCHES] [-w MICROSECONDS] [-r RUNS]
 *
 * Each run makes LAUNCHES launches of the kernel NAME (no parameters used:
 * bench/empty_kernel.fatbin's empty, or the stand-in's spin with 0), each
 * followed by MICROSECONDS of busy CPU work (default 12), then one
 * cuCtxSynchronize.  It prints, per run, the time per iteration (launch
 * and work, the synchronize included) and the launch call's own time:
 * mean, median, 90th and 99th percentile, and the longest.  Through oncuda
 * a launch is a record queued for the flusher (stubs/wire/batch.c); the
 * tail shows a launch that waited for the connection.  Runs natively and
 * through oncuda alike (linked against the toolkit's stub libcuda).
 */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static void check(CUresult r, const char *what)
{
	const char *name = NULL;

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorName(r, &name);
	fprintf(stderr, "launch_gaps: %s failed: %s\n", what,
	    name != NULL ? name : "an unknown error");
	exit(1);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void usage(void)
{
	fprintf(stderr, "usage: launch_gaps -k IMAGE -f NAME [-n LAUNCHES] "
	    "[-w MICROSECONDS] [-r RUNS]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *image = NULL, *name = NULL;
	long launches = 20000, runs = 3;
	double work = 12.0;
	unsigned long long zero = 0;
	void *params[] = { &zero };
	CUcontext ctx;
	CUfunction f;
	CUmodule m;
	CUdevice d;
	double *cost;
	int opt;

	while ((opt = getopt(argc, argv, "k:f:n:w:r:")) != -1) {
		switch (opt) {
		case 'k': image = optarg; break;
		case 'f': name = optarg; break;
		case 'n': launches = atol(optarg); break;
		case 'w': work = atof(optarg); break;
		case 'r': runs = atol(optarg); break;
		default: usage();
		}
	}
	if (image == NULL || name == NULL || launches < 100 || runs < 1 ||
	    work < 0)
		usage();
	if ((cost = malloc((size_t)launches * sizeof *cost)) == NULL)
		return 1;
	check(cuInit(0), "cuInit");
	check(cuDeviceGet(&d, 0), "cuDeviceGet");
	check(cuDevicePrimaryCtxRetain(&ctx, d), "cuDevicePrimaryCtxRetain");
	check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
	check(cuModuleLoad(&m, image), "cuModuleLoad");
	check(cuModuleGetFunction(&f, m, name), "cuModuleGetFunction");
	/* The first launch loads the code onto the device: not timed. */
	check(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
	    "cuLaunchKernel");
	check(cuCtxSynchronize(), "cuCtxSynchronize");
	printf("# launches %ld, work %.1f us between them\n", launches, work);
	for (long run = 0; run < runs; run++) {
		double start = now_us(), sum = 0, before, after;

		for (long i = 0; i < launches; i++) {
			before = now_us();
			check(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL,
			    params, NULL), "cuLaunchKernel");
			after = now_us();
			cost[i] = after - before;
			sum += cost[i];
			while (now_us() - after < work)
				;
		}
		check(cuCtxSynchronize(), "cuCtxSynchronize");
		qsort(cost, (size_t)launches, sizeof *cost, by_value);
		printf("iteration %.3f us; launch call mean %.3f, median %.3f, "
		    "p90 %.3f, p99 %.3f, longest %.1f us\n",
		    (now_us() - start) / (double)launches,
		    sum / (double)launches, cost[launches / 2],
		    cost[launches * 9 / 10], cost[launches * 99 / 100],
		    cost[launches - 1]);
	}
	free(cost);
	check(cuModuleUnload(m), "cuModuleUnload");
	check(cuDevicePrimaryCtxRelease(d), "cuDevicePrimaryCtxRelease");
	return 0;
}
