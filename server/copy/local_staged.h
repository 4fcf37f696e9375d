/*
 * server/copy/local_staged.h -- the same-host staging area and the
 * pipelined copies through it (local_staged.c).
 */
#ifndef ONCUDA_SERVER_LOCAL_STAGED_H
#define ONCUDA_SERVER_LOCAL_STAGED_H

#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/*
 * p, size bytes of shared memory the client mapped, becomes the staging
 * area in place of the old one (unregistered, unmapped): counted against
 * --max-memory and registered with the driver.  On failure p is unmapped
 * (out of memory) or kept as an area the driver refused.
 */
CUresult local_area_replace(void *p, size_t size);

/*
 * The server's address of [offset, offset + size) of the staging area,
 * registered with the driver; NULL when outside it or when there is none.
 */
void *local_area_range(cu_size offset, cu_size size);

/* Waits for every DMA still using a slot (before another use of the area). */
void local_staged_drain(void);

#endif
