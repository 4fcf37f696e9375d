/*
 * server/session/oneway.c -- one-way procedures and the errors they leave behind.
 *
 * A one-way call (idl/cuda.x, "Marks: one-way") is dispatched like any other:
 * rpcgen's dispatcher decodes it, the procedure runs and the dispatcher
 * sends the result with svc_sendreply.  The reply is what must not happen,
 * so the transport's reply operation is wrapped: for a one-way procedure
 * it keeps the result's error and sends nothing.  The generated and the
 * hand-written procedures stay as they are.
 *
 * The kept error is returned by the next procedure that reports deferred
 * errors, in place of its own success.  The wrapper sits outside calltrace,
 * so the trace shows the result the client really got; a one-way result is
 * handed to calltrace_unsent for the trace instead.  Requests are served
 * one at a time, in the client's order: a one-way call's error is kept
 * before the reply of any call the client made after it.
 */
#include <string.h>

#include <cuda.h>

#include "server/session/calltrace.h"
#include "gen/cuda_names.h"
#include "server/session/log.h"
#include "server/session/oneway.h"

static const struct xp_ops *inner_ops;
static struct xp_ops oneway_ops;

/*
 * The procedure of the request being dispatched; NO_PROC from the moment a
 * request is read until it reaches the dispatcher.  The transport answers
 * some requests without dispatching them (another program or version, a
 * credential it refuses): those replies are RPC's own and always go out,
 * whatever the previous request was.
 */
#define NO_PROC ((rpcproc_t)~0u)
static rpcproc_t current_proc = NO_PROC;

/* The first error of a one-way call not yet reported; CUDA_SUCCESS if none. */
static int deferred;

/*
 * Which procedures are one-way, and which report deferred errors, is said
 * once, by the Marks: lines of idl/cuda.x; tools/gen-glue.py writes them
 * here as marked_oneway() and marked_reports_deferred().  The latter are
 * the calls that wait for queued work, where CUDA reports errors of
 * asynchronous work: synchronizing a context, stream or event, asking
 * whether a stream or event is done (a program that polls must learn of
 * the failure), and the synchronous copies, which wait for the legacy
 * stream.  For each, an error result is the CUresult alone on the wire.
 */
#include "gen/oneway_procs.inc"

bool oneway_proc(rpcproc_t proc)
{
	return marked_oneway(proc);
}

/* The CUresult that leads every result union of the protocol. */
static int result_error(const struct rpc_msg *msg)
{
	int err;

	memcpy(&err, msg->acpted_rply.ar_results.where, sizeof(err));
	return err;
}

static void keep(int err)
{
	if (err == CUDA_SUCCESS)
		return;
	if (deferred == CUDA_SUCCESS) {
		deferred = err;
		log_msg(LOG_DEBUG, "one-way procedure %lu failed (%d): kept for "
		    "the next synchronizing call", (unsigned long)current_proc,
		    err);
	} else {
		log_msg(LOG_DEBUG, "one-way procedure %lu failed (%d) while an "
		    "earlier error (%d) waits to be reported: not kept",
		    (unsigned long)current_proc, err, deferred);
	}
}

static bool_t oneway_reply(SVCXPRT *xprt, struct rpc_msg *msg)
{
	static res_none reported;
	bool accepted = msg->rm_reply.rp_stat == MSG_ACCEPTED &&
	    msg->acpted_rply.ar_stat == SUCCESS;
	int err;

	if (current_proc != NO_PROC && oneway_proc(current_proc)) {
		/* A call that did not even decode was the client's bug. */
		keep(accepted ? result_error(msg) : CUDA_ERROR_INVALID_VALUE);
		calltrace_unsent(msg);
		return TRUE;
	}
	if (accepted && deferred != CUDA_SUCCESS &&
	    marked_reports_deferred(current_proc)) {
		err = result_error(msg);
		/*
		 * Another result is sent in its place, so that the dispatcher
		 * still frees the real one as it is (data it holds included).
		 */
		if (err == CUDA_SUCCESS || err == CUDA_ERROR_NOT_READY) {
			reported.err = deferred;
			msg->acpted_rply.ar_results.where = (caddr_t)&reported;
			msg->acpted_rply.ar_results.proc =
			    (xdrproc_t)xdr_res_none;
			deferred = CUDA_SUCCESS;
		}
	}
	return inner_ops->xp_reply(xprt, msg);
}

static bool_t oneway_recv(SVCXPRT *xprt, struct rpc_msg *msg)
{
	current_proc = NO_PROC;
	return inner_ops->xp_recv(xprt, msg);
}

/* The reply operation needs the procedure; the dispatcher passes it here. */
static calltrace_dispatch inner_dispatch;

static void oneway_dispatch(struct svc_req *request, SVCXPRT *xprt)
{
	current_proc = request->rq_proc;
	inner_dispatch(request, xprt);
}

calltrace_dispatch oneway_session_start(SVCXPRT *xprt, calltrace_dispatch real)
{
	inner_ops = xprt->xp_ops;
	oneway_ops = *inner_ops;
	oneway_ops.xp_reply = oneway_reply;
	oneway_ops.xp_recv = oneway_recv;
	xprt->xp_ops = &oneway_ops;
	inner_dispatch = real;
	current_proc = NO_PROC;
	deferred = CUDA_SUCCESS;	/* a new session (the fuzz target makes many) */
	return oneway_dispatch;
}

/* ONCUDA_FLUSH: its arrival was its purpose. */
bool_t oncuda_flush_svc(res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = CUDA_SUCCESS;
	return FALSE;
}
