/*
 * server/session/fast_args.h -- the arguments of the hottest call,
 * cuLaunchKernel's (CU_LAUNCH_KERNEL), decoded by hand.
 *
 * A program that launches in a loop has the session decode a launch's
 * arguments for every kernel, and its launches wait on that: the
 * session's work per launch comes on top of the driver's.  rpcgen's
 * routine reads each word through a libtirpc call and allocates the
 * parameter bytes and offsets, which are freed after the call.  Here the
 * fixed words are read in place and the parameters into arrays the
 * session keeps; what the wire carries and what is accepted are those of
 * rpcgen's routine (idl/cuda.x, CU_LAUNCH_KERNEL), which still decodes
 * any record whose words cannot be read in place.
 */
#ifndef ONCUDA_SERVER_FAST_ARGS_H
#define ONCUDA_SERVER_FAST_ARGS_H

#include <rpc/rpc.h>

/*
 * Wraps xprt's getargs and freeargs so that CU_LAUNCH_KERNEL's arguments
 * are decoded as above.  Call it once per transport, before every other
 * wrapper of its operations (getargs_free_on_failure, the call trace).
 */
void fast_args_session_start(SVCXPRT *xprt);

#endif
