/*
 * device_ranges.h -- the device memory each server handed this process
 * (device_ranges.c): cuMemAlloc's, cuMemAllocPitch's and the device side of
 * mapped page-locked memory, per server, with the context it was handed
 * out in.
 */
#ifndef ONCUDA_DEVICE_RANGES_H
#define ONCUDA_DEVICE_RANGES_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/route/call.h"

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
 * Which server handed out the range holding addr, in which context
 * (tagged, route.h): the current context's server is asked first, then
 * the others in order (servers may hand out the same address).
 */
bool devmem_owner(uint64_t addr, unsigned *server, CUcontext *ctx);

/*
 * Begins call k (call.h) on device memory at dptr: on the current
 * context's server when that server handed dptr out (or no server did),
 * else on the server that did, in the context it was handed out in.
 */
CUresult devmem_call(struct call *k, uint64_t dptr, void *reply,
    size_t size);

#endif
