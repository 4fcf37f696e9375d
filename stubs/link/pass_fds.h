/*
 * pass_fds.h -- descriptors to a server on this host, over the
 * connection's own unix-domain socket, and the memory they pass.
 *
 * A descriptor travels as the ancillary data (SCM_RIGHTS) of one byte,
 * sent in the pause the protocol makes for it: after the reply of the
 * procedure that asks for it (ONCUDA_LOCAL_OFFER, ONCUDA_LOCAL_RING),
 * which the server follows by reading that byte itself.
 */
#ifndef ONCUDA_PASS_FDS_H
#define ONCUDA_PASS_FDS_H

#include <stdbool.h>
#include <stddef.h>

#include <rpc/rpc.h>

/*
 * A memfd of size bytes, zero-filled, sealed against any change of size
 * (the server's mapping can then never be cut short under it: SIGBUS
 * there) and mapped here at *p: memory to pass.  -1 when the kernel
 * refuses (errno).
 */
int pass_fds_memfd(const char *name, size_t size, void **p);

/* Sends count (1 to 4) descriptors fds on c's socket; false: it failed. */
bool pass_fds(CLIENT *c, const int *fds, unsigned count);

#endif /* ONCUDA_PASS_FDS_H */
