/*
 * vmm.h -- the part of virtual memory management (vmm.c) that pools share:
 * the server a memory location names.
 */
#ifndef ONCUDA_STUBS_MEM_VMM_H
#define ONCUDA_STUBS_MEM_VMM_H

#include <cuda.h>
#include <rpc/rpc.h>

#include "gen/cuda_rpc.h"
#include "stubs/route/call.h"

/*
 * Begins call k (call.h) on the server of location l, which *wire gets
 * in its wire form: a device location's server, with the server's
 * ordinal for the device; any other, the current context's.
 */
CUresult location_call(struct call *k, const CUmemLocation *l,
    mem_location *wire, void *reply, size_t size);

#endif
