/*
 * local_share.h -- page-locked memory shared with a server on this host.
 *
 * Over a same-host connection (stubs/link/local_connect.h), page-locked
 * memory from cuMemAllocHost and cuMemHostAlloc is a memfd mapped by both
 * processes and registered with the driver on the server, so that copies
 * from or to it move no bytes through the socket (stubs/local/local_copy.h).
 */
#ifndef ONCUDA_LOCAL_SHARE_H
#define ONCUDA_LOCAL_SHARE_H

#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

#include <rpc/rpc.h>

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

#endif /* ONCUDA_LOCAL_SHARE_H */
