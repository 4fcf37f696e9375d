/*
 * connect.h -- making the connection to oncudad (used by rpc.c).
 */
#ifndef ONCUDA_CONNECT_H
#define ONCUDA_CONNECT_H

#include <stddef.h>

#include <rpc/rpc.h>

#include "common/rpcaddr.h"

struct server_target {
	struct server_address address;
	char name[300];			/* the server as messages name it */
	unsigned timeout_seconds;	/* for connecting and for each call */
};

/* Fills in target->name from target->address. */
void server_target_name(struct server_target *target);

/*
 * Connects to oncudad (through rpcbind on the host, or straight to the
 * port) and checks that it speaks this library's program version.
 * Returns a handle whose calls time out after target->timeout_seconds, or
 * NULL after saying why on stderr in one line.
 */
CLIENT *connect_server(const struct server_target *target);

/* One line on why a call on clnt failed with st. */
void describe_call_error(CLIENT *clnt, enum clnt_stat st,
    const struct server_target *target, char *buf, size_t len);

#endif
