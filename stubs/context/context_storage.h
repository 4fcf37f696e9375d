/*
 * context_storage.h -- the CONTEXT_LOCAL_STORAGE export table
 * (context_storage.c): values NVIDIA's libraries keep per context.
 */
#ifndef ONCUDA_CONTEXT_STORAGE_H
#define ONCUDA_CONTEXT_STORAGE_H

#include <cuda.h>

/* put, delete, get and a NULL end, for cuGetExportTable. */
extern const void *const context_storage_table[];

/*
 * Calls the destructors of everything stored for ctx and forgets it: for
 * when the context is destroyed (cuCtxDestroy).
 */
void context_storage_forget(CUcontext ctx);

#endif
