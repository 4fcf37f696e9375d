/*
 * downloads.h -- asynchronous downloads into the program's page-locked
 * memory over TCP (downloads.c; idl/cuda.x, CU_MEMCPY_DTOH_MIRROR): queued
 * into the memory's mirror on the server, their bytes brought here at the
 * program's next synchronizing call.  Every function here is called within
 * a call (between a begin of call.h and call_end), on the connection of
 * the server that holds the mirror.
 */
#ifndef ONCUDA_DOWNLOADS_H
#define ONCUDA_DOWNLOADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

/*
 * Fetches len bytes of the held server's mirror at mirror into dst, on
 * the held connection c; *err the server's refusal.  Handed down by the
 * copy layer, which knows the data connections (the mem layer may not
 * call it: docs/architecture.md).
 */
typedef enum clnt_stat (*downloads_fetch_fn)(CLIENT *c, uint64_t mirror,
    void *dst, size_t len, int *err);

/*
 * Queues the download of len bytes of device memory at src into the
 * program's memory at dst, whose mirror on the held server is at mirror,
 * on stream; one-way.  whole NULL: len is one chunk, whose bytes come in
 * the landing's answer (CU_MEMCPY_DTOH_MIRROR); otherwise any size, queued
 * whole (CU_MEMCPY_DTOH_MIRROR_WHOLE), whose bytes whole fetches once it
 * landed.  *queued false: PENDING_DOWNLOADS_MAX are pending, and nothing
 * was sent (the caller copies the way it would have without the mirror,
 * after mapped_settle).  *err as for mapped_push.
 */
enum clnt_stat downloads_queue(CLIENT *c, void *dst, uint64_t mirror,
    uint64_t src, size_t len, uint64_t stream, downloads_fetch_fn whole,
    bool *queued, int *err);

/*
 * After a synchronizing call: writes the bytes of every download of the
 * held server that is complete into the program's memory and forgets it;
 * *landed: some did.  Makes no call when none is pending.  *err as for
 * mapped_push.  The caller then pulls mapped memory (mapped.c: the landed
 * bytes may be of a tracked mirror, whose shadows must learn them before
 * the program writes there again).
 */
enum clnt_stat downloads_land(CLIENT *c, bool *landed, int *err);

/*
 * Before the program's memory at [p, p + len) is written by other means
 * (a copy that does not go through the mirror, the mirror's bytes being
 * reset): waits for the held server's pending downloads, when one of them
 * writes there, and lands them, as downloads_land.
 */
enum clnt_stat downloads_settle(CLIENT *c, const void *p, size_t len,
    bool *landed, int *err);

#endif
