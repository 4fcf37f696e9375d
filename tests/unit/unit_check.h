/*
 * unit_check.h - the checks of the unit tests of stubs/ (test_image,
 * test_params, test_load_options, test_module, test_launch).
 *
 * A failed check prints where and what and is counted; the test goes on,
 * so one run shows every failure.  main() ends with unit_report().
 */
#ifndef UNIT_CHECK_H
#define UNIT_CHECK_H

#include <stdio.h>

extern int unit_failures;

#define CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
			__FILE__, __LINE__, #cond);			\
		unit_failures++;					\
	}								\
} while (0)

/* Equality of integers, printing both values when they differ. */
#define CHECK_EQ(a, b) do {						\
	unsigned long long a_ = (unsigned long long)(a);		\
	unsigned long long b_ = (unsigned long long)(b);		\
	if (a_ != b_) {							\
		fprintf(stderr, "%s:%d: %s == %s: got %llu, expected %llu\n", \
			__FILE__, __LINE__, #a, #b, a_, b_);		\
		unit_failures++;					\
	}								\
} while (0)

/* Prints the verdict for test `name`; returns main's exit status. */
int unit_report(const char *name);

#endif
