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
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "common/range_table.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

struct device_range {
	struct range range;
	CUcontext ctx;		/* current when it was handed out, tagged */
	bool allocation;	/* devmem_note_allocation's: answers may be kept */
	struct devmem_answers answers;
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

static bool note(uint64_t base, uint64_t size, bool allocation)
{
	unsigned server = rpc_held_server();
	struct device_range item;

	memset(&item, 0, sizeof item);
	item.range = (struct range){ base, size };
	item.ctx = (CUcontext)(uintptr_t)route_tag(rpc_held_context(), server);
	item.allocation = allocation;

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

bool devmem_note(uint64_t base, uint64_t size)
{
	return note(base, size, false);
}

bool devmem_note_allocation(uint64_t base, uint64_t size)
{
	return note(base, size, true);
}

void devmem_forget(uint64_t base)
{
	range_table_remove(&device_ranges[rpc_held_server()], base, NULL);
}

/* The range holding addr and its server, the current context's first. */
static bool owner(uint64_t addr, unsigned *server, struct device_range *item)
{
	unsigned current = route_current_server();

	if (range_table_find(&device_ranges[current], addr, item)) {
		*server = current;
		return true;
	}
	for (unsigned s = 0; s < rpc_server_count(); s++)
		if (range_table_find(&device_ranges[s], addr, item)) {
			*server = s;
			return true;
		}
	return false;
}

bool devmem_owner(uint64_t addr, unsigned *server, CUcontext *ctx)
{
	struct device_range item;

	if (!owner(addr, server, &item))
		return false;
	*ctx = item.ctx;
	return true;
}

bool devmem_answers(uint64_t addr, unsigned *server,
    struct devmem_answers *out)
{
	struct device_range item;

	if (!owner(addr, server, &item) || !item.allocation)
		return false;
	*out = item.answers;
	return true;
}

void devmem_keep_answer(uint64_t addr, unsigned attribute, uint8_t forms,
    uint64_t value, uint8_t size, uint64_t epoch)
{
	struct range_table *t = &device_ranges[rpc_held_server()];
	struct device_range item;
	struct devmem_answers *a = &item.answers;

	assert(attribute < DEVMEM_ATTRIBUTES);
	if (!range_table_find(t, addr, &item) || !item.allocation)
		return;
	if (a->epoch != epoch) {
		memset(a, 0, sizeof *a);
		a->epoch = epoch;
	}
	/* One answer kept by both calls says so; a differing one replaces. */
	if (a->forms[attribute] != 0 && a->value[attribute] == value &&
	    a->size[attribute] == size)
		forms |= a->forms[attribute];
	a->value[attribute] = value;
	a->size[attribute] = size;
	a->forms[attribute] = forms;
	range_table_update(t, &item);
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
