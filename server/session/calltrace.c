/*
 * server/session/calltrace.c -- tracing the requests of one client (calltrace.h).
 *
 * The dispatcher rpcgen wrote decodes the arguments with svc_getargs and
 * sends the result with svc_sendreply; both go through the transport's
 * operations table (xp_getargs, xp_reply), which hands over the xdr routine
 * and the object.  The traced transport points to a copy of that table
 * whose two entries note the arguments and the result, by running the same
 * xdr routines over a recording stream (common/trace_xdr.h), and the
 * registered dispatch function wraps rpcgen's to time the request and
 * write the line when it is done.  Requests are served one at a time, so
 * one set of statics describes the request in progress.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "server/session/calltrace.h"
#include "server/session/log.h"
#include "server/session/trace_file.h"
#include "common/trace_format.h"
#include "common/trace_stats.h"
#include "common/trace_xdr.h"

static bool to_log;
static bool to_file;			/* this session writes the trace file */
static char peer_name[64];

static calltrace_dispatch real_dispatch;
static const struct xp_ops *real_ops;
static struct xp_ops traced_ops;
static struct trace_stats *stats;

/* The request in progress. */
static struct trace_recording recording;
static rpcproc_t current_proc;
static struct trace_line arguments, result;
static bool have_arguments;
static uint64_t received, sent;

void calltrace_to_log(void)
{
	to_log = true;
}

static void write_line(const char *text)
{
	char line[TRACE_LINE_MAX + 160];
	struct timespec now;
	struct tm tm;
	size_t len;
	int n;

	if (to_log)
		log_msg(LOG_INFO, "%s", text);
	if (!to_file)
		return;
	clock_gettime(CLOCK_REALTIME, &now);
	localtime_r(&now.tv_sec, &tm);
	len = strftime(line, sizeof(line), "%Y-%m-%d %H:%M:%S", &tm);
	n = snprintf(line + len, sizeof(line) - len, ".%06ld oncudad[%ld] %s: %s\n",
	    now.tv_nsec / 1000L, (long)getpid(), peer_name, text);
	if (n < 0)
		return;
	len += (size_t)n < sizeof(line) - len ? (size_t)n : sizeof(line) - len - 1;
	trace_file_write(line, len);
}

static uint64_t now_micros(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/*
 * The recording is read at once, while the dispatcher still holds the
 * arguments and the result (it frees them before it returns).
 */
static bool_t traced_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	bool_t ok = real_ops->xp_getargs(xprt, xdr, args);

	if (ok) {
		trace_record(&recording, xdr, args);
		received = recording.encoded_bytes;
		trace_format_arguments(&arguments, current_proc, &recording);
		have_arguments = true;
	}
	return ok;
}

static void note_reply(struct rpc_msg *msg)
{
	if (msg->rm_reply.rp_stat != MSG_ACCEPTED) {
		trace_line_add(&result, "RPC rejected");
	} else if (msg->acpted_rply.ar_stat == GARBAGE_ARGS) {
		trace_line_add(&result, "RPC error: the arguments did not decode");
	} else if (msg->acpted_rply.ar_stat != SUCCESS) {
		trace_line_add(&result, "RPC error: accept status %d",
		    (int)msg->acpted_rply.ar_stat);
	} else {
		trace_record(&recording, msg->acpted_rply.ar_results.proc,
		    (void *)msg->acpted_rply.ar_results.where);
		sent = recording.encoded_bytes;
		trace_format_result(&result, current_proc, &recording);
	}
}

static bool_t traced_reply(SVCXPRT *xprt, struct rpc_msg *msg)
{
	note_reply(msg);
	return real_ops->xp_reply(xprt, msg);
}

void calltrace_unsent(struct rpc_msg *msg)
{
	if (real_dispatch == NULL)
		return;		/* not tracing */
	note_reply(msg);
	trace_line_add(&result, " (one-way: kept, not sent)");
}

static void traced_dispatch(struct svc_req *request, SVCXPRT *xprt)
{
	uint64_t start = now_micros(), micros;
	char text[2 * TRACE_LINE_MAX + 64];

	current_proc = request->rq_proc;
	trace_line_clear(&arguments);
	trace_line_clear(&result);
	have_arguments = false;
	received = sent = 0;

	real_dispatch(request, xprt);

	micros = now_micros() - start;
	/* The null procedure has no arguments to decode; others failed to. */
	if (!have_arguments && current_proc == NULLPROC)
		trace_line_add(&arguments, "NULLPROC()");
	else if (!have_arguments && trace_proc_slot(current_proc) >= 0)
		trace_line_add(&arguments, "%s(?)",
		    trace_proc_name((size_t)trace_proc_slot(current_proc)));
	else if (!have_arguments)
		trace_line_add(&arguments, "PROC_%lu(?)",
		    (unsigned long)current_proc);
	if (result.len == 0)
		trace_line_add(&result, "no reply");
	snprintf(text, sizeof(text), "%s -> %s (%llu us)", arguments.text,
	    result.text, (unsigned long long)micros);
	write_line(text);
	trace_stats_add(stats, current_proc, sent, received, micros);
}

calltrace_dispatch calltrace_session_start(SVCXPRT *xprt, const char *peer,
    calltrace_dispatch real)
{
	if (!to_log && !trace_file_configured())
		return real;
	snprintf(peer_name, sizeof(peer_name), "%s", peer);
	to_file = trace_file_configured() && trace_file_open();
	if (!to_log && !to_file)
		return real;
	if ((stats = trace_stats_new()) == NULL) {
		log_msg(LOG_WARN, "not tracing: out of memory");
		return real;
	}
	real_dispatch = real;
	real_ops = xprt->xp_ops;
	traced_ops = *real_ops;
	traced_ops.xp_getargs = traced_getargs;
	traced_ops.xp_reply = traced_reply;
	xprt->xp_ops = &traced_ops;
	return traced_dispatch;
}

void calltrace_note(const char *text)
{
	if (stats != NULL)
		write_line(text);
}

static void emit_summary_line(void *context, const char *text)
{
	(void)context;
	write_line(text);
}

void calltrace_session_end(void)
{
	if (stats == NULL)
		return;
	trace_stats_summary(stats, emit_summary_line, NULL);
	trace_stats_free(stats);
	stats = NULL;
	if (to_file)
		trace_file_close();
	to_file = false;
}
