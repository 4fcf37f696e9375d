/*
 * stubs/stream/notice_sinks.h -- the program's functions for the driver's
 * notices (idl/cuda.x, driver_notice): those it registered with
 * cuLogsRegisterCallback and cuDeviceRegisterAsyncNotification, each with
 * its argument, under a number of the client's own that the server sends
 * back with each notice.  The server names a registration only by that
 * number, so it can neither run a function the program did not register
 * nor hand one an argument of its own making.
 */
#ifndef ONCUDA_STUBS_NOTICE_SINKS_H
#define ONCUDA_STUBS_NOTICE_SINKS_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/* A registered function, of the notice kind it takes. */
union sink_fn {
	CUlogsCallback log;		/* ONCUDA_NOTICE_LOG */
	CUasyncCallback device;		/* ONCUDA_NOTICE_DEVICE */
};

/* Keeps fn and data for server under a new number, or 0 (no memory). */
uint64_t sink_add(notice_kind kind, union sink_fn fn, void *data,
    unsigned server);

/* The server's handle of registration id once it registered it, and the
 * one the program got. */
void sink_bind(uint64_t id, uint64_t handle, void *program_handle);

/*
 * Forgets a registration: by id (its registration failed; handle 0), or by
 * server and handle (unregistered).  Waits for a call of its function that
 * is running, unless that call is the caller.
 */
void sink_remove(uint64_t id, unsigned server, uint64_t handle);

/* Runs the function of server's registration n->id, if it has one of
 * n's kind, with what n says; false when there is none. */
bool sink_run(unsigned server, const driver_notice *n);

#endif
