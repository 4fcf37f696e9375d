/*
 * stubs/stream/log_sinks.h -- the program's driver log callbacks: the
 * functions it registered with cuLogsRegisterCallback, each with its
 * argument, under a number of the client's own that the server sends
 * back with each message (idl/cuda.x, log_message).  The server names a
 * registration only by that number, so it can neither run a function the
 * program did not register nor hand one an argument of its own making.
 */
#ifndef ONCUDA_STUBS_LOG_SINKS_H
#define ONCUDA_STUBS_LOG_SINKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

/* Keeps fn and data for server under a new number, or 0 (no memory). */
uint64_t log_sink_add(CUlogsCallback fn, void *data, unsigned server);

/* The server's handle of registration id, once it registered it. */
void log_sink_bind(uint64_t id, uint64_t handle);

/*
 * Forgets a registration: by id (its registration failed; handle 0), or by
 * server and handle (unregistered).  Waits for a call of its function that
 * is running, unless that call is the caller.
 */
void log_sink_remove(uint64_t id, unsigned server, uint64_t handle);

/* Runs registration id of server with a message of length bytes (text
 * ends with a NUL after them); false when there is none. */
bool log_sink_run(unsigned server, uint64_t id, int level, char *text,
    size_t length);

#endif
