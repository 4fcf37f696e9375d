/*
 * server/session/kernel_output.h -- what the session's kernels print
 * (printf) goes to the client's program (idl/cuda.x, "What kernels
 * print").
 */
#ifndef ONCUDA_SERVER_KERNEL_OUTPUT_H
#define ONCUDA_SERVER_KERNEL_OUTPUT_H

#include <stdbool.h>

#include <rpc/rpc.h>

/*
 * Makes the session's stdout a memory file that the driver prints into,
 * and wraps xprt's reply so that what was printed goes to the client just
 * before each reply.  Called once, with the transport's own operations
 * (before the session's other wrappers: a one-way call, whose reply is
 * never sent, then sends no output either).  false: stdout could not be
 * replaced; kernels' output then goes where the daemon's stdout goes.
 */
bool kernel_output_session_start(SVCXPRT *xprt);

#endif
