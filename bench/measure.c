/*
 * measure.c: see measure.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "measure.h"

double now_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void samples_add(struct samples *s, double value)
{
	if (s->count < MAX_RUNS)
		s->value[s->count++] = value;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a;
	double y = *(const double *)b;

	return (x > y) - (x < y);
}

void samples_report(struct samples *s, const char *name, size_t bytes,
		    const char *unit, long iterations)
{
	double median;
	int n = s->count;

	if (n == 0)
		return;
	qsort(s->value, (size_t)n, sizeof(s->value[0]), compare_doubles);
	/* An even count takes the mean of the middle two. */
	median = n % 2 ? s->value[n / 2]
		       : (s->value[n / 2 - 1] + s->value[n / 2]) / 2;
	printf("result\t%s\t%zu\t%s\t%.6g\t%.6g\t%.6g\t%d\t%ld\n", name, bytes,
	       unit, median, s->value[0], s->value[n - 1], n, iterations);
	fflush(stdout);
}

double micros_each(double seconds, long iterations)
{
	return seconds * 1e6 / (double)iterations;
}

double gigabytes_per_second(size_t bytes, long iterations, double seconds)
{
	return (double)bytes * (double)iterations / seconds / 1e9;
}
