/*
 * load_options.c - JIT and library options across the wire (see
 * load_options.h and jit_option in idl/cuda.x).
 */
#include <stdint.h>
#include <string.h>

#include "stubs/code/load_options.h"
#include "stubs/wire/rpc.h"

/* What a refused option is called in the message, or NULL if it is a number. */
static const char *jit_pointer_option(CUjit_option option)
{
	switch (option) {
	case CU_JIT_GLOBAL_SYMBOL_NAMES:
		return "the JIT option CU_JIT_GLOBAL_SYMBOL_NAMES";
	case CU_JIT_GLOBAL_SYMBOL_ADDRESSES:
		return "the JIT option CU_JIT_GLOBAL_SYMBOL_ADDRESSES";
	case CU_JIT_REFERENCED_KERNEL_NAMES:
		return "the JIT option CU_JIT_REFERENCED_KERNEL_NAMES";
	case CU_JIT_REFERENCED_VARIABLE_NAMES:
		return "the JIT option CU_JIT_REFERENCED_VARIABLE_NAMES";
	default:
		return NULL;
	}
}

/* The value of the last `which` option (an unsigned int in a void *), or 0. */
static size_t option_uint(unsigned int count, const CUjit_option *options,
			  void **values, CUjit_option which)
{
	size_t value = 0;
	unsigned int i;

	for (i = 0; i < count; i++)
		if (options[i] == which)
			value = (unsigned int)(uintptr_t)values[i];
	return value;
}

/* The server gives its driver log buffers of at most ONCUDA_LOG_MAX bytes. */
static uint64_t wire_log_size(size_t size)
{
	return size < ONCUDA_LOG_MAX ? size : ONCUDA_LOG_MAX;
}

void load_options_init(struct load_options *o)
{
	memset(o, 0, sizeof(*o));
	o->jit.jit_options_val = o->jit_storage;
	o->library.library_options_val = o->library_storage;
}

CUresult load_options_jit(struct load_options *o, unsigned int count,
			  CUjit_option *options, void **values)
{
	jit_option *wire = o->jit_storage;
	const char *refused;
	unsigned int i;

	if (count == 0)
		return CUDA_SUCCESS;
	if (options == NULL || values == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (count > ONCUDA_JIT_OPTIONS_MAX) {
		oncuda_unsupported("more than 64 JIT options in one load");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	o->info_log_size = option_uint(count, options, values,
				       CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
	o->error_log_size = option_uint(count, options, values,
					CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
	for (i = 0; i < count; i++) {
		wire[i].option = options[i];
		switch (options[i]) {
		case CU_JIT_INFO_LOG_BUFFER:
			/* A NULL buffer gets no log, as with the driver. */
			wire[i].value = values[i] != NULL ?
				wire_log_size(o->info_log_size) : 0;
			break;
		case CU_JIT_ERROR_LOG_BUFFER:
			wire[i].value = values[i] != NULL ?
				wire_log_size(o->error_log_size) : 0;
			break;
		case CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
			wire[i].value = wire_log_size(o->info_log_size);
			break;
		case CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
			wire[i].value = wire_log_size(o->error_log_size);
			break;
		default:
			refused = jit_pointer_option(options[i]);
			if (refused != NULL) {
				oncuda_unsupported(refused);
				return CUDA_ERROR_NOT_SUPPORTED;
			}
			wire[i].value = (uint64_t)(uintptr_t)values[i];
			break;
		}
	}
	o->program_count = count;
	o->program_options = options;
	o->program_values = values;
	o->jit.jit_options_len = count;
	return CUDA_SUCCESS;
}

CUresult load_options_library(struct load_options *o, unsigned int count,
			      CUlibraryOption *options, void **values,
			      bool from_file)
{
	library_option *wire = o->library_storage;
	unsigned int i;

	if (count == 0)
		return CUDA_SUCCESS;
	/* The driver accepts no values at all (driver 580): each is then 0. */
	if (options == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (count > ONCUDA_JIT_OPTIONS_MAX) {
		oncuda_unsupported("more than 64 library options in one load");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	for (i = 0; i < count; i++) {
		/* Its value is a table of host pointers for the device. */
		if (options[i] ==
		    CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE) {
			oncuda_unsupported("the library option "
					   "CU_LIBRARY_HOST_UNIVERSAL_"
					   "FUNCTION_AND_DATA_TABLE");
			return CUDA_ERROR_NOT_SUPPORTED;
		}
		/* The server loads every image from memory, where this
		 * option is allowed: refuse it as the driver would. */
		if (options[i] == CU_LIBRARY_BINARY_IS_PRESERVED && from_file)
			return CUDA_ERROR_INVALID_VALUE;
		wire[i].option = options[i];
		wire[i].value = values == NULL ? 0 :
					(uint64_t)(uintptr_t)values[i];
	}
	o->library.library_options_len = count;
	return CUDA_SUCCESS;
}

/* Copies as much of log as fits into buf with its NUL. */
static void copy_log(char *buf, size_t size, const char *log)
{
	size_t n;

	if (buf == NULL || size == 0)
		return;
	if (log == NULL)
		log = "";
	n = strnlen(log, size - 1);
	memcpy(buf, log, n);
	buf[n] = '\0';
}

void load_options_give_back(const struct load_options *o,
			    const jit_output *out)
{
	unsigned int i;

	for (i = 0; i < o->program_count; i++) {
		switch (o->program_options[i]) {
		case CU_JIT_INFO_LOG_BUFFER:
			copy_log(o->program_values[i], o->info_log_size,
				 out->info_log);
			break;
		case CU_JIT_ERROR_LOG_BUFFER:
			copy_log(o->program_values[i], o->error_log_size,
				 out->error_log);
			break;
		default:
			/* The bytes of the server's void *, a float's too. */
			if (i < out->values.values_len)
				o->program_values[i] = (void *)(uintptr_t)
					out->values.values_val[i];
			break;
		}
	}
}
