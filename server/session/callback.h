/*
 * server/session/callback.h -- the callback connection: the session calls
 * its client back to run the program's host functions (idl/cuda.x, "the
 * callback program").
 *
 * The trampolines are the host functions the server gives its driver; the
 * driver calls them on a thread of its own (or, in the stand-in, on the
 * session's), each with a struct callback_arg made here.  They are the one
 * part of a session that runs off the session's thread: the channel is
 * locked, and what they read of an argument is written before the driver
 * sees it.
 */
#ifndef ONCUDA_SERVER_SESSION_CALLBACK_H
#define ONCUDA_SERVER_SESSION_CALLBACK_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>
#include "gen/cuda_names.h"

/* What a trampoline calls back with. */
struct callback_arg;

/*
 * A trampoline's argument for the client's fn.  kept: it outlives its
 * first call (a graph's host node, a launch into a capturing stream),
 * and is freed when the session ends; otherwise the trampoline frees it
 * once it has run (free it with callback_arg_drop if the driver refused
 * it).  NULL when out of memory.
 */
struct callback_arg *callback_arg_new(host_call_kind kind, const host_fn *fn,
    uint64_t client_stream, bool kept);
void callback_arg_drop(struct callback_arg *a);

/* The client's function of an argument (host node parameters). */
host_fn callback_arg_fn(const struct callback_arg *a);

/* Whether a user object's destructor has run (its argument is kept). */
bool callback_arg_ran(const struct callback_arg *a);

/* The trampolines, by the driver's signatures. */
void CUDA_CB callback_host_trampoline(void *arg);
void CUDA_CB callback_stream_trampoline(CUstream stream, CUresult status,
    void *arg);

/*
 * Sends a notice to the client (ONCUDA_CALLBACK_NOTICE), waiting for no
 * reply; false when the connection is not bound or failed.  Any thread
 * but a trampoline's: it waits while a host function runs.
 */
bool callback_send_notice(driver_notice *n);

/* Whether the client has bound its callback connection. */
bool callback_bound(void);

/* ONCUDA_CALLBACK_OFFER, _ATTACH and _BIND (idl/cuda.x). */
CUresult callback_open_offer(callback_offer *out);
CUresult callback_hand_over(const callback_offer *offer, int connection);
CUresult callback_take_over(void);

/* Why the session ends after this reply (it handed its connection over to
 * another session), or NULL. */
const char *callback_session_over(void);

/* Before the session's teardown: shuts the callback connection down, so a
 * trampoline waiting on it returns and later ones return at once. */
void callback_session_end(void);

/* After the teardown: frees the kept arguments. */
void callback_session_free(void);

#endif
