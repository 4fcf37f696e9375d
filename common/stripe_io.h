/*
 * common/stripe_io.h -- frames on a data connection, read and written
 * within a deadline (idl/cuda.x, "Striped bulk data"; both ends).
 *
 * A frame must come or go whole within the deadline, as an ONC RPC record
 * must: a peer that trickles bytes gains nothing.  Each read or write
 * waits at most what is left of it (the socket's SO_RCVTIMEO and
 * SO_SNDTIMEO, set before each).
 *
 * A data connection of a session inside TLS carries its frames sealed
 * with keys of a TLS session of its own (seal, not NULL;
 * common/frame_seal.h), within the same deadline.
 */
#ifndef ONCUDA_COMMON_STRIPE_IO_H
#define ONCUDA_COMMON_STRIPE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "common/stripe_plan.h"

struct frame_seal;

struct stripe_deadline {
	struct timespec end;
	bool bounded;
};

/* From now, seconds (0: no bound). */
void stripe_deadline_start(struct stripe_deadline *d, unsigned seconds);

/* Reads the next frame's header from fd (through seal when not NULL) by
 * d, into f; false with errno (0: the peer closed, ETIMEDOUT or EAGAIN:
 * the deadline passed, EPROTO: a frame that fails its seal). */
bool stripe_read_header(int fd, struct frame_seal *seal,
    struct stripe_frame *f, const struct stripe_deadline *d);

/* Reads the len bytes of the frame whose header came last into buf, by d;
 * false as stripe_read_header. */
bool stripe_read_bytes(int fd, struct frame_seal *seal, void *buf,
    size_t len, const struct stripe_deadline *d);

/* Sends f's header and its f->length bytes from bytes on fd (through seal
 * when not NULL), within seconds of now (0: no bound); false with errno. */
bool stripe_send_frame(int fd, struct frame_seal *seal,
    const struct stripe_frame *f, const void *bytes, unsigned seconds);

#endif
