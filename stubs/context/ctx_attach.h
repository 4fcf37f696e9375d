/*
 * ctx_attach.h -- the context usage count of cuCtxAttach and cuCtxDetach
 * (CUDA before 4.0), which context.c answers with it.
 *
 * A context starts with a count of 1 (cuCtxCreate); cuCtxAttach adds one,
 * cuCtxDetach takes one and destroys the context at 0.  Only this client
 * holds its contexts, so the count is kept here, in the client.
 */
#ifndef ONCUDA_CTX_ATTACH_H
#define ONCUDA_CTX_ATTACH_H

#include <stdbool.h>

#include <cuda.h>

/* One more use of ctx; false: out of memory. */
bool ctx_attach_add(CUcontext ctx);

/* One use less of ctx; true when that was the last (destroy it). */
bool ctx_attach_drop(CUcontext ctx);

/* ctx was destroyed: its count goes with it. */
void ctx_attach_forget(CUcontext ctx);

#endif
