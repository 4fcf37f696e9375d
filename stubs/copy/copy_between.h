/*
 * copy_between.h -- copies and servers: which one a copy goes to, and
 * device-to-device copies between two of them.
 */
#ifndef ONCUDA_COPY_BETWEEN_H
#define ONCUDA_COPY_BETWEEN_H

#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

#include "stubs/copy/copy_wire.h"
#include "stubs/route/call.h"

/*
 * Copies count bytes from device memory src, in context src_ctx, to dst
 * in dst_ctx, where the two contexts are on different servers (route.h).
 * Synchronous, whatever form the program called.
 */
CUresult copy_between_servers(CUcontext dst_ctx, CUdeviceptr dst,
    CUcontext src_ctx, CUdeviceptr src, size_t count);

/*
 * Begins call k (call.h) for a copy on stream s that touches device
 * memory at dev (0: none known): on the stream's server for a stream of
 * the program's, else where the memory is (memory.h).  *wire: s as that
 * server knows it.  The error when the stream is unknown or the server
 * unreachable.
 */
CUresult copy_call(struct call *k, const struct copy_stream *s,
    CUdeviceptr dev, struct copy_stream *wire);

/*
 * Before the client itself moves bytes of the program's memory in stream
 * s's order: waits for s's earlier work and fetches what the GPU wrote
 * into mapped memory (copy.c).
 */
CUresult copy_host_settle(const struct copy_stream *s);

/*
 * When s is an asynchronous copy's stream that is being captured: *mirror
 * becomes the device address of the server's mirror of the span bytes of
 * host memory at host (host_mirror.h), which the copy is to name in their
 * place, as the captured node will read or write them at each replay
 * (copy.c).  Else *mirror is 0.  dev: the copy's device memory, as for
 * copy_call.
 */
CUresult copy_capture_mirror(const struct copy_stream *s, CUdeviceptr dev,
    const void *host, size_t span, uint64_t *mirror);

#endif
