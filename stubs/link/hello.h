/*
 * stubs/link/hello.h -- the first call on every connection: the protocol
 * revision both sides speak (ONCUDA_HELLO in idl/cuda.x; used by connect.c).
 */
#ifndef ONCUDA_HELLO_H
#define ONCUDA_HELLO_H

#include <stdbool.h>

#include <rpc/rpc.h>

#include "stubs/link/server_target.h"

/*
 * Tells the server this library's protocol revision and release, and
 * checks its answer.  false after saying on stderr, in one line, which
 * release each side runs and what to upgrade; the connection is then of
 * no use.
 */
bool hello_exchange(CLIENT *clnt, const struct server_target *target);

#endif
