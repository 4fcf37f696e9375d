/*
 * server/session/notices.h -- what the driver tells the program of its
 * own accord, forwarded to the client (idl/cuda.x, driver_notice): its log
 * messages and device notifications.
 *
 * The trampolines are what the server registers with
 * cuLogsRegisterCallback and cuDeviceRegisterAsyncNotification, each with
 * the client's registration number as its argument.  The driver calls
 * them on whatever thread it likes, often the session's own, inside a
 * call: so they only queue the notice and return, and a thread of the
 * session sends the queue, in order, on the callback connection.
 */
#ifndef ONCUDA_SERVER_SESSION_NOTICES_H
#define ONCUDA_SERVER_SESSION_NOTICES_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

/* Starts the sending thread, once; false when it cannot. */
bool notices_start(void);

/* The driver's callbacks; data is the client's registration number. */
void CUDA_CB notices_log_trampoline(void *data, CUlogLevel level,
    char *message, size_t length);
void notices_device_trampoline(CUasyncNotificationInfo *info, void *data,
    CUasyncCallbackHandle callback);

/* At the session's end, before the callback connection is freed: stops
 * the thread; notices not sent yet, and any given later, are dropped. */
void notices_stop(void);

#endif
