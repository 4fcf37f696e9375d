/*
 * stubs/context/context.h -- what context.c tells the layers above it.
 *
 * When a context dies, so do its modules' functions and kernels, and the
 * server may give their handles to new ones.  Whatever a layer above keeps
 * by such a handle (code/params.c: parameter layouts) must then be
 * forgotten.  Rather than this layer calling up into each of them, each
 * reads the count of deaths below when it next looks at what it keeps, and
 * forgets it all when the count has moved since.
 */
#ifndef ONCUDA_STUBS_CONTEXT_CONTEXT_H
#define ONCUDA_STUBS_CONTEXT_CONTEXT_H

#include <stdint.h>

/*
 * How many times contexts have been destroyed (cuCtxDestroy, a green
 * context's end, the last release or a reset of a primary context).  It
 * is raised before the call that destroyed returns, so a lookup begun
 * after that call sees the new count.  Any thread, no lock needed.
 */
uint64_t context_deaths(void);

#endif
