/*
 * batch.h -- one-way calls: sent without waiting for a reply.
 *
 * idl/cuda.x's "one-way" procedures queue work whose result the program
 * does not wait for.  They go out as ONC RPC batched calls: the
 * connection's transport (xprt.h) encodes the record into the connection's send buffer and returns, and
 * the buffer is written by the next call that waits for a reply (which
 * keeps the order of all calls), when it fills, or by the flusher thread:
 * once the program has queued nothing for BATCH_FLUSH_DELAY_US (so at most
 * about twice that after its last call), and every twice that while it
 * queues without pause.  An error such a call causes on the server is
 * reported by the next synchronizing call (idl/cuda.x, "reports deferred
 * errors").
 *
 * What still waits when the process exits (exit(), or return from main)
 * is shipped by the library's destructor, after the program's atexit
 * handlers, waiting for the connections and the sends about a second at
 * most (batch.c): the server runs it as it ends the session.
 * _exit(), a crash or a fatal signal leaves it unsent.
 *
 * ONCUDA_BATCH=0 sends each one-way call at once, still without waiting
 * for a reply; also the fallback when the flusher thread cannot start.
 */
#ifndef ONCUDA_BATCH_H
#define ONCUDA_BATCH_H

#include <time.h>

#include <rpc/rpc.h>

/* How often the flusher looks at queued records (see above). */
#define BATCH_FLUSH_DELAY_US 50

/*
 * Between a call's begin and end (call.h): sends the one-way call proc with its
 * arguments.  RPC_SUCCESS once it is queued or sent; any other status
 * means the connection failed (give it to rpc_end).
 */
enum clnt_stat batch_send(CLIENT *c, rpcproc_t proc, xdrproc_t xdr_args,
    void *args);

/*
 * How the flusher takes a connection (rpc.c hands it over, so that this
 * file, below rpc.c, calls nothing of it): take locks the connection to
 * server when it is up, by deadline (CLOCK_REALTIME) at most, NULL: as
 * long as it takes; NULL when it is not up or the deadline passed.  give
 * releases it, with the status of the call made on it.
 */
struct batch_links {
	CLIENT *(*take)(unsigned server, const struct timespec *deadline);
	void (*give)(enum clnt_stat st);
};

/* rpc.c, for each new connection (to server, an index into the list of
 * rpc.h), under the connection lock: watch c's calls, to know when
 * queued records wait for the flusher, which takes connections through
 * links. */
void batch_watch(CLIENT *c, unsigned server, const struct batch_links *links);

#endif
