/*
 * mapped.h -- keeping mapped page-locked host memory coherent (mapped.c
 * explains how).  Every function here is called within a call (between
 * a begin of call.h and call_end): the connection lock also guards the
 * tracked buffers.
 */
#ifndef ONCUDA_MAPPED_H
#define ONCUDA_MAPPED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

/*
 * Starts tracking size bytes of the program's memory at client, mirrored at
 * server, whose device address the program has just been given.  Tracking
 * a pair of buffers twice is tracking it once.  false: no memory for its shadow.
 */
bool mapped_track(void *client, uint64_t server, size_t size);

/*
 * Starts tracking size bytes of the program's pageable memory at client,
 * mirrored at server, which CU_HOST_MIRROR_ALLOC numbered id (host_mirror.c):
 * skipped while unmapped, forgotten once the server says it went with its
 * context (mapped.c, "Pageable memory").  Tracking a pair twice is tracking
 * it once.  false: no memory for its shadow.
 */
bool mapped_track_pageable(void *client, uint64_t server, size_t size,
    uint64_t id);

/* Whether the mirror at server of server link is tracked. */
bool mapped_tracks(unsigned link, uint64_t server);

/*
 * After a context death: forgets the pageable buffers of the held
 * connection's server whose mirrors went with it.  *err as for mapped_push.
 */
enum clnt_stat mapped_check_pageable(CLIENT *c, int *err);

/*
 * Starts tracking managed memory: size bytes at client, at the same address
 * on the server, which already keeps its shadow; its written pages are
 * watched by dirty_pages.h (the caller has added the region).  false: no
 * memory for its shadow.
 */
bool mapped_track_paged(void *client, size_t size);

/* Stops tracking the buffer that starts at client (the mirror is gone). */
void mapped_forget(const void *client);

/*
 * Before queuing work: sends what the program changed in tracked buffers.
 * *err becomes the server's error when it refused (the caller then makes
 * no call and returns it); untouched otherwise.
 */
enum clnt_stat mapped_push(CLIENT *c, int *err);

/*
 * After queued work is known complete: brings what the GPU changed in
 * tracked buffers into the program's memory.  *err as for mapped_push.
 */
enum clnt_stat mapped_pull(CLIENT *c, int *err);

/*
 * mapped_pull for a call that waited for all of the held context's work
 * (cuCtxSynchronize): afterwards, pulls skip that context until work is
 * queued in it again.
 */
enum clnt_stat mapped_pull_settled(CLIENT *c, int *err);

/*
 * mapped_pull for a buffer just tracked whose server side holds bytes the
 * program's does not (a managed variable's initial value): pulls even when
 * no work can have run, and leaves what is known of the contexts' work as
 * it was.
 */
enum clnt_stat mapped_pull_fresh(CLIENT *c, int *err);

/*
 * Before the program's memory at [p, p + len) is written straight from the
 * wire: the downloads pending there land first (downloads.h), and so do
 * the bytes of mapped memory, whose shadows must learn the landed ones.
 * *err as for mapped_push.
 */
enum clnt_stat mapped_settle(CLIENT *c, const void *p, size_t len, int *err);

#endif
