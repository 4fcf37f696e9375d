/*
 * server/session/kernel_output.c -- what the driver prints, carried to the
 * client (kernel_output.h; idl/cuda.x, "What kernels print").
 *
 * NVIDIA's driver prints with C's stdio: a kernel's printf buffer to the
 * process's stdout, during the calls that flush it, and what a kernel's
 * failed assert() says to stderr, when the call that finds the failure
 * returns.  Each of the two streams is made a memory file of the session's
 * own: the driver's writes never block on it (a pipe would, once full,
 * with nobody reading while the session's one thread is inside the
 * driver), and they land in order.  Before each reply the session flushes
 * stdio and sends whatever each file holds, then empties it.
 *
 * stdout's file is descriptor 1: nothing else of the server writes to
 * stdout.  stderr's is a descriptor of its own, not 2, because the
 * session's log (log.c) writes descriptor 2 directly, and that is the
 * daemon's log, not the program's: only what goes through stdio's
 * `stderr` (the driver's messages) reaches the client.
 *
 * Looking at a file costs a system call (lseek), which on the VMs oncuda
 * was measured on costs about a microsecond, a sixth of a whole loopback
 * round trip; almost every reply would pay it for nothing.  So stdio's
 * streams are replaced by streams of this file's own (fopencookie) that
 * note each write they pass down to their memory file, and a file is
 * looked at only after such a write: a reply after which stdio has nothing
 * buffered and wrote nothing costs no system call.  Bytes written to
 * descriptor 1 without stdio, which driver 580 does not do (e2e
 * kernel_printf and kernel_assert pass through oncuda on the H200), would
 * wait in the file until stdio writes again.  The note is atomic: stdio
 * may be written from a thread of the driver's.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gen/cuda_names.h"
#include "server/session/kernel_output.h"
#include "server/session/log.h"
#include "server/session/transport.h"

/* One of the driver's streams, as it reaches the client. */
struct printed {
	const char *name;	/* for the log */
	int fd;			/* its memory file */
	u_long proc;		/* the callback that carries it */
	atomic_bool written;	/* stdio wrote to the file since the last look */
};

static struct printed printed_out = { "stdout", STDOUT_FILENO,
    ONCUDA_CALLBACK_OUTPUT, false };
static struct printed printed_err = { "stderr", -1,
    ONCUDA_CALLBACK_ERROR_OUTPUT, false };

static const struct xp_ops *inner_ops;
static struct xp_ops output_ops;
static bool capturing;

/* A stream's writes: into its memory file, noted. */
static ssize_t write_noted(void *cookie, const char *buf, size_t size)
{
	struct printed *p = cookie;
	ssize_t n;

	do
		n = write(p->fd, buf, size);
	while (n < 0 && errno == EINTR);
	if (n > 0)
		atomic_store(&p->written, true);
	return n;
}

/* Sends what p's file holds, ONCUDA_KERNEL_OUTPUT_MAX bytes a call, and
 * empties it.  false: a call could not be sent (the connection is over). */
static bool send_printed(SVCXPRT *xprt, struct printed *p)
{
	static char chunk[ONCUDA_KERNEL_OUTPUT_MAX];
	kernel_output out;
	off_t end, at;
	ssize_t n;

	if (p->fd < 0 || !atomic_exchange(&p->written, false))
		return true;
	if ((end = lseek(p->fd, 0, SEEK_CUR)) <= 0)
		return true;
	for (at = 0; at < end; at += n) {
		size_t want = (size_t)(end - at) < sizeof chunk ?
		    (size_t)(end - at) : sizeof chunk;

		n = pread(p->fd, chunk, want, at);
		if (n <= 0)
			break;
		out.kernel_output_len = (u_int)n;
		out.kernel_output_val = chunk;
		if (!transport_call_back(xprt, ONCUDA_CALLBACK_PROG,
		    ONCUDA_CALLBACK_VERSION, p->proc,
		    (xdrproc_t)xdr_kernel_output, &out))
			return false;
	}
	if (ftruncate(p->fd, 0) != 0 || lseek(p->fd, 0, SEEK_SET) != 0) {
		log_msg(LOG_WARN, "cannot empty the file of the driver's %s: "
		    "%s; what it prints is no longer sent", p->name,
		    strerror(errno));
		p->fd = -1;
	}
	return true;
}

/* The flushes write what stdio holds, which notes it; a stream that
 * cannot be written (its file given up) holds nothing up for the other.
 * stderr first, as the driver's unbuffered stderr would have reached a
 * terminal first. */
static bool send_output(SVCXPRT *xprt)
{
	(void)fflush(stderr);
	(void)fflush(stdout);
	return send_printed(xprt, &printed_err) &&
	    send_printed(xprt, &printed_out);
}

static bool_t output_reply(SVCXPRT *xprt, struct rpc_msg *msg)
{
	if (capturing && !send_output(xprt))
		return FALSE;
	return inner_ops->xp_reply(xprt, msg);
}

/* Makes *stream a stream of p's own, fully buffered, as stdio buffers a
 * file: the driver's text is written when stdio flushes (before each
 * reply), or when the buffer fills. */
static bool take_stream(FILE **stream, struct printed *p)
{
	static const cookie_io_functions_t noted = { .write = write_noted };
	FILE *own = fopencookie(p, "w", noted);

	if (own == NULL)
		return false;
	(void)setvbuf(own, NULL, _IOFBF, BUFSIZ);
	*stream = own;
	return true;
}

bool kernel_output_session_start(SVCXPRT *xprt)
{
	int out_fd = memfd_create("oncuda-kernel-output", MFD_CLOEXEC);
	int err_fd = memfd_create("oncuda-driver-stderr", MFD_CLOEXEC);

	inner_ops = xprt->xp_ops;
	output_ops = *inner_ops;
	output_ops.xp_reply = output_reply;
	xprt->xp_ops = &output_ops;
	if (out_fd < 0 || err_fd < 0 || fflush(stdout) != 0 ||
	    fflush(stderr) != 0 || dup2(out_fd, STDOUT_FILENO) < 0 ||
	    !take_stream(&stdout, &printed_out)) {
		log_msg(LOG_WARN, "what the driver prints stays on the server: "
		    "cannot make a file for it: %s", strerror(errno));
		if (out_fd >= 0)
			close(out_fd);
		if (err_fd >= 0)
			close(err_fd);
		capturing = false;
		return false;
	}
	close(out_fd);
	printed_err.fd = err_fd;
	if (!take_stream(&stderr, &printed_err)) {
		log_msg(LOG_WARN, "what the driver prints to stderr stays in "
		    "this log: %s", strerror(errno));
		close(err_fd);
		printed_err.fd = -1;
	}
	capturing = true;
	return true;
}
