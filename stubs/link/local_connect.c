/*
 * local_connect.c -- choosing the transport (local_connect.h).
 *
 * The client learns where the unix-domain socket is from the server itself
 * (ONCUDA_LOCAL_WHERE over the TCP connection it has proven), so every way
 * of naming the server works alike: rpcbind, host:port, localhost or the
 * host's own address.  The boot ids of both ends tell whether they share a
 * kernel; a client in another container of the same host may still not see
 * the socket's path, and then stays on TCP.  The cost is one TCP connection
 * (and a server process that ends at once) per program start.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/boot_id.h"
#include "gen/cuda_names.h"
#include "stubs/link/local_connect.h"
#include "stubs/link/local_ring.h"
#include "stubs/link/say.h"
#include "stubs/link/xprt.h"

enum transport_wish { WISH_AUTO, WISH_TCP, WISH_LOCAL };

bool local_link(CLIENT *c)
{
	int fd, domain;
	socklen_t len = sizeof domain;

	/* A handle of no transport (the unit tests' loopback) has no control. */
	return c->cl_ops->cl_control != NULL &&
	    clnt_control(c, CLGET_FD, (char *)&fd) &&
	    getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) == 0 &&
	    domain == AF_UNIX;
}

static enum transport_wish wish(void)
{
	const char *v = getenv("ONCUDA_TRANSPORT");

	if (v == NULL || v[0] == '\0' || strcmp(v, "auto") == 0)
		return WISH_AUTO;
	if (strcmp(v, "tcp") == 0)
		return WISH_TCP;
	if (strcmp(v, "local") == 0)
		return WISH_LOCAL;
	oncuda_say("ONCUDA_TRANSPORT=\"%s\" is not tcp, local or auto; using auto", v);
	return WISH_AUTO;
}

/* The socket's path when the server is on this host; false with why. */
static bool server_socket(CLIENT *tcp, char *path, size_t path_len,
    char *why, size_t why_len)
{
	res_local_where r;
	char mine[64];
	bool ok = false;

	memset(&r, 0, sizeof r);
	if (oncuda_local_where(&r, tcp) != RPC_SUCCESS || r.err != 0) {
		snprintf(why, why_len, "the server does not tell its local socket "
		    "(an oncudad older than the same-host path?)");
		return false;
	}
	boot_id_read(mine, sizeof mine);
	if (r.res_local_where_u.value.socket_path[0] == '\0')
		snprintf(why, why_len, "the server has no local socket "
		    "(oncudad --local-socket none)");
	else if (mine[0] == '\0' || strcmp(mine, r.res_local_where_u.value.host_id) != 0)
		snprintf(why, why_len, "the server runs on another host");
	else if (strlen(r.res_local_where_u.value.socket_path) >= path_len)
		snprintf(why, why_len, "the server's socket path is too long");
	else {
		snprintf(path, path_len, "%s", r.res_local_where_u.value.socket_path);
		ok = true;
	}
	xdr_free((xdrproc_t)xdr_res_local_where, (char *)&r);
	return ok;
}

static CLIENT *connect_unix(const char *path, char *why, size_t why_len)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	CLIENT *clnt;
	int fd;

	snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0 ||
	    connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
		snprintf(why, why_len, "cannot connect to %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	/* Our transport (xprt.h), which closes fd with the handle. */
	if ((clnt = xprt_create(fd, ONCUDA_PROG, ONCUDA_VERSION)) == NULL) {
		snprintf(why, why_len, "out of memory for a connection on %s", path);
		close(fd);
		return NULL;
	}
	return clnt;
}

CLIENT *local_transport_choose(CLIENT *tcp, const struct server_target *target,
    local_finish_fn finish)
{
	enum transport_wish w = wish();
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)], why[300];
	CLIENT *unix_clnt;

	if (w == WISH_TCP)
		return tcp;
	if (!server_socket(tcp, path, sizeof path, why, sizeof why) ||
	    (unix_clnt = connect_unix(path, why, sizeof why)) == NULL) {
		if (w == WISH_AUTO)
			return tcp;
		oncuda_say("ONCUDA_TRANSPORT=local, but %s cannot be reached on "
		    "this host's socket: %s; unset ONCUDA_TRANSPORT to use TCP",
		    target->name, why);
		clnt_destroy(tcp);
		return NULL;
	}
	if (!finish(unix_clnt, target) || !local_ring_start(unix_clnt)) {
		clnt_destroy(unix_clnt);
		clnt_destroy(tcp);
		return NULL;
	}
	clnt_destroy(tcp);
	return unix_clnt;
}
