/*
 * ctxstack.h -- each client thread's stack of current contexts.
 *
 * CUDA keeps the current context per thread, as a stack whose top is the
 * thread's current context.  The server runs one thread per client, so
 * the stacks live here, in the client; each call makes the server's
 * current context the calling thread's (call.h, rpc.h).  No function here talks
 * to the server: the unit tests use them as they are.
 */
#ifndef ONCUDA_CTXSTACK_H
#define ONCUDA_CTXSTACK_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

/* The calling thread's current context: its stack's top, NULL if empty. */
CUcontext ctxstack_current(void);

/* How many contexts the calling thread's stack holds. */
size_t ctxstack_depth(void);

/*
 * Makes room for one more context on the calling thread's stack, so that
 * the push after a successful RPC cannot fail.  false: out of memory.
 */
bool ctxstack_reserve(void);

/* Pushes ctx; false only when out of memory and nothing was reserved. */
bool ctxstack_push(CUcontext ctx);

/* Pops the top into *ctx; false when the stack is empty. */
bool ctxstack_pop(CUcontext *ctx);

/*
 * cuCtxSetCurrent's rule: ctx replaces the top, or is pushed onto an empty
 * stack; NULL pops the top (nothing when empty).  false: out of memory.
 */
bool ctxstack_set_current(CUcontext ctx);

/* Takes every occurrence of ctx off every thread's stack (cuCtxDestroy). */
void ctxstack_remove_everywhere(CUcontext ctx);

/*
 * fork(): the child, which has only the forking thread, starts with every
 * stack empty (the parent's contexts belong to the parent's session);
 * ctxstack.c registers the handlers itself.
 */

#endif
