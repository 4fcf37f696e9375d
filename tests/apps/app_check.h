/*
 * app_check.h -- what the library checks of tests/apps share: recording a
 * failure, fixed-seed test data, and the hold at the end that lets
 * tests/apps/run.sh read the process's mappings (ONCUDA_APPS_HOLD).
 */
#ifndef APP_CHECK_H
#define APP_CHECK_H

#include <stdbool.h>

/* Failures so far; "FAIL name: why" is printed for each. */
extern int app_failures;
void app_fail(const char *name, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* false, with a failure recorded, when e is not cudaSuccess. */
bool app_cuda_ok(int e, const char *call, const char *name);

/* Uniform in [-1, 1), the same sequence every run for one seed. */
double app_random(unsigned long long *state);

/* Blocks SIGUSR1 (before a library starts threads, so they inherit it)
 * when ONCUDA_APPS_HOLD is set. */
void app_hold_begin(void);
/* Prints "PASS test" or "FAIL test", holds if asked, and returns the
 * exit status. */
int app_finish(const char *test);

#endif
