/*
 * Recording failures and skips.  The runner (main.c) prints the verdict.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "runner.h"

const char *e2e_current_test = "";

/* Worker threads of a test may fail too, so the message is guarded. */
static pthread_mutex_t failure_lock = PTHREAD_MUTEX_INITIALIZER;
static char failure[1024];
static int failed;

int e2e_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	int n;

	pthread_mutex_lock(&failure_lock);
	if (!failed) {
		failed = 1;
		n = snprintf(failure, sizeof(failure), "%s:%d: ", file, line);
		if (n < 0 || (size_t)n >= sizeof(failure))
			n = 0;
		va_start(ap, fmt);
		vsnprintf(failure + n, sizeof(failure) - n, fmt, ap);
		va_end(ap);
	}
	pthread_mutex_unlock(&failure_lock);
	return -1;
}

int e2e_fail_cu(const char *file, int line, const char *call, CUresult got,
		const char *expected)
{
	return e2e_fail(file, line, "%s returned %s, expected %s", call,
			e2e_cu_name(got), expected);
}

const char *e2e_failure(void)
{
	return failed ? failure : NULL;
}

void e2e_failure_reset(void)
{
	pthread_mutex_lock(&failure_lock);
	failed = 0;
	failure[0] = '\0';
	pthread_mutex_unlock(&failure_lock);
}

void e2e_skip_note(const char *reason)
{
	printf("SKIP %s: %s\n", e2e_current_test, reason);
	fflush(stdout);
}

int e2e_skip(const char *reason)
{
	e2e_skip_note(reason);
	return E2E_SKIPPED;
}

const char *e2e_cu_name(CUresult r)
{
	/* One buffer per thread: names are formatted from worker threads. */
	static _Thread_local char unknown[32];
	const char *name = NULL;

	if (cuGetErrorName(r, &name) == CUDA_SUCCESS && name != NULL)
		return name;
	snprintf(unknown, sizeof(unknown), "CUresult %d", (int)r);
	return unknown;
}

size_t e2e_mismatch(const void *got, const void *expected, size_t n)
{
	const unsigned char *g = got, *e = expected;
	size_t i;

	if (memcmp(g, e, n) == 0)
		return (size_t)-1;
	for (i = 0; g[i] == e[i]; i++)
		;
	return i;
}
