/*
 * xprt.h -- the client's own ONC RPC transport: a CLIENT handle over a
 * connected stream socket (TCP or unix-domain), speaking standard ONC RPC
 * with record marking (RFC 5531) and AUTH_NONE credentials, in place of
 * libtirpc's clnt_vc for the connections to oncudad (issue 4: the latency
 * of a synchronous call).
 *
 * What it saves per call, against clnt_vc: no signal-mask system calls (a
 * handle is not thread-safe by itself: rpc.c's connection lock serialises
 * every call on a connection, and a handle is used by one thread at a
 * time before it joins rpc.c), no poll() before each read (the timeout is
 * the socket's own, SO_RCVTIMEO and SO_SNDTIMEO), a request sent with one
 * sendmsg(MSG_NOSIGNAL) (so no SIGPIPE, and no guard against it in the
 * caller), a small reply read with one recv(), and large opaque data sent
 * from and read into the program's memory without a copy (xprt_record.h).
 * Nothing is allocated per call.
 *
 * clnt_call's semantics are clnt_vc's, which batch.c relies on:
 *  - no result routine and a zero timeout: the request is queued in the
 *    handle's buffer, not sent; RPC_SUCCESS;
 *  - a result routine and a zero timeout: queued requests and this one are
 *    sent; RPC_TIMEDOUT, and no reply is read (message passing);
 *  - anything else: queued requests and this one are sent, and the call
 *    waits for the reply whose xid is its own, skipping replies to earlier
 *    calls that timed out.
 * The wait is the timeout set with CLSET_TIMEOUT, or else the call's own.
 * It bounds each read and each send, so a call that skips stale replies
 * may take longer in all.  A timeout gives RPC_TIMEDOUT (RPC_CANTSEND with
 * errno EAGAIN for a send), a closed socket RPC_CANTRECV (ECONNRESET) or
 * RPC_CANTSEND (EPIPE), a reply's error the status clnt_vc gives (with
 * versions and auth reasons for clnt_geterr and clnt_sperror).
 *
 * clnt_control: CLGET_FD, CLSET_FD_CLOSE, CLSET_FD_NCLOSE, CLSET_TIMEOUT,
 * CLGET_TIMEOUT, CLGET_XID (of the last call), CLSET_XID (of the next
 * call, as clnt_vc), CLGET_PROG, CLGET_VERS.
 */
#ifndef ONCUDA_XPRT_H
#define ONCUDA_XPRT_H

#include <stdbool.h>

#include <rpc/rpc.h>

/*
 * A handle for program prog, version vers on the connected stream socket
 * fd; NULL when out of memory (errno ENOMEM).  clnt_destroy closes fd
 * unless CLSET_FD_NCLOSE was set (the default is CLSET_FD_CLOSE, unlike
 * clnt_vc's: the socket is the handle's).
 */
CLIENT *xprt_create(int fd, rpcprog_t prog, rpcvers_t vers);

/*
 * How long a call waiting for its reply polls the socket before it sleeps
 * (xprt_record.h, record_poll), for the handles created from now on; the
 * default is 50 microseconds, 0 sleeps at once.  The CUDA driver waits for
 * the GPU the same way unless told to block (CU_CTX_SCHED_BLOCKING_SYNC),
 * and spins for the whole wait where oncuda spins at most this long.
 */
void xprt_poll_before_sleeping(unsigned micros);

/* The credential flavor of RFC 9289's probe. */
#define XPRT_AUTH_TLS 7

struct tls_channel;

/*
 * RFC 9289's probe: a null call with an AUTH_TLS credential.  *starttls:
 * the server answered it with the verifier "STARTTLS", and waits for the
 * client's TLS handshake on the socket.  Otherwise the status of the call
 * (RPC_AUTHERROR: a server that offers no TLS).
 */
enum clnt_stat xprt_probe_tls(CLIENT *c, struct timeval timeout,
    bool *starttls);

/* Whether the handle's bytes go through TLS. */
bool xprt_in_tls(CLIENT *c);

/* Why the last call failed inside TLS, when a TLS record failed (a
 * garbage or tampered record, an alert), in words; NULL otherwise. */
const char *xprt_tls_error(CLIENT *c);

/* From now on every byte goes through ch, which the handle owns. */
void xprt_use_tls(CLIENT *c, struct tls_channel *ch);

struct ring_channel;

/* The same for the same-host path's rings (ring_channel.h), before the
 * handle is shared with another thread.  false (ch not taken): the server
 * sent bytes past the reply that switched, which the switch would lose. */
bool xprt_use_ring(CLIENT *c, struct ring_channel *ch);

/* Whether the handle's bytes go through rings in shared memory. */
bool xprt_in_ring(CLIENT *c);

struct record_detached;

/*
 * The records queued on the handle, sent by another thread while the
 * program goes on queuing (xprt_record.h, record_detach; batch.c's
 * flusher).  xprt_detach_queued, under the connection's lock, hands them
 * to d; false: nothing is queued, the handle is inside TLS, or its wire
 * failed before (xprt_wire_status), and the caller ships them the usual
 * way.  xprt_send_detached, after the lock is given back, sends them
 * within the handle's wait, as a call's send would be bounded; the handle
 * may be destroyed once it returns.  false: it failed, which the next
 * call that sends (or xprt_wire_status) reports.
 */
bool xprt_detach_queued(CLIENT *c, struct record_detached *d);
bool xprt_send_detached(CLIENT *c, struct record_detached *d);

/* Under the connection's lock: RPC_SUCCESS, or how a detached send failed
 * (RPC_CANTSEND, RPC_TIMEDOUT), which clnt_geterr then describes. */
enum clnt_stat xprt_wire_status(CLIENT *c);

/* Around fork(), with the connection's lock held: no detached send is
 * half done in the child (xprt_record.h, record_wire_hold). */
void xprt_wire_hold(CLIENT *c);
void xprt_wire_release(CLIENT *c);

#endif /* ONCUDA_XPRT_H */
