/*
 * server/session/child.h -- the process that serves one client (child.c),
 * as the daemon starts it.
 */
#ifndef ONCUDA_SERVER_SESSION_CHILD_H
#define ONCUDA_SERVER_SESSION_CHILD_H

#include <stdnoreturn.h>
#include <sys/types.h>

/* Serves the client on sock until it disconnects, then exits. */
noreturn void child_serve(int sock, const char *peer, pid_t daemon_pid);
/* How long a session looks for its client's next request before it
 * sleeps (--poll-us; 0: never). */
extern unsigned child_poll_micros;

/* --request-timeout: how long a request may take to arrive whole once it
 * has begun, and a reply to be taken (transport_set_deadline). */
#define REQUEST_TIMEOUT_DEFAULT_SECONDS 60
extern unsigned child_request_seconds;

/* --idle-timeout: a session holding nothing (no handle, no memory) ends
 * after this many seconds without a request; 0: never. */
extern unsigned child_idle_seconds;

#endif
