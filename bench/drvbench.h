/*
 * drvbench.h: the parts of the driver-API benchmark (see drvbench.c).
 */
#ifndef BENCH_DRVBENCH_H
#define BENCH_DRVBENCH_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "measure.h"

#define CHECK(call) check_result((call), #call, __FILE__, __LINE__)

/* Exits the program, naming the call that failed and why. */
void check_result(CUresult result, const char *call, const char *file,
		  int line);

/* Exits the program with a message about what to do. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* How much each case does: the full plan for a GPU, a small one for a test. */
struct plan {
	long call_iterations;	/* synchronous calls timed per run */
	int call_runs;
	long launch_count;	/* empty kernels per issue-rate run */
	int launch_runs;
	size_t copy_max;	/* the largest copy, a power of 4 times 4 KiB */
	size_t copy_bytes_per_run; /* a run repeats a copy up to this much */
	long copy_max_iterations;
	int copy_runs;
	int copy_big_runs;	/* runs of the copies above 256 MiB */
	int app_n;		/* the SGEMM's matrices are app_n x app_n */
	int app_launches;	/* kernel launches per iteration */
	int app_runs;
	long graph_replays;	/* replays of the 100-kernel graph per run */
	int graph_runs;
};

/* The empty kernel's module image and name, loaded by drvbench.c. */
struct kernel_choice {
	const char *image;
	const char *name;
};

/* The per-call cases; LAUNCH_RATE adds the launch issue rate, the one
 * case among them that does not wait for each call. */
void bench_calls(const struct plan *plan, CUfunction empty, bool launch_rate);
/* The copies; empty (as for bench_calls) queued ahead of the async one. */
void bench_copies(const struct plan *plan, CUfunction empty);
void bench_app(const struct plan *plan);
/* A 100-kernel graph replayed, and the same launches one by one. */
void bench_graph(const struct plan *plan, CUfunction empty);

#endif
