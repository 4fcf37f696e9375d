/*
 * server/svc/svc_local.h -- the server's side of the same-host path
 * (svc_local.c), as the rest of oncudad tunes it.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_LOCAL_H
#define ONCUDA_SERVER_SVC_SVC_LOCAL_H

#include <stdbool.h>

/*
 * How long ONCUDA_LOCAL_OFFER waits for the client's descriptor after its
 * reply, in milliseconds (10 s).  The fuzz target shortens it: its inputs
 * offer memory and never send one.
 */
extern int local_descriptor_wait_ms;

/* Whether sock is a unix-domain socket, where descriptors can travel. */
bool local_on_unix_socket(int sock);

/*
 * Reads the one byte the client sends after the reply of a procedure that
 * waits for descriptors (ONCUDA_LOCAL_OFFER, ONCUDA_LOCAL_RING), waiting
 * local_descriptor_wait_ms at most, into fds: exactly count (1 to 4) of
 * them, or false (logged, naming what), nothing kept.
 */
bool local_receive_descriptors(int sock, int *fds, unsigned count,
    const char *what);

#endif
