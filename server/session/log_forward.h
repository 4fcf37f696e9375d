/*
 * server/session/log_forward.h -- the driver's log messages, forwarded to
 * the client (idl/cuda.x, log_message).
 *
 * The trampoline is what the server registers with cuLogsRegisterCallback.
 * The driver calls it on whatever thread logs, often the session's own,
 * inside a call: so it only queues the message and returns, and a thread
 * of the session sends the queue, in order, on the callback connection.
 */
#ifndef ONCUDA_SERVER_SESSION_LOG_FORWARD_H
#define ONCUDA_SERVER_SESSION_LOG_FORWARD_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

/* Starts the sending thread, once; false when it cannot. */
bool log_forward_start(void);

/* The driver's callback; data is the client's registration id. */
void CUDA_CB log_forward_trampoline(void *data, CUlogLevel level,
    char *message, size_t length);

/* At the session's end, before the callback connection is freed: stops
 * the thread; messages not sent yet, and any logged later, are dropped. */
void log_forward_stop(void);

#endif
