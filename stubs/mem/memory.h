/*
 * memory.h -- the device memory this process knows of.
 *
 * cuMemcpy and cuMemcpyAsync take two addresses and leave it to the driver
 * to tell device memory from host memory (unified addressing).  Here the
 * host memory is the client's and the device memory the server's, so the
 * client keeps the ranges the server gave it (cuMemAlloc, cuMemAllocPitch,
 * and the device side of mapped page-locked memory) and looks addresses up.
 */
#ifndef ONCUDA_MEMORY_H
#define ONCUDA_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>
#include <rpc/rpc.h>

/*
 * Records [base, base + size) as device memory; ranges it overlaps are
 * forgotten, being stale (the server gives out only free addresses).
 * false: no memory to record it.
 */
bool devmem_note(uint64_t base, uint64_t size);

/* Forgets the range that starts at base.  Both under the lock of the
 * connection to the server that handed the range out (rpc.h). */
void devmem_forget(uint64_t base);

/*
 * Whether cuMemcpy should treat addr as device memory: it is in a recorded
 * device range and not in host memory the client has mirrored (that is the
 * program's own memory, whatever the server's addresses look like).
 * Everything else is host memory of this process.
 */
bool memory_is_device(uint64_t addr);

/*
 * As memory_is_device, and which server handed the memory out, in which
 * context (tagged, route.h).  Servers may hand out the same address: the
 * current context's server is asked first, then the others in order.
 */
bool memory_device_owner(uint64_t addr, unsigned *server, CUcontext *ctx);

/*
 * rpc_begin for a call on device memory at dptr: on the current context's
 * server when that server handed dptr out (or no server did), else on the
 * server that did, in the context it was handed out in.
 */
CLIENT *devmem_begin(uint64_t dptr);

#endif /* ONCUDA_MEMORY_H */
