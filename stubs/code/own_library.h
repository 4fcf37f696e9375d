/*
 * own_library.h -- libraries and kernels usable on every server, and
 * routing a call by one (route_value).
 *
 * In CUDA a CUlibrary and its CUkernels belong to no context: the same
 * handle works in any context, on any device, and the CUDA runtime loads
 * its code as libraries before the program has a context.  With one
 * server the client hands out the server's handles, as for everything
 * else (route.h).  With several, a library the program loads becomes the
 * client's own: a handle tagged ROUTE_OWN, which keeps a copy of the image
 * and the load's options and the library's handle on each server it has
 * reached.  It is loaded on the current context's server (server 0
 * without one) at once, so the load says what is wrong with the image, and
 * on any other server the first time a call there needs it; a kernel is
 * likewise its library and name, and the kernel's handle on each server.
 * Such a later load writes no JIT output back: the program's buffers were
 * for its own call.
 */
#ifndef ONCUDA_OWN_LIBRARY_H
#define ONCUDA_OWN_LIBRARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

#include "stubs/code/load_options.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"

/* Whether a library loaded now becomes the client's own (several servers). */
bool library_is_shared(void);

/*
 * Makes the client's own library of one just loaded on server as value
 * (the server's handle) from image and the wire part of o, both copied;
 * *library is the program's handle.  On failure the server's library is
 * unloaded again.
 */
CUresult library_adopt(unsigned server, uint64_t value, const void *image,
    size_t size, const struct load_options *o, CUlibrary *library);

/*
 * The handle on server of the client's own library or kernel `handle`,
 * loading the library there first when it has not reached that server:
 * CUDA_ERROR_INVALID_HANDLE for a handle that is not (or no longer) one,
 * else what the load or the kernel's lookup there failed with.
 */
CUresult library_value(const void *handle, unsigned server, uint64_t *value);

/*
 * cuLibraryUnload of the client's own library: on every server it reached.
 * *found: whether library was one (else CUDA_ERROR_INVALID_HANDLE).
 */
CUresult library_unload(CUlibrary library, bool *found);

/*
 * The client's own kernel of the own library called name (made, with its
 * handle there on server, if new) into *kernel.
 */
CUresult library_kernel_of(const void *library, const char *name,
    unsigned server, uint64_t there, CUkernel *kernel);

/*
 * What to send to the settled server of rt for handle: a server's handle
 * without its tag; for a library or kernel of the client's own, that
 * server's, loaded there first if need be (the load's error, if it fails).
 */
CUresult route_value(const struct route *rt, const void *handle,
    uint64_t *value);

/*
 * Begins call k (call.h) on the server of code (a library, kernel or
 * function: ROUTE_CODE) and b (either may be NULL); *value is what to
 * send for code (route_value).
 */
CUresult library_call_code(struct call *k, const void *code, const void *b,
    enum route_kind b_kind, uint64_t *value, void *reply, size_t size);

#endif
