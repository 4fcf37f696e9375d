/*
 * load_options.h - the JIT and library options of a module or library load,
 * translated for the wire and their outputs written back.
 *
 * The driver takes each option's value as a void *, holding a number or a
 * pointer.  Numbers travel by value.  The two log buffers travel as their
 * sizes: the server's driver writes into buffers of its own and the logs
 * come back as text, which is copied into the program's buffers.  Other
 * pointers cannot be followed on the server and are refused.
 */
#ifndef ONCUDA_LOAD_OPTIONS_H
#define ONCUDA_LOAD_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_names.h"

struct load_options {
	/* The program's JIT options, to write outputs back into. */
	unsigned int program_count;
	const CUjit_option *program_options;
	void **program_values;
	/* The sizes of the program's log buffers, read before any output
	 * overwrites them (the driver reports the bytes used there). */
	size_t info_log_size;
	size_t error_log_size;

	/* A linked image's prelinked fatbins, in the program's memory
	 * (idl/cuda.x, CU_IMAGE_KEEP_PRELINKED); staged before the image. */
	const void *const *prelinked;
	size_t prelinked_count;

	/* What travels; the arrays point into the storage below. */
	jit_options jit;
	library_options library;
	jit_option jit_storage[ONCUDA_JIT_OPTIONS_MAX];
	library_option library_storage[ONCUDA_JIT_OPTIONS_MAX];
};

/* Empty options: what cuModuleLoadData and friends send. */
void load_options_init(struct load_options *o);

/*
 * Takes the program's JIT options into o.  A pointer-valued option other
 * than the log buffers, or more than ONCUDA_JIT_OPTIONS_MAX options, is
 * CUDA_ERROR_NOT_SUPPORTED (with a message naming it); options without an
 * array of options or values is CUDA_ERROR_INVALID_VALUE.
 */
CUresult load_options_jit(struct load_options *o, unsigned int count,
			  CUjit_option *options, void **values);

/*
 * Takes the program's library options into o.  The host universal function
 * and data table is CUDA_ERROR_NOT_SUPPORTED.  CU_LIBRARY_BINARY_IS_PRESERVED
 * is passed on (the server keeps its copy of the image for the library's
 * life) except for a load from a file, where the driver refuses it with
 * CUDA_ERROR_INVALID_VALUE and so does this.  values may be NULL, as with
 * the driver; options may not.
 */
CUresult load_options_library(struct load_options *o, unsigned int count,
			      CUlibraryOption *options, void **values,
			      bool from_file);

/*
 * Writes what the server's driver left in the options back into the
 * program's: every value in order (sizes, CU_JIT_WALL_TIME's float,
 * ...), and the logs into the program's log buffers, cut to fit and
 * NUL-terminated.  Called whether the load succeeded or not.
 */
void load_options_give_back(const struct load_options *o,
			    const jit_output *out);

#endif /* ONCUDA_LOAD_OPTIONS_H */
