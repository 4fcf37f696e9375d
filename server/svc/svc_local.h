/*
 * server/svc/svc_local.h -- the server's side of the same-host path
 * (svc_local.c), as the rest of oncudad tunes it.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_LOCAL_H
#define ONCUDA_SERVER_SVC_SVC_LOCAL_H

/*
 * How long ONCUDA_LOCAL_OFFER waits for the client's descriptor after its
 * reply, in milliseconds (10 s).  The fuzz target shortens it: its inputs
 * offer memory and never send one.
 */
extern int local_descriptor_wait_ms;

#endif
