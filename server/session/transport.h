/*
 * server/session/transport.h -- the session's ONC RPC transport: a SVCXPRT over
 * the client's connected stream socket (TCP or unix-domain), in place of
 * libtirpc's svc_vc (issue 4: the latency of a synchronous call and the
 * speed of large copies).
 *
 * Requests are read with the record stream the client uses
 * (common/xprt_record.h): a request of up to 64 KiB takes one recv(), and
 * opaque data of 4 KiB or more is read straight into the memory its XDR
 * routine decodes into (a staging slot, for an upload); a reply goes out
 * with one sendmsg(MSG_NOSIGNAL), its large opaque data sent from where it
 * lies.  libtirpc's transport instead polls before each read, copies every
 * byte through its record buffers, writes a large reply in 1 MiB pieces,
 * and takes a lock per request.
 *
 * The SVCXPRT is a standard one: rpcgen's dispatcher, svc_getargs,
 * svc_sendreply, svc_freeargs and the svcerr_* replies work through its
 * operations table, and the session's wrappers of that table (getargs.c,
 * calltrace.c, oneway.c, server/copy/staging.c) wrap it as they wrapped
 * libtirpc's.  It is never registered with libtirpc (svc_reg): the session
 * loop (child.c) calls transport_serve itself.
 *
 * What is accepted of a request, as libtirpc's svc_getreq_common does: a
 * call message of RPC version 2 (anything else ends the session: the peer
 * does not speak ONC RPC); the AUTH_TLS probe of RFC 9289 (a null call
 * answered with the verifier "STARTTLS" when TLS is offered, then the
 * handshake, and every record after inside TLS; AUTH_BADCRED when it is
 * not, or for a second probe); credentials AUTH_NONE or AUTH_SYS, which are
 * not used (oncudad's own key exchange authenticates, auth.c), anything
 * else refused with AUTH_REJECTEDCRED; the program and version given to
 * transport_create, or PROG_UNAVAIL / PROG_MISMATCH.  Replies carry an
 * AUTH_NONE verifier.
 *
 * Blocking: reads and sends block; the session waits for a request with
 * ppoll() first (child.c, on what transport_sleep_prepare gives) unless
 * transport_pending says one is buffered, or transport_poll finds one
 * arriving.
 */
#ifndef ONCUDA_SERVER_TRANSPORT_H
#define ONCUDA_SERVER_TRANSPORT_H

#include <poll.h>
#include <stdbool.h>

#include <rpc/rpc.h>

typedef void (*transport_dispatch)(struct svc_req *request, SVCXPRT *xprt);

/* A transport serving prog, version vers on fd, which it owns from now
 * on (svc_destroy closes it); NULL when out of memory. */
SVCXPRT *transport_create(int fd, rpcprog_t prog, rpcvers_t vers);

/*
 * Offers TLS to the client's AUTH_TLS probe: start makes the handshake on
 * the socket within ms and returns the channel, or NULL (the session then
 * ends).  Not called: the probe is refused, as by a server without TLS.
 */
struct tls_channel;
typedef struct tls_channel *(*transport_starttls)(int fd, long ms);
void transport_offer_tls(SVCXPRT *xprt, transport_starttls start);

/*
 * From now on reads and sends go through ring (ring_channel.h), which the
 * transport owns; between requests only, after the reply that says so
 * has been sent on the socket (ONCUDA_LOCAL_RING_START).
 */
struct ring_channel;
void transport_use_ring(SVCXPRT *xprt, struct ring_channel *ring);

/*
 * What the session polls while it waits for a request: fills pfds and
 * returns how many (1: the socket; 2 with rings: their eventfd and the
 * socket, whose end is the client's), or 0 when a request came meanwhile
 * and there is nothing to sleep for.  After the poll, transport_woken
 * (pfds as the poll left them) settles it: false when the connection is
 * over, *why saying why; a request may or may not have come.
 */
unsigned transport_sleep_prepare(SVCXPRT *xprt, struct pollfd pfds[2]);
bool transport_woken(SVCXPRT *xprt, const struct pollfd pfds[2],
    const char **why);

/* Whether bytes of the next request are read already (waiting for the
 * socket to become readable would then wait for the wrong thing). */
bool transport_pending(const SVCXPRT *xprt);

/* Looks for the next request for up to ns nanoseconds without sleeping
 * (record_poll, xprt_record.h); true: it has begun to arrive. */
bool transport_poll(SVCXPRT *xprt, long ns);

/*
 * Bounds the reading of each request (header and arguments) and the sending
 * of each reply to ms milliseconds, however slowly the client sends or
 * takes the bytes; 0: no bound.  The work between the two, the CUDA call,
 * is not bounded: a synchronisation may rightly take hours.
 */
void transport_set_deadline(SVCXPRT *xprt, long ms);

/*
 * Reads one request and serves it through dispatch.  false: the
 * connection is over (the client closed it, it failed, or the client sent
 * something that is not an ONC RPC call, or a reply could not be sent),
 * and *why says which.
 */
bool transport_serve(SVCXPRT *xprt, transport_dispatch dispatch,
    const char **why);

/*
 * Sends a call of prog, version vers, procedure proc with args to the
 * client on its own connection (a backchannel: the client reads it while
 * it waits for its next reply), with no reply expected.  Between requests
 * only, from the session's thread.  false: it could not be sent, and the
 * connection is over as when a reply cannot be sent.
 */
bool transport_call_back(SVCXPRT *xprt, rpcprog_t prog, rpcvers_t vers,
    rpcproc_t proc, xdrproc_t xargs, void *args);

#endif /* ONCUDA_SERVER_TRANSPORT_H */
