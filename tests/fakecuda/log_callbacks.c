/*
 * log_callbacks.c - the driver's error log as the stand-in keeps it: the
 * messages its calls log (fc_log_error, in the format of the driver's
 * dumps, "[CUDA][E][entry point] text"), which cuLogsCurrent and the
 * dumps of logs.c read, and the functions cuLogsRegisterCallback
 * registers, which it calls with each message, on the thread that logs
 * it and outside the stand-in's lock, as the driver does.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "fakecuda.h"

/* What the driver keeps (cuda.h), and how many functions it takes here. */
#define LOG_BYTES 25600
#define CALLBACKS_MAX 16
#define LINE_MAX_BYTES 512

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char text[LOG_BYTES];
static size_t text_len;

static struct registration {
	CUlogsCallback fn;
	void *data;
} registered[CALLBACKS_MAX];

void fc_log_error(const char *api, const char *message)
{
	struct registration now[CALLBACKS_MAX];
	char line[LINE_MAX_BYTES];
	size_t n;
	int len;

	len = snprintf(line, sizeof line, "[CUDA][E][%s] %s", api, message);
	if (len < 0)
		return;
	n = (size_t)len < sizeof line ? (size_t)len : sizeof line - 1;
	pthread_mutex_lock(&log_lock);
	/* Kept while it fits, each line ended by a newline. */
	if (text_len + n + 1 <= sizeof text) {
		memcpy(text + text_len, line, n);
		text[text_len + n] = '\n';
		text_len += n + 1;
	}
	memcpy(now, registered, sizeof now);
	pthread_mutex_unlock(&log_lock);
	for (size_t i = 0; i < CALLBACKS_MAX; i++)
		if (now[i].fn != NULL)
			now[i].fn(now[i].data, CU_LOG_LEVEL_ERROR, line, n);
}

size_t fc_log_copy(size_t from, char *out, size_t room)
{
	size_t n = 0;

	pthread_mutex_lock(&log_lock);
	if (from < text_len)
		n = text_len - from < room ? text_len - from : room;
	memcpy(out, text + from, n);
	pthread_mutex_unlock(&log_lock);
	return n;
}

size_t fc_log_end(void)
{
	size_t end;

	pthread_mutex_lock(&log_lock);
	end = text_len;
	pthread_mutex_unlock(&log_lock);
	return end;
}

FC_API CUresult
cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData,
    CUlogsCallbackHandle *callback_out)
{
	CUresult rc = CUDA_ERROR_OUT_OF_MEMORY;

	if (callbackFunc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&log_lock);
	for (size_t i = 0; i < CALLBACKS_MAX; i++)
		if (registered[i].fn == NULL) {
			registered[i].fn = callbackFunc;
			registered[i].data = userData;
			/* The handle is the slot's place, never NULL. */
			if (callback_out != NULL)
				*callback_out =
				    (CUlogsCallbackHandle)&registered[i];
			rc = CUDA_SUCCESS;
			break;
		}
	pthread_mutex_unlock(&log_lock);
	return rc;
}

FC_API CUresult
cuLogsUnregisterCallback(CUlogsCallbackHandle callback)
{
	CUresult rc = CUDA_ERROR_INVALID_VALUE;

	pthread_mutex_lock(&log_lock);
	for (size_t i = 0; i < CALLBACKS_MAX; i++)
		if (callback == (CUlogsCallbackHandle)&registered[i] &&
		    registered[i].fn != NULL) {
			registered[i].fn = NULL;
			rc = CUDA_SUCCESS;
		}
	pthread_mutex_unlock(&log_lock);
	return rc;
}
