/*
 * local_ring.h -- the same-host connection's records through rings in
 * shared memory (common/ring_channel.h, ONCUDA_LOCAL_RING in idl/cuda.x).
 *
 * On by default on the unix-domain socket; ONCUDA_LOCAL_RING=0 keeps the
 * records on the socket (for comparison, or to rule the rings out).
 */
#ifndef ONCUDA_LOCAL_RING_H
#define ONCUDA_LOCAL_RING_H

#include <stdbool.h>

#include <rpc/rpc.h>

/*
 * Offers c's server the rings and, when it takes them, switches c to
 * them; c must be a fresh same-host handle no other thread has.  A server
 * that refuses or does not know the procedure leaves c on the socket.
 * false: the connection failed meanwhile (the caller drops it).
 */
bool local_ring_start(CLIENT *c);

#endif /* ONCUDA_LOCAL_RING_H */
