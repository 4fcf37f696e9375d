/*
 * device_ranges.c -- the record of the device ranges each server handed
 * this process (device_ranges.h).
 *
 * The record changes only while the connection lock is held (between
 * call_begin and call_end), in the order the server handed memory out and
 * took it back: otherwise a thread could forget an address that another
 * thread has just been given again.  Apart from memory.c because the
 * page-locked memory of hostmem.c records its device side here too, and
 * memory.c asks hostmem.c which addresses are the program's own.
 */
#include <stdint.h>

#include <cuda.h>

#include "common/range_table.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

struct device_range {
	struct range range;
	CUcontext ctx;		/* current when it was handed out, tagged */
};

/*
 * A table per server: two servers' GPUs can hand out the same addresses
 * (same driver, same layout), so one table could not hold both.  A range
 * goes into the table of the server whose connection the calling thread
 * holds, the one that just handed it out.
 */
#define RANGES_OF_SERVER RANGE_TABLE_INIT(struct device_range)
static struct range_table device_ranges[ROUTE_SERVERS_MAX] = {
	[0 ... ROUTE_SERVERS_MAX - 1] = RANGES_OF_SERVER
};

bool devmem_note(uint64_t base, uint64_t size)
{
	unsigned server = rpc_held_server();
	struct device_range item = { { base, size },
	    (CUcontext)(uintptr_t)route_tag(rpc_held_context(), server) };

	switch (range_table_insert(&device_ranges[rpc_held_server()], &item,
	    true, NULL)) {
	case RANGE_INSERTED:
	case RANGE_EMPTY:
		return true;
	case RANGE_OVERLAPS:
	case RANGE_NO_MEMORY:
		break;
	}
	return false;
}

void devmem_forget(uint64_t base)
{
	range_table_remove(&device_ranges[rpc_held_server()], base, NULL);
}

/* The server that handed out addr, the current context's first. */
bool devmem_owner(uint64_t addr, unsigned *server, CUcontext *ctx)
{
	unsigned current = route_current_server();
	struct device_range item;

	if (range_table_find(&device_ranges[current], addr, &item)) {
		*server = current;
		*ctx = item.ctx;
		return true;
	}
	for (unsigned s = 0; s < rpc_server_count(); s++)
		if (range_table_find(&device_ranges[s], addr, &item)) {
			*server = s;
			*ctx = item.ctx;
			return true;
		}
	return false;
}

CUresult devmem_call(struct call *k, uint64_t dptr, void *reply,
    size_t size)
{
	unsigned server;
	CUcontext ctx;

	if (!devmem_owner(dptr, &server, &ctx) ||
	    server == route_current_server())
		return call_begin(k, reply, size);
	return call_begin_in(k, ctx, reply, size);
}
