/*
 * trace.c -- tracing the client's RPCs (trace.h).
 *
 * Every RPC goes through the CLIENT's cl_ops->cl_call, and the handle's
 * operations are a table the handle points to: a traced handle points to
 * a copy whose cl_call times the real one and then writes the line.  The
 * values are read back from the very arguments and results the call
 * encoded and decoded, by running the same xdr routines over a recording
 * stream (trace_xdr.h); nothing is read from the wire twice.
 *
 * Calls are made under rpc.c's connection lock; trace_lock also covers
 * the summary at exit, which may run while another thread calls.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stubs/link/say.h"
#include "stubs/wire/trace.h"
#include "common/trace_format.h"
#include "common/trace_stats.h"
#include "common/trace_xdr.h"

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static int trace_fd = -1;		/* -1: not tracing */
static struct trace_stats *stats;

/* The real operations of the traced handle, and the copy it is given. */
static const struct clnt_ops *real_ops;
static struct clnt_ops traced_ops;

/* Too large for a stack; used under trace_lock. */
static struct trace_recording recording;
static struct trace_line line;

static void write_line(const char *text, size_t len)
{
	char out[TRACE_LINE_MAX + 32];
	int n;

	/* One write per line: the program or a forked child may trace too. */
	n = snprintf(out, sizeof(out), "oncuda[%ld] %.*s\n", (long)getpid(),
	    (int)len, text);
	if (n > 0 && write(trace_fd, out, (size_t)n < sizeof(out) ?
	    (size_t)n : sizeof(out) - 1) < 0)
		return;		/* a trace that cannot be written is lost */
}

static void emit_summary_line(void *context, const char *text)
{
	(void)context;
	write_line(text, strlen(text));
}

static void write_summary(void)
{
	pthread_mutex_lock(&trace_lock);
	if (stats != NULL)
		trace_stats_summary(stats, emit_summary_line, NULL);
	pthread_mutex_unlock(&trace_lock);
}

/*
 * A forked child starts its own session: its summary counts its calls.
 * No call was being traced at the fork (rpc.c's fork handler holds the
 * connection lock across it, and calls are traced under that lock), so
 * trace_lock was free unless a summary was being written by exit().
 */
static void fork_child(void)
{
	pthread_mutex_init(&trace_lock, NULL);
	trace_stats_free(stats);
	stats = trace_stats_new();
}

static void setup(void)
{
	const char *where = getenv("ONCUDA_TRACE");

	if (where == NULL || where[0] == '\0' || strcmp(where, "0") == 0)
		return;
	if (strcmp(where, "1") == 0 || strcmp(where, "stderr") == 0) {
		trace_fd = STDERR_FILENO;
	} else if ((trace_fd = open(where, O_WRONLY | O_CREAT | O_APPEND |
	    O_CLOEXEC, 0644)) < 0) {
		oncuda_say("cannot write the trace to ONCUDA_TRACE=\"%s\" (%s): "
		    "not tracing; name a file you can write, or 1 for stderr",
		    where, strerror(errno));
		return;
	}
	if ((stats = trace_stats_new()) == NULL) {
		oncuda_say("out of memory for the trace: not tracing");
		trace_fd = -1;
		return;
	}
	atexit(write_summary);
	pthread_atfork(NULL, NULL, fork_child);
}

static uint64_t now_micros(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static enum clnt_stat traced_call(CLIENT *clnt, rpcproc_t proc,
    xdrproc_t xdr_args, void *args, xdrproc_t xdr_result, void *result,
    struct timeval timeout)
{
	uint64_t start = now_micros(), micros, sent, received = 0;
	enum clnt_stat st;

	st = real_ops->cl_call(clnt, proc, xdr_args, args, xdr_result, result,
	    timeout);
	micros = now_micros() - start;

	pthread_mutex_lock(&trace_lock);
	trace_line_clear(&line);
	trace_record(&recording, xdr_args, args);
	sent = recording.encoded_bytes;
	trace_format_arguments(&line, proc, &recording);
	trace_line_add(&line, " -> ");
	if (timeout.tv_sec == 0 && timeout.tv_usec == 0 &&
	    (st == RPC_SUCCESS || st == RPC_TIMEDOUT)) {
		/* One-way (batch.h): the result is known only on the server. */
		trace_line_add(&line, xdr_result == NULL ? "queued" : "sent");
	} else if (st == RPC_SUCCESS) {
		trace_record(&recording, xdr_result, result);
		received = recording.encoded_bytes;
		trace_format_result(&line, proc, &recording);
	} else {
		trace_line_add(&line, "RPC failed: %s", clnt_sperrno(st));
	}
	trace_line_add(&line, " (%llu us)", (unsigned long long)micros);
	write_line(line.text, line.len);
	trace_stats_add(stats, proc, sent, received, micros);
	pthread_mutex_unlock(&trace_lock);
	return st;
}

void trace_client(CLIENT *clnt)
{
	pthread_once(&setup_once, setup);
	if (trace_fd < 0)
		return;
	pthread_mutex_lock(&trace_lock);
	if (real_ops != clnt->cl_ops) {
		real_ops = clnt->cl_ops;
		traced_ops = *real_ops;
		traced_ops.cl_call = traced_call;
	}
	clnt->cl_ops = &traced_ops;
	pthread_mutex_unlock(&trace_lock);
}
