/*
 * server/copy/local_staged.h -- pipelined copies through the same-host staging
 * area (svc_local_staged.c; the area itself is svc_local.c's).
 */
#ifndef ONCUDA_SERVER_LOCAL_STAGED_H
#define ONCUDA_SERVER_LOCAL_STAGED_H

#include <stdint.h>

#include <cuda.h>

/*
 * svc_local.c: the server's address of slot `slot` of the staging area
 * (ONCUDA_LOCAL_SLOTS equal parts), registered with the driver, when size
 * bytes fit in it; NULL otherwise.
 */
void *local_staging_slot(unsigned int slot, uint64_t size);

/* Waits for every DMA still using a slot (before another use of the area). */
void local_staged_drain(void);

/* A context was destroyed, and with it the events of its slots' DMAs. */
void local_staged_context_gone(CUcontext ctx);

#endif
