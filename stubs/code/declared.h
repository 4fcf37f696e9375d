/*
 * declared.h -- what the images the program loaded itself declare of their
 * kernels' parameters, to hold the server's layouts against (declared.c).
 *
 * The client packs a launch's arguments by the layout the server sends
 * (params.h), copying each parameter's size from the program's memory; a
 * layout larger than the kernel's would copy what lies past the program's
 * arguments into the launch.  params.c bounds every layout; for a kernel of
 * an image the client itself staged (cuModuleLoad*, cuModuleLoadFatBinary,
 * cuLibraryLoad*) it also holds the layout against what the image's cubin
 * states in its .nv.info, or its PTX in the kernel's .entry declaration
 * (common/image_kernels.h), or for the cubin of a link what the link's
 * inputs state (linked.h): the parameters' count, each offset and size,
 * and (cubin) their total; PTX's alignments above 16 allow what some GPU
 * does (common/ptx_entries.h).  The image's plain entries are read once,
 * when it loads, and its compressed ones at most once, when a kernel
 * needs them; a layout is compared once, when it arrives; launches pay
 * nothing.
 *
 * Handles are the program's (tagged, or own libraries' and kernels').  A
 * function is known by the name the program asked for it by, never by
 * what the server says it is.  Functions got otherwise (enumerated, or
 * through cuLibraryGetModule) are not checked.
 */
#ifndef ONCUDA_DECLARED_H
#define ONCUDA_DECLARED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/*
 * The image of size bytes at image was loaded as code, a module (library:
 * false) or a library.  Out of memory it is left unchecked.
 */
void declared_image(uint64_t code, bool library, const void *image,
		    size_t size);

/* func is the function or kernel that code holds under name. */
void declared_bind(uint64_t func, uint64_t code, const char *name);

/* func is kernel's function in the current context (cuKernelGetFunction). */
void declared_alias(uint64_t func, uint64_t kernel);

/* code was unloaded: its image and its functions are forgotten. */
void declared_forget(uint64_t code);

/*
 * Whether the server's layout of func (count slots) agrees with func's
 * image: CUDA_SUCCESS, or, for a layout that disagrees, one line on stderr
 * naming the kernel and the field, and CUDA_ERROR_INVALID_VALUE.  A func
 * of no known image passes.
 */
CUresult declared_check(uint64_t func, const param_slot *slot,
			unsigned int count);

#endif /* ONCUDA_DECLARED_H */
