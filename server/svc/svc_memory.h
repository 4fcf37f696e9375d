/*
 * server/svc/svc_memory.h -- device allocations counted against --max-memory
 * (svc_memory.c), as the rest of the session forgets them.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MEMORY_H
#define ONCUDA_SERVER_SVC_SVC_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

/*
 * Memory the driver handed out from a pool (svc_mempool.c), whose bytes
 * were taken from the budget: recorded like cuMemAlloc's, so cuMemFree
 * and the end of its context release it too.  false when it cannot be
 * recorded: the caller frees it and gives the bytes back.
 */
bool allocation_record(CUdeviceptr dptr, uint64_t bytes);
/* Whether dptr is the start of an allocation of this client's. */
bool allocation_known(CUdeviceptr dptr);
/* Forgets the allocation at dptr, its bytes and its range (freed). */
void allocation_forget(CUdeviceptr dptr);

/* The driver destroyed ctx, and with it the allocations made in it. */
void allocations_context_gone(CUcontext ctx);
/* The session is over: forgets every allocation (the driver freed them). */
void allocations_forget_all(void);

#endif
