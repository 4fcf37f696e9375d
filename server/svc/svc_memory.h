/*
 * server/svc/svc_memory.h -- device allocations counted against --max-memory
 * (svc_memory.c), as the rest of the session forgets them.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MEMORY_H
#define ONCUDA_SERVER_SVC_SVC_MEMORY_H

#include <cuda.h>

/* The driver destroyed ctx, and with it the allocations made in it. */
void allocations_context_gone(CUcontext ctx);
/* The session is over: forgets every allocation (the driver freed them). */
void allocations_forget_all(void);

#endif
