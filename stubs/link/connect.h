/*
 * connect.h -- making the connection to oncudad (used by rpc.c).
 */
#ifndef ONCUDA_CONNECT_H
#define ONCUDA_CONNECT_H

#include <stddef.h>

#include <rpc/rpc.h>

#include "stubs/link/server_target.h"

/*
 * Connects to oncudad (through rpcbind on the host, or straight to the
 * port) and checks that it speaks this library's program version.
 * Returns a handle whose calls time out after target->timeout_seconds, or
 * NULL after saying why on stderr in one line.
 */
CLIENT *connect_server(const struct server_target *target);

#endif
