/*
 * drvbench_calls.c: the per-call cases: a synchronous call with nothing to
 * wait for, the launch issue rate, a launch waited for, a small copy.
 *
 * Each run times many calls and yields the mean per call; the figure is the
 * median of the runs.  The context is drained before each run so that
 * "idle" means idle.
 */
#include <stdlib.h>
#include <string.h>

#include "drvbench.h"

#define SMALL_COPY_BYTES 4096

/* The empty kernel's only (and possibly ignored) argument. */
static unsigned long long zero_argument;

static void launch_empty(CUfunction empty)
{
	void *params[] = { &zero_argument };

	CHECK(cuLaunchKernel(empty, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL));
}

static void time_ctx_synchronize(const struct plan *plan)
{
	struct samples s = { .count = 0 };

	for (int run = 0; run < plan->call_runs; run++) {
		double start;

		CHECK(cuCtxSynchronize());
		start = now_seconds();
		for (long i = 0; i < plan->call_iterations; i++)
			CHECK(cuCtxSynchronize());
		samples_add(&s, micros_each(now_seconds() - start,
					    plan->call_iterations));
	}
	samples_report(&s, "ctx_synchronize", 0, "us", plan->call_iterations);
}

static void time_mem_get_info(const struct plan *plan)
{
	struct samples s = { .count = 0 };
	size_t free_bytes, total_bytes;

	for (int run = 0; run < plan->call_runs; run++) {
		double start;

		CHECK(cuCtxSynchronize());
		start = now_seconds();
		for (long i = 0; i < plan->call_iterations; i++)
			CHECK(cuMemGetInfo(&free_bytes, &total_bytes));
		samples_add(&s, micros_each(now_seconds() - start,
					    plan->call_iterations));
	}
	samples_report(&s, "mem_get_info", 0, "us", plan->call_iterations);
}

/*
 * The issue rate: the time from the first launch until the last kernel has
 * run, per launch.  The final cuCtxSynchronize is inside the timing so that
 * launches a library merely queued, without delivering them, count in
 * full; over 100k launches it adds a few microseconds in all.
 */
static void time_launch_async(const struct plan *plan, CUfunction empty)
{
	struct samples s = { .count = 0 };

	for (int run = 0; run < plan->launch_runs; run++) {
		double start;

		CHECK(cuCtxSynchronize());
		start = now_seconds();
		for (long i = 0; i < plan->launch_count; i++)
			launch_empty(empty);
		CHECK(cuCtxSynchronize());
		samples_add(&s, micros_each(now_seconds() - start,
					    plan->launch_count));
	}
	samples_report(&s, "launch_async", 0, "us", plan->launch_count);
}

static void time_launch_sync(const struct plan *plan, CUfunction empty)
{
	struct samples s = { .count = 0 };

	for (int run = 0; run < plan->call_runs; run++) {
		double start;

		CHECK(cuCtxSynchronize());
		start = now_seconds();
		for (long i = 0; i < plan->call_iterations; i++) {
			launch_empty(empty);
			CHECK(cuCtxSynchronize());
		}
		samples_add(&s, micros_each(now_seconds() - start,
					    plan->call_iterations));
	}
	samples_report(&s, "launch_sync", 0, "us", plan->call_iterations);
}

/* cuMemcpyHtoD of 4 KiB from pageable memory, in microseconds per copy. */
static void time_small_copy(const struct plan *plan)
{
	struct samples s = { .count = 0 };
	unsigned char *host = malloc(SMALL_COPY_BYTES);
	CUdeviceptr dev;

	if (host == NULL)
		die("out of host memory for a %d-byte buffer", SMALL_COPY_BYTES);
	memset(host, 0x5a, SMALL_COPY_BYTES);
	CHECK(cuMemAlloc(&dev, SMALL_COPY_BYTES));
	for (int run = 0; run < plan->call_runs; run++) {
		double start;

		CHECK(cuCtxSynchronize());
		start = now_seconds();
		for (long i = 0; i < plan->call_iterations; i++)
			CHECK(cuMemcpyHtoD(dev, host, SMALL_COPY_BYTES));
		samples_add(&s, micros_each(now_seconds() - start,
					    plan->call_iterations));
	}
	samples_report(&s, "htod_4k", SMALL_COPY_BYTES, "us",
		       plan->call_iterations);
	CHECK(cuMemFree(dev));
	free(host);
}

void bench_calls(const struct plan *plan, CUfunction empty, bool launch_rate)
{
	/* The first launch loads the code onto the device: not timed. */
	launch_empty(empty);
	CHECK(cuCtxSynchronize());

	time_ctx_synchronize(plan);
	time_mem_get_info(plan);
	if (launch_rate)
		time_launch_async(plan, empty);
	time_launch_sync(plan, empty);
	time_small_copy(plan);
}
