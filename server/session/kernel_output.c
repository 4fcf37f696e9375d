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
 */
#include <errno.h>
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

/* Sends what stdout holds, ONCUDA_KERNEL_OUTPUT_MAX bytes a call, and
 * empties it.  false: a call could not be sent (the connection is over). */
static bool send_output(SVCXPRT *xprt)
{
	static char chunk[ONCUDA_KERNEL_OUTPUT_MAX];
	kernel_output out;
	off_t end, at;
	ssize_t n;

	if (fflush(stdout) != 0 ||
	    (end = lseek(STDOUT_FILENO, 0, SEEK_CUR)) <= 0)
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
	int fd = memfd_create("oncuda-kernel-output", MFD_CLOEXEC);

	inner_ops = xprt->xp_ops;
	output_ops = *inner_ops;
	output_ops.xp_reply = output_reply;
	xprt->xp_ops = &output_ops;
	if (fd < 0 || fflush(stdout) != 0 || dup2(fd, STDOUT_FILENO) < 0) {
		log_msg(LOG_WARN, "kernels' printf output stays on the server: "
		    "cannot make a file for it: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		capturing = false;
		return false;
	}
	close(fd);
	capturing = true;
	return true;
}
