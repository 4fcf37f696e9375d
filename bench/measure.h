/*
 * measure.h: the clock, the statistics and the output format shared by the
 * benchmark programs (drvbench and transport).
 *
 * Every figure is measured in several runs; a program prints one line per
 * figure, tab-separated, which bench/report.py reads:
 *
 *   result  CASE  BYTES  UNIT  MEDIAN  MIN  MAX  RUNS  ITERATIONS
 *
 * BYTES is the transfer size for copies and streams, 0 otherwise;
 * ITERATIONS is how many operations one run timed.  Lines starting with
 * "info" describe the setting (device, driver, library) and are not
 * figures.
 */
#ifndef BENCH_MEASURE_H
#define BENCH_MEASURE_H

#include <stddef.h>

/* Most runs of any figure: a fixed bound keeps the arrays on the stack. */
#define MAX_RUNS 32

/* Seconds on the monotonic clock. */
double now_seconds(void);

/*
 * The samples of one figure: one value per run, in the unit printed.
 * Gigabytes are 10^9 bytes, as the and NVIDIA's figures are.
 */
struct samples {
	double value[MAX_RUNS];
	int count;
};

void samples_add(struct samples *s, double value);

/* Sorts the samples and prints the result line for them. */
void samples_report(struct samples *s, const char *name, size_t bytes,
		    const char *unit, long iterations);

/* The per-operation time, in microseconds, of ITERATIONS in SECONDS. */
double micros_each(double seconds, long iterations);

/* Bandwidth in GB/s of ITERATIONS transfers of BYTES in SECONDS. */
double gigabytes_per_second(size_t bytes, long iterations, double seconds);

#endif
