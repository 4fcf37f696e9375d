/*
 * server/session/kernel_output.c -- kernels' printf output, carried to the
 * client (kernel_output.h; idl/cuda.x, "What kernels print").
 *
 * NVIDIA's driver prints a kernel's printf buffer with C's stdio, to the
 * process's stdout, during the calls that flush it.  A session's stdout is
 * therefore made a memfd of its own: the driver's writes never block on it
 * (a pipe would, once full, with nobody reading while the session's one
 * thread is inside the driver), and they land in order.  Before each reply
 * the session flushes stdio and sends whatever the file holds, then empties
 * it.  Nothing else of the server writes to stdout (the log goes to
 * stderr), so what is sent is what kernels printed.
 *
 * Looking at the file costs a system call (lseek), which on the VMs
 * oncuda was measured on costs about a microsecond, a sixth of a whole
 * loopback round trip; almost every reply would pay it for nothing.  So
 * the C library's `stdout` is made a stream of this file's own
 * (fopencookie) that notes each write it passes down to the memory file,
 * and the file is looked at only after such a write: a reply after which
 * stdio has nothing buffered and wrote nothing costs no system call.
 * Bytes written to descriptor 1 without stdio, which driver 580 does not
 * do (e2e kernel_printf passes through oncuda on the H200), would wait in
 * the file until stdio writes again.  The note is atomic: stdio may be
 * written from a thread of the driver's.
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

static const struct xp_ops *inner_ops;
static struct xp_ops output_ops;
static bool capturing;
static atomic_bool written;	/* stdio wrote to the file since the last look */

/* The stdout stream's writes: into the memory file, noted. */
static ssize_t write_noted(void *cookie, const char *buf, size_t size)
{
	ssize_t n;

	(void)cookie;
	do
		n = write(STDOUT_FILENO, buf, size);
	while (n < 0 && errno == EINTR);
	if (n > 0)
		atomic_store(&written, true);
	return n;
}

/* Sends what stdout holds, ONCUDA_KERNEL_OUTPUT_MAX bytes a call, and
 * empties it.  false: a call could not be sent (the connection is over). */
static bool send_output(SVCXPRT *xprt)
{
	static char chunk[ONCUDA_KERNEL_OUTPUT_MAX];
	kernel_output out;
	off_t end, at;
	ssize_t n;

	/* The flush writes what stdio holds, which notes it. */
	if (fflush(stdout) != 0 || !atomic_exchange(&written, false))
		return true;
	if ((end = lseek(STDOUT_FILENO, 0, SEEK_CUR)) <= 0)
		return true;
	for (at = 0; at < end; at += n) {
		size_t want = (size_t)(end - at) < sizeof chunk ?
		    (size_t)(end - at) : sizeof chunk;

		n = pread(STDOUT_FILENO, chunk, want, at);
		if (n <= 0)
			break;
		out.kernel_output_len = (u_int)n;
		out.kernel_output_val = chunk;
		if (!transport_call_back(xprt, ONCUDA_CALLBACK_PROG,
		    ONCUDA_CALLBACK_VERSION, ONCUDA_CALLBACK_OUTPUT,
		    (xdrproc_t)xdr_kernel_output, &out))
			return false;
	}
	if (ftruncate(STDOUT_FILENO, 0) != 0 ||
	    lseek(STDOUT_FILENO, 0, SEEK_SET) != 0) {
		log_msg(LOG_WARN, "cannot empty the kernels' output file: %s; "
		    "kernels' output is no longer sent", strerror(errno));
		capturing = false;
	}
	return true;
}

static bool_t output_reply(SVCXPRT *xprt, struct rpc_msg *msg)
{
	if (capturing && !send_output(xprt))
		return FALSE;
	return inner_ops->xp_reply(xprt, msg);
}

bool kernel_output_session_start(SVCXPRT *xprt)
{
	static const cookie_io_functions_t noted = { .write = write_noted };
	FILE *stream = fopencookie(NULL, "w", noted);
	int fd = memfd_create("oncuda-kernel-output", MFD_CLOEXEC);

	inner_ops = xprt->xp_ops;
	output_ops = *inner_ops;
	output_ops.xp_reply = output_reply;
	xprt->xp_ops = &output_ops;
	if (stream == NULL || fd < 0 || fflush(stdout) != 0 ||
	    dup2(fd, STDOUT_FILENO) < 0) {
		log_msg(LOG_WARN, "kernels' printf output stays on the server: "
		    "cannot make a file for it: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		if (stream != NULL)
			fclose(stream);
		capturing = false;
		return false;
	}
	close(fd);
	/* Full buffering, as stdio gives a file: the driver's lines are
	 * written when it flushes, or when the buffer fills. */
	(void)setvbuf(stream, NULL, _IOFBF, BUFSIZ);
	stdout = stream;
	capturing = true;
	return true;
}
