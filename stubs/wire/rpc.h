/*
 * rpc.h -- the client's connections to oncudad and their call discipline.
 *
 * One connection per server that ONCUDA_SERVER names, shared by all
 * threads: every RPC is made between rpc_begin_at() and rpc_end(), which
 * hold that connection's lock, so calls of different threads never
 * interleave on the wire.  A connection is made on first use
 * (ONCUDA_SERVER, ONCUDA_TIMEOUT: see rpcaddr.h).  This layer is told the
 * server and the context of a call; the choosing is stubs/route/call.h's,
 * whose begins and ends are what glue calls.  A thread holds one
 * connection at a time.
 *
 * The current context is per thread on the client (ctxstack.h) but per
 * connection on the server.  rpc_begin_at() therefore sends
 * CU_CTX_SET_CURRENT when the context it is given differs from the one
 * last made current on the server, so that every call runs in the calling
 * thread's context.
 *
 * fork(): the child never uses the parent's connection.  It starts as a
 * new session, like a fresh process: its first call connects again, to a
 * new server process, and it must call cuInit itself; contexts, memory and
 * other handles of the parent mean nothing there.  A fork waits for an RPC
 * in progress on another thread to finish (at most ONCUDA_TIMEOUT).
 */
#ifndef ONCUDA_RPC_H
#define ONCUDA_RPC_H

#include <stdbool.h>
#include <time.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "gen/cuda_names.h"
#include "stubs/link/server_target.h"
#include "stubs/link/say.h"
#include "stubs/wire/tag.h"

/*
 * Takes the lock of the connection to server (an index into the list
 * ONCUDA_SERVER names; 0 when out of range), connecting on first use, and
 * returns the handle; NULL when there is no connection (lock not held; the
 * reason was printed once).  sync (once cuInit has succeeded): makes ctx
 * current on the server first when ctx is that server's (its tag, tag.h),
 * else the context the calling thread last had current there, or none:
 * never some other thread's.  A pair rpc_begin_at/rpc_end may enclose
 * several calls that must not interleave with other threads' (image
 * staging and load, chunked copies).
 */
CLIENT *rpc_begin_at(unsigned server, bool sync, CUcontext ctx);

/* Whether the calling thread holds a connection (between rpc_begin_at and
 * rpc_end): the precondition of what follows them, asserted. */
bool rpc_lock_held(void);

/* How many servers ONCUDA_SERVER names (1 when it is unusable). */
unsigned rpc_server_count(void);

/* A server as messages name it ("host:port"). */
const char *rpc_server_name(unsigned server);

/* How to reach server, for a second connection to it (the callback
 * connection, stubs/stream/callback.h). */
const struct server_target *rpc_server_target(unsigned server);

/* Whether cuInit has succeeded in this session. */
bool rpc_initialised(void);

/*
 * Releases the lock; CUDA_SUCCESS when st == RPC_SUCCESS, otherwise reports
 * the failure once ("oncuda: lost connection ...") and returns
 * CUDA_ERROR_DEVICE_UNAVAILABLE; every later rpc_begin then fails at once.
 */
CUresult rpc_end(enum clnt_stat st);

/*
 * The CUresult a server's reply carries, as the program may see it: a value
 * the driver API does not define (a damaged or hostile reply, or a server
 * of another CUDA version) becomes CUDA_ERROR_UNKNOWN, and is named once on
 * stderr.
 */
CUresult rpc_server_result(int err);

/*
 * The error to return when rpc_begin_at returned NULL: CUDA_ERROR_DEVICE_UNAVAILABLE
 * once the connection was lost, CUDA_ERROR_NOT_INITIALIZED when the server
 * was never reached (what the driver answers after a failed cuInit).
 */
CUresult rpc_unavailable(void);

/* Whether a connection to oncudad was ever made by this process (session). */
bool rpc_reached(void);

/*
 * CUDA_ERROR_NOT_INITIALIZED before a successful cuInit in this session,
 * CUDA_ERROR_DEVICE_UNAVAILABLE once the connection to server is lost,
 * else CUDA_SUCCESS (call.h's rpc_local_check, for the current server).
 */
CUresult rpc_link_check(unsigned server);

/* Between rpc_begin_at and rpc_end only (asserted). */

/* The index of the server whose connection the calling thread holds. */
unsigned rpc_held_index(void);

/* The context current on that server now (its own value, untagged). */
cu_handle rpc_held_context(void);

/* cuInit succeeded on the server. */
void rpc_mark_initialised(void);

/* The server's current context is now ctx (it just made it current); a
 * tag (route.h) is ignored. */
void rpc_server_context_is(cu_handle ctx);

/* The server's current context may have changed in a way the client
 * cannot tell (a context or primary context went away). */
void rpc_server_context_unknown(void);

/* The capture mode of the session's server thread (a CUstreamCaptureMode;
 * a new session's is CU_STREAM_CAPTURE_MODE_GLOBAL, the driver's default),
 * and what it is now that the caller has sent another. */
int rpc_held_capture_mode(void);
void rpc_server_capture_mode_is(int mode);

/*
 * Drops every connection without a word, as a fork's child does: the next
 * call connects again, to a new session, and cuInit must be called again.
 * For the client fuzz target (tests/fuzz/fuzz_client.c), which plays a
 * new server to each input; the calling thread holds no connection.
 */
void rpc_new_session(void);

#endif
