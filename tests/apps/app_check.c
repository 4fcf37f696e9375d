/*
 * app_check.c -- see app_check.h.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "app_check.h"

int app_failures;

static bool hold;
static sigset_t usr1;

void app_fail(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("FAIL %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	app_failures++;
}

bool app_cuda_ok(int e, const char *call, const char *name)
{
	if (e == 0)
		return true;
	app_fail(name, "%s returned CUDA error %d", call, e);
	return false;
}

double app_random(unsigned long long *state)
{
	*state = *state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(*state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

void app_hold_begin(void)
{
	hold = getenv("ONCUDA_APPS_HOLD") != NULL;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	if (hold)
		sigprocmask(SIG_BLOCK, &usr1, NULL);
}

int app_finish(const char *test)
{
	int sig;

	printf("%s %s\n", app_failures == 0 ? "PASS" : "FAIL", test);
	if (hold) {
		printf("READY\n");
		fflush(stdout);
		sigwait(&usr1, &sig);
	}
	return app_failures == 0 ? 0 : 1;
}
