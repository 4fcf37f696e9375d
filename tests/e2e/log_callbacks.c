/*
 * Driver log callbacks: a function registered with cuLogsRegisterCallback
 * is called with the messages the driver logs (here for a kernel name no
 * module has), with the program's argument, and the message is the one
 * the driver's log holds; once unregistered it is called no more, though
 * the driver still logs.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* The driver keeps at most 25600 bytes of log (cuda.h). */
#define LOG_BYTES 25600

static struct {
	pthread_mutex_t lock;
	unsigned calls;
	unsigned bad;		/* calls with a wrong argument or level */
	char first[1024];	/* the first message, newline removed */
} seen = { PTHREAD_MUTEX_INITIALIZER, 0, 0, "" };

static void CUDA_CB on_log(void *data, CUlogLevel level, char *message,
			   size_t length)
{
	size_t n = message != NULL ? strnlen(message, length) : 0;

	pthread_mutex_lock(&seen.lock);
	if (data != &seen || message == NULL || n == 0 ||
	    (level != CU_LOG_LEVEL_ERROR && level != CU_LOG_LEVEL_WARNING))
		seen.bad++;
	else if (seen.calls == 0) {
		while (n > 0 && (message[n - 1] == '\n' ||
				 message[n - 1] == '\0'))
			n--;
		if (n >= sizeof seen.first)
			n = sizeof seen.first - 1;
		memcpy(seen.first, message, n);
		seen.first[n] = '\0';
	}
	seen.calls++;
	pthread_mutex_unlock(&seen.lock);
}

static unsigned calls(void)
{
	unsigned n;

	pthread_mutex_lock(&seen.lock);
	n = seen.calls;
	pthread_mutex_unlock(&seen.lock);
	return n;
}

/* Waits up to ms for the count of calls to pass n (natively the driver
 * calls at once; through oncuda the message comes after the call). */
static unsigned calls_past(unsigned n, int ms)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	unsigned now;

	while ((now = calls()) <= n && ms > 0) {
		nanosleep(&tick, NULL);
		ms -= 10;
	}
	return now;
}

/* What the driver logged from *it on ("" for nothing); *it advances. */
static int log_since(CUlogIterator *it, char *text)
{
	size_t size = LOG_BYTES + 1;

	/* Nothing to dump is CUDA_ERROR_INVALID_VALUE on the H200's 580. */
	text[0] = '\0';
	CHECK_CU2(cuLogsDumpToMemory(it, text, &size, 0), CUDA_SUCCESS,
		  CUDA_ERROR_INVALID_VALUE);
	return 0;
}

int test_log_callbacks(void)
{
	char *text = e2e_malloc(LOG_BYTES + 1);
	CUlogsCallbackHandle h = NULL;
	CUlogIterator it;
	CUfunction f;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	unsigned before, bad;
	bool found;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	CHECK_CU(cuLogsCurrent(&it, 0), CUDA_SUCCESS);
	CHECK_CU(cuLogsRegisterCallback(on_log, &seen, &h), CUDA_SUCCESS);
	CHECK(h != NULL);

	/* A kernel no module has: the driver logs the error it returns. */
	CHECK_CU(cuModuleGetFunction(&f, m, "no_such_kernel"),
		 CUDA_ERROR_NOT_FOUND);
	TRY(log_since(&it, text));
	if (text[0] == '\0') {
		CHECK_CU(cuLogsUnregisterCallback(h), CUDA_SUCCESS);
		return e2e_skip("the driver logged nothing for a failed "
				"cuModuleGetFunction");
	}
	CHECK(calls_past(0, 5000) > 0);
	pthread_mutex_lock(&seen.lock);
	bad = seen.bad;
	/* The message is the one in the driver's log. */
	found = seen.first[0] != '\0' && strstr(text, seen.first) != NULL;
	pthread_mutex_unlock(&seen.lock);
	CHECK_EQ(bad, 0);
	CHECK(found);

	/* Unregistered: the driver logs, the function is not called. */
	CHECK_CU(cuLogsUnregisterCallback(h), CUDA_SUCCESS);
	before = calls();
	CHECK_CU(cuModuleGetFunction(&f, m, "no_such_kernel_either"),
		 CUDA_ERROR_NOT_FOUND);
	TRY(log_since(&it, text));
	CHECK(text[0] != '\0');
	CHECK_EQ(calls_past(before, 300), before);
	return 0;
}
