/*
 * server/session/handoff.h -- a connection handed from the session process
 * that accepted it to the session process it belongs to (handoff.c): the
 * callback connection (callback.c) and the data connections (stripes.c).
 */
#ifndef ONCUDA_SERVER_HANDOFF_H
#define ONCUDA_SERVER_HANDOFF_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/*
 * This process's listener for hand-overs of purpose ("callback",
 * "stripes"), with backlog; -1 (errno set) when it cannot be made.
 */
int handoff_listen(const char *purpose, int backlog);

/*
 * Hands connection to process pid's listener of purpose, with the len
 * bytes at bytes (its ticket).  false when no such process listens there
 * (logged by the caller): the socket's owner must be pid itself, since a
 * squatter on the name must not receive the client's connection.
 */
bool handoff_send(const char *purpose, unsigned pid, const void *bytes,
    size_t len, int connection);

/* The moment ms milliseconds from now, for handoff_take. */
void handoff_deadline(struct timespec *end, long ms);

/*
 * Takes one hand-over from listener before end, for the accept and the
 * message together (a local process that connects and sends nothing waits
 * no longer): the connection's descriptor, with exactly len bytes of
 * ticket in buf; -1 when none came in time, -2 when one came malformed
 * (its descriptor, if any, closed).  The caller judges the ticket.
 */
int handoff_take(int listener, const struct timespec *end, void *buf,
    size_t len);

#endif
