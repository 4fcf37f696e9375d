/*
 * stubs/copy/mirror_fetch.h -- the bytes of a large download into the
 * program's page-locked memory, fetched from its mirror once it landed
 * (mirror_fetch.c; idl/cuda.x, CU_MEMCPY_DTOH_MIRROR_WHOLE).
 */
#ifndef ONCUDA_MIRROR_FETCH_H
#define ONCUDA_MIRROR_FETCH_H

#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

/*
 * Fetches len bytes of the held server's page-locked mirror at mirror into
 * dst: striped on the data connections, or on the control connection c
 * when there are none (any more).  *err the server's refusal.  The
 * downloads_fetch_fn of stubs/mem/downloads.h.
 */
enum clnt_stat mirror_fetch(CLIENT *c, uint64_t mirror, void *dst, size_t len,
    int *err);

#endif
