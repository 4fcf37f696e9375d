/*
 * coredump.c - the core dump settings, cuCoredumpGet/SetAttribute and
 * their Global forms.
 *
 * The stand-in never dumps anything; it keeps the settings, with the
 * driver's defaults, so that what a program sets it reads back.  The
 * context's settings start as the process's, and are one set for every
 * context (the tests use one).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fakecuda.h"

#define PATH_BYTES 1024

struct settings {
	bool on_exception, trigger_host, lightweight, user_trigger;
	char file[PATH_BYTES], pipe[PATH_BYTES];
	int generation;
};

static struct settings global, local;
static bool started;

static void
start(void)
{
	char host[256] = "localhost";

	if (started)
		return;
	started = true;
	gethostname(host, sizeof(host) - 1);
	global.trigger_host = true;
	snprintf(global.file, sizeof(global.file), "core.cuda.%s.%d", host,
	    (int)getpid());
	snprintf(global.pipe, sizeof(global.pipe), "corepipe.cuda.%s.%d",
	    host, (int)getpid());
	local = global;
}

/* Where attrib lives in s, and its size; NULL for no such setting. */
static void *
field(struct settings *s, CUcoredumpSettings attrib, size_t *bytes)
{
	switch (attrib) {
	case CU_COREDUMP_ENABLE_ON_EXCEPTION:
		*bytes = sizeof(bool);
		return &s->on_exception;
	case CU_COREDUMP_TRIGGER_HOST:
		*bytes = sizeof(bool);
		return &s->trigger_host;
	case CU_COREDUMP_LIGHTWEIGHT:
		*bytes = sizeof(bool);
		return &s->lightweight;
	case CU_COREDUMP_ENABLE_USER_TRIGGER:
		*bytes = sizeof(bool);
		return &s->user_trigger;
	case CU_COREDUMP_FILE:
		*bytes = PATH_BYTES;
		return s->file;
	case CU_COREDUMP_PIPE:
		*bytes = PATH_BYTES;
		return s->pipe;
	case CU_COREDUMP_GENERATION_FLAGS:
		*bytes = sizeof(int);
		return &s->generation;
	default:
		return NULL;
	}
}

static CUresult
access_setting(bool is_global, bool set, CUcoredumpSettings attrib,
    void *value, size_t *size)
{
	struct settings *s = is_global ? &global : &local;
	struct fc_context *ctx;
	size_t bytes = 0;
	CUresult rc = CUDA_SUCCESS;
	char *at;

	fc_lock();
	if (!is_global)
		rc = fc_context_current(&ctx);
	start();
	at = field(s, attrib, &bytes);
	if (rc == CUDA_SUCCESS && (value == NULL || size == NULL ||
	    at == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && bytes == PATH_BYTES) {
		/* A path: as long as it is, up to its NUL. */
		if (set) {
			if (*size == 0 || *size > PATH_BYTES ||
			    memchr(value, '\0', *size) == NULL)
				rc = CUDA_ERROR_INVALID_VALUE;
			else
				memcpy(at, value, *size);
		} else if (*size <= strlen(at)) {
			rc = CUDA_ERROR_INVALID_VALUE;
		} else {
			memcpy(value, at, strlen(at) + 1);
			*size = strlen(at) + 1;
		}
	} else if (rc == CUDA_SUCCESS) {
		if (*size < bytes)
			rc = CUDA_ERROR_INVALID_VALUE;
		else if (set)
			memcpy(at, value, bytes);
		else
			memcpy(value, at, bytes);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCoredumpGetAttribute(CUcoredumpSettings attrib, void *value, size_t *size)
{
	return access_setting(false, false, attrib, value, size);
}

FC_API CUresult
cuCoredumpGetAttributeGlobal(CUcoredumpSettings attrib, void *value,
    size_t *size)
{
	return access_setting(true, false, attrib, value, size);
}

FC_API CUresult
cuCoredumpSetAttribute(CUcoredumpSettings attrib, void *value, size_t *size)
{
	return access_setting(false, true, attrib, value, size);
}

FC_API CUresult
cuCoredumpSetAttributeGlobal(CUcoredumpSettings attrib, void *value,
    size_t *size)
{
	return access_setting(true, true, attrib, value, size);
}
