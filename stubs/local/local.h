/*
 * local.h -- the same-host path (issue 4; README, "Same host").
 *
 * When oncudad runs on the client's own host the connection goes over its
 * unix-domain socket instead of TCP (local_connect.c), page-locked memory
 * from cuMemAllocHost and cuMemHostAlloc is a memfd mapped by both
 * processes and registered with the driver on the server (local_share.c),
 * and copies move no bytes through the socket: a copy from or to shared
 * memory is one call naming an offset, and pageable memory goes through a
 * shared staging area (local_copy.c).
 *
 * ONCUDA_TRANSPORT=tcp keeps a client on TCP; =local fails rather than use
 * TCP; unset or auto takes the unix socket when the server is on this host.
 */
#ifndef ONCUDA_LOCAL_H
#define ONCUDA_LOCAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/link/server_target.h"
#include "stubs/copy/copy_wire.h"

/* Proves a fresh handle (null call, key exchange); false after saying why. */
typedef bool (*local_finish_fn)(CLIENT *clnt, const struct server_target *target);

/*
 * Given the proven TCP handle tcp, returns the handle to use: a new one on
 * the server's unix-domain socket when the server is on this host and
 * ONCUDA_TRANSPORT allows (tcp is then destroyed), else tcp.  NULL (tcp
 * destroyed, reason said) when ONCUDA_TRANSPORT=local cannot be honoured.
 */
CLIENT *local_transport_choose(CLIENT *tcp, const struct server_target *target,
    local_finish_fn finish);

/*
 * Whether c, a connection the caller holds, is a same-host one (its socket
 * is a unix-domain socket).  Each server of ONCUDA_SERVER has its own
 * connection, and only some may be on this host.
 */
bool local_link(CLIENT *c);

/*
 * Shared page-locked memory of size bytes for cuMemAllocHost/cuMemHostAlloc
 * (flags as those take), on the held connection c: *client is the
 * program's mapping, *server the server's address of it.  RPC_SUCCESS with
 * *err CUDA_SUCCESS when shared; a CUDA error in *err when the server
 * could not take it (nothing is left mapped: the caller may fall back to
 * mirrored memory); another status when the connection failed.
 */
enum clnt_stat local_share(CLIENT *c, size_t size, unsigned int flags,
    void **client, uint64_t *server, int *err);

/*
 * A copy between device memory dev and host memory host over c, a held
 * same-host connection (local_link): one call when host lies in memory
 * shared with that server, else through c's staging area.  Ends the
 * connection's hold (rpc_end) and returns the copy's result.
 */
CUresult local_copy(CLIENT *c, bool to_device, CUdeviceptr dev,
    const void *host, size_t count, const struct copy_stream *s);

#endif /* ONCUDA_LOCAL_H */
