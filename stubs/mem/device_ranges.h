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

/*
 * The same for one allocation of the driver's whose pointer attributes are
 * the same at every address in it (cuMemAlloc's, the device side of
 * page-locked memory, an IPC mapping), so that pointer.c may keep the
 * server's answers about it.
 */
bool devmem_note_allocation(uint64_t base, uint64_t size);

/* Forgets the range that starts at base.  Both under the lock of the
 * connection to the server that handed the range out (rpc.h). */
void devmem_forget(uint64_t base);

/*
 * Pointer attributes kept for one allocation (pointer.c says what the
 * values and forms mean), by attribute number, and the answer_cache_epoch
 * they were asked at.
 */
#define DEVMEM_ATTRIBUTES 22
struct devmem_answers {
	uint64_t value[DEVMEM_ATTRIBUTES];
	uint8_t size[DEVMEM_ATTRIBUTES];
	uint8_t forms[DEVMEM_ATTRIBUTES];	/* 0: nothing kept */
	uint64_t epoch;
};

/*
 * The answers kept for the allocation holding addr, found as devmem_owner
 * finds it, and the server that holds it; false when addr is not in an
 * allocation of devmem_note_allocation.
 */
bool devmem_answers(uint64_t addr, unsigned *server,
    struct devmem_answers *out);

/*
 * Keeps one answer of the held server about the allocation holding addr,
 * asked at epoch; answers kept at another epoch are dropped.  Under the
 * connection lock, so that the memory cannot have been freed and handed
 * out again since the server answered.
 */
void devmem_keep_answer(uint64_t addr, unsigned attribute, uint8_t forms,
    uint64_t value, uint8_t size, uint64_t epoch);

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
