/*
 * server_target.h -- a server as the client reaches it (server_target.c).
 */
#ifndef ONCUDA_SERVER_TARGET_H
#define ONCUDA_SERVER_TARGET_H

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

/* One line on why a call on clnt failed with st. */
void describe_call_error(CLIENT *clnt, enum clnt_stat st,
    const struct server_target *target, char *buf, size_t len);

#endif
