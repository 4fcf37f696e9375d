/*
 * copy_wire.h -- one message of a copy.
 *
 * Each function makes one call on a connection the caller holds (within
 * one call of call.h, so that the pieces of one copy go out back to
 * back), returns the RPC status and sets *err to the CUresult the server's
 * driver returned.  Host bytes travel straight from and to the program's
 * memory: they are encoded from it and decoded into it, never staged.
 */
#ifndef ONCUDA_COPY_WIRE_H
#define ONCUDA_COPY_WIRE_H

#include <stdbool.h>
#include <stddef.h>

#include "gen/cuda_names.h"

/* Which form of a copy the program called. */
struct copy_stream {
	cu_handle handle;	/* for the asynchronous forms */
	bool async;
};

/* The synchronous forms: ordered on the NULL (legacy) stream, as in CUDA. */
extern const struct copy_stream copy_sync;

/* len bytes from host src to device dst (len <= ONCUDA_CHUNK_MAX). */
enum clnt_stat wire_htod(CLIENT *c, cu_dptr dst, const void *src, size_t len,
    const struct copy_stream *s, int *err);

/*
 * len bytes from device src into host dst.  A server that answers with
 * another number of bytes breaks the protocol: the answer is refused
 * before a byte is stored (RPC_CANTDECODERES), as libtirpc's xdr_bytes
 * would otherwise write as many bytes as the server sent (up to the
 * protocol's bound, ONCUDA_CHUNK_MAX) into memory sized for len.
 */
enum clnt_stat wire_dtoh(CLIENT *c, void *dst, cu_dptr src, size_t len,
    const struct copy_stream *s, int *err);

/* height packed rows of width bytes from host rows into the region dst. */
enum clnt_stat wire_2d_htod(CLIENT *c, const dev_region *dst, size_t width,
    size_t height, const void *rows, const struct copy_stream *s, int *err);

/* height rows of width bytes from the region src, packed into host rows. */
enum clnt_stat wire_2d_dtoh(CLIENT *c, void *rows, const dev_region *src,
    size_t width, size_t height, const struct copy_stream *s, int *err);

/*
 * The 3D copies: extent bytes, packed, from host bytes to the device or
 * array side dst (in context ctx, 0: none), and from src into host bytes.
 * stream and async as in struct copy_stream, stream being the server's.
 */
enum clnt_stat wire_3d_to(CLIENT *c, const copy_side *dst, cu_handle ctx,
    const copy_extent *e, const void *bytes, cu_handle stream, bool async,
    int *err);
enum clnt_stat wire_3d_from(CLIENT *c, void *bytes, const copy_side *src,
    cu_handle ctx, const copy_extent *e, cu_handle stream, bool async,
    int *err);

/* Waits for the stream of s (the NULL stream for the synchronous forms). */
enum clnt_stat wire_sync(CLIENT *c, const struct copy_stream *s, int *err);

#endif /* ONCUDA_COPY_WIRE_H */
