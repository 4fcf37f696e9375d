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

#endif /* ONCUDA_MEMORY_H */
