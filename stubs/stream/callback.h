/*
 * stubs/stream/callback.h -- the callback connection: the client side of
 * the callback program (idl/cuda.x), where the program's host functions,
 * stream callbacks and user object destructors run.
 *
 * Per server, a connection bound to the session on first need, and a
 * thread of oncuda's that serves it: it reads the server's calls, runs each
 * function in the order the calls come (which is each stream's order) and
 * replies when it has returned.  The thread blocks every signal, so no
 * handler of the program's ever runs on it, and it takes no lock of the
 * session's connection, so a program thread waiting there (a
 * cuStreamSynchronize of the stream the function holds up) never stands
 * in its way.
 */
#ifndef ONCUDA_STUBS_CALLBACK_H
#define ONCUDA_STUBS_CALLBACK_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

/*
 * Before a call hands server a function of the program's with its argument
 * (outside a call of call.h): binds server's callback connection the first
 * time, and allows the server to run fn on data once more, or, lasting,
 * any number of times (host_fn_set.h).  CUDA_SUCCESS, or the error to
 * return (the connection failed: said on stderr).
 */
CUresult callback_ready(unsigned server, uint64_t fn, uint64_t data,
    bool lasting);

/* Binds server's callback connection the first time (outside a call of
 * call.h), for calls back that run no host function (the driver's
 * notices): CUDA_SUCCESS, or the error to return. */
CUresult callback_bind(unsigned server);

#endif
