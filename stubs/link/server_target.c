/*
 * server_target.c -- a server as the client reaches it: its name in
 * messages, and the words for a call to it that failed (server_target.h).
 * Apart from connect.c because the key exchange (auth.c), which connect.c
 * runs, describes its failures the same way.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "stubs/link/server_target.h"

void server_target_name(struct server_target *target)
{
	const struct server_address *a = &target->address;

	if (a->port == 0)
		snprintf(target->name, sizeof(target->name), "%s", a->host);
	else if (strchr(a->host, ':') != NULL)
		snprintf(target->name, sizeof(target->name), "[%s]:%u", a->host,
		    a->port);
	else
		snprintf(target->name, sizeof(target->name), "%s:%u", a->host,
		    a->port);
}

void describe_call_error(CLIENT *clnt, enum clnt_stat st,
    const struct server_target *target, char *buf, size_t len)
{
	struct rpc_err err;

	clnt_geterr(clnt, &err);
	if ((st == RPC_CANTSEND || st == RPC_CANTRECV || st == RPC_SYSTEMERROR)
	    && err.re_errno != 0 && err.re_errno != EAGAIN &&
	    err.re_errno != EWOULDBLOCK)
		snprintf(buf, len, "%s: %s", clnt_sperrno(st),
		    strerror(err.re_errno));
	else if (st == RPC_CANTSEND && (err.re_errno == EAGAIN ||
	    err.re_errno == EWOULDBLOCK))
		snprintf(buf, len, "%s: the server took no data for %u s; a "
		    "larger ONCUDA_TIMEOUT allows slower calls", clnt_sperrno(st),
		    target->timeout_seconds);
	else if (st == RPC_TIMEDOUT)
		snprintf(buf, len, "%s after %u s; a larger ONCUDA_TIMEOUT "
		    "allows slower calls", clnt_sperrno(st),
		    target->timeout_seconds);
	else
		snprintf(buf, len, "%s", clnt_sperrno(st));
}
