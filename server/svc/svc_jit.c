/*
 * svc_jit.c -- JIT options of cuModuleLoadDataEx and cuLibraryLoadData.
 *
 * The driver takes each option's value as a void * that holds either a
 * number or a pointer it reads or writes.  Numbers cross the wire as they
 * are.  Of the pointers, only the two log buffers are accepted: they become
 * buffers of this process, at most ONCUDA_LOG_MAX bytes as the driver is
 * told, and their text goes back to the client.  The pointer options left
 * (symbol tables, name lists) point into the client's memory and are
 * refused, as is any option this CUDA version does not define, since the
 * driver might take its value for a pointer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <stdbool.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/svc/svc_jit.h"

/* What is allocated: the driver is told at most ONCUDA_LOG_MAX, and the
 * extra byte keeps the text terminated whatever it writes. */
#define LOG_BUFFER_BYTES (ONCUDA_LOG_MAX + 1)

static bool is_log_buffer(int option)
{
	return option == CU_JIT_INFO_LOG_BUFFER ||
	    option == CU_JIT_ERROR_LOG_BUFFER;
}

static CUresult log_buffer(char **buf)
{
	if (*buf == NULL && (*buf = calloc(1, LOG_BUFFER_BYTES)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	return CUDA_SUCCESS;
}

static CUresult translate(struct jit_call *call, unsigned int i)
{
	const jit_option *o = &call->sent[i];
	CUresult err = CUDA_SUCCESS;
	uint64_t value = o->value;

	switch (o->option) {
	case CU_JIT_INFO_LOG_BUFFER:
		err = log_buffer(&call->info_log);
		call->values[i] = call->info_log;
		break;
	case CU_JIT_ERROR_LOG_BUFFER:
		err = log_buffer(&call->error_log);
		call->values[i] = call->error_log;
		break;
	case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
	case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
		if (value > ONCUDA_LOG_MAX)
			value = ONCUDA_LOG_MAX;
		call->values[i] = (void *)(uintptr_t)value;
		break;
	case CU_JIT_GLOBAL_SYMBOL_NAMES:
	case CU_JIT_GLOBAL_SYMBOL_ADDRESSES:
	case CU_JIT_REFERENCED_KERNEL_NAMES:
	case CU_JIT_REFERENCED_VARIABLE_NAMES:
		return CUDA_ERROR_NOT_SUPPORTED;
	default:
		if (o->option < 0 || o->option >= CU_JIT_NUM_OPTIONS)
			return CUDA_ERROR_INVALID_VALUE;
		call->values[i] = (void *)(uintptr_t)value;
		break;
	}
	call->options[i] = (CUjit_option)o->option;
	return err;
}

CUresult jit_prepare(struct jit_call *call, const jit_options *sent)
{
	unsigned int i;
	CUresult err;

	memset(call, 0, sizeof(*call));
	if (sent == NULL || sent->jit_options_len == 0)
		return CUDA_SUCCESS;
	if (sent->jit_options_len > ONCUDA_JIT_OPTIONS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	call->sent = sent->jit_options_val;
	for (i = 0; i < sent->jit_options_len; i++) {
		if ((err = translate(call, i)) != CUDA_SUCCESS)
			return err;
	}
	call->count = sent->jit_options_len;
	return CUDA_SUCCESS;
}

static char *log_text(const char *buf)
{
	return strndup(buf != NULL ? buf : "", ONCUDA_LOG_MAX);
}

CUresult jit_finish(struct jit_call *call, jit_output *out)
{
	unsigned int i;

	memset(out, 0, sizeof(*out));
	out->info_log = log_text(call->info_log);
	out->error_log = log_text(call->error_log);
	if (call->count > 0) {
		out->values.values_val = calloc(call->count, sizeof(u_quad_t));
		if (out->values.values_val != NULL)
			out->values.values_len = call->count;
	}
	if (out->info_log == NULL || out->error_log == NULL ||
	    out->values.values_len != call->count)
		return CUDA_ERROR_OUT_OF_MEMORY;
	/*
	 * The driver wrote sizes and the wall time back into the values.  A
	 * log buffer's value is our pointer, meaningless to the client, so the
	 * client's own value goes back in its place.
	 */
	for (i = 0; i < call->count; i++)
		out->values.values_val[i] = is_log_buffer(call->options[i]) ?
		    call->sent[i].value : (u_quad_t)(uintptr_t)call->values[i];
	return CUDA_SUCCESS;
}

void jit_release(struct jit_call *call)
{
	free(call->info_log);
	free(call->error_log);
	call->info_log = NULL;
	call->error_log = NULL;
}
