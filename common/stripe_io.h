/*
 * common/stripe_io.h -- frames on a data connection, read and written
 * within a deadline (idl/cuda.x, "Striped bulk data"; both ends).
 *
 * A frame must come or go whole within the deadline, as an ONC RPC record
 * must: a peer that trickles bytes gains nothing.  Each read or write
 * waits at most what is left of it (the socket's SO_RCVTIMEO and
 * SO_SNDTIMEO, set before each).
 *
 * A data connection of a session inside TLS carries its frames inside a
 * TLS session of its own (tls, not NULL; idl/cuda.x says how it starts):
 * the channel's reads and writes wait within the same deadline.
 */
#ifndef ONCUDA_COMMON_STRIPE_IO_H
#define ONCUDA_COMMON_STRIPE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "common/stripe_plan.h"

struct tls_channel;

struct stripe_deadline {
	struct timespec end;
	bool bounded;
};

/* From now, seconds (0: no bound). */
void stripe_deadline_start(struct stripe_deadline *d, unsigned seconds);

/* Reads len bytes into buf from fd (through tls when not NULL) by d;
 * false with errno (0: the peer closed, ETIMEDOUT or EAGAIN: the deadline
 * passed, EPROTO: a record that fails TLS). */
bool stripe_read(int fd, struct tls_channel *tls, void *buf, size_t len,
    const struct stripe_deadline *d);

/* Sends f's header and its f->length bytes from bytes on fd (through tls
 * when not NULL), within seconds of now (0: no bound); false with errno. */
bool stripe_send_frame(int fd, struct tls_channel *tls,
    const struct stripe_frame *f, const void *bytes, unsigned seconds);

#endif
