/*
 * connect.c -- making the connection to oncudad (connect.h).
 *
 * Two ways, as ONCUDA_SERVER says: "host" asks rpcbind on host for the
 * port, like clnt_create(3); "host:port" connects straight to the port,
 * for servers run without rpcbind (oncudad -n).  Either way the socket is
 * TCP with Nagle off and close-on-exec, and a null call proves the server
 * speaks our version before any CUDA call depends on it; then the key
 * exchange (auth.c), which also tells a server that requires a key from
 * one that does not.  Then the transport: a server on this host is used
 * through its unix-domain socket (local_connect.c).  When this fails
 * the person running the program gets one line saying what to check.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "auth.h"
#include "connect.h"
#include "cuda_rpc.h"
#include "local.h"
#include "say.h"

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

/* What rpc_createerr says, in one line. */
static void describe_create_error(char *buf, size_t len)
{
	enum clnt_stat st = rpc_createerr.cf_stat;
	enum clnt_stat inner = rpc_createerr.cf_error.re_status;
	int error = rpc_createerr.cf_error.re_errno;

	if ((st == RPC_SYSTEMERROR || st == RPC_CANTSEND || st == RPC_CANTRECV)
	    && error != 0)
		snprintf(buf, len, "%s: %s", clnt_sperrno(st), strerror(error));
	else if ((st == RPC_RPCBFAILURE || st == RPC_PMAPFAILURE) &&
	    inner != RPC_SUCCESS)
		snprintf(buf, len, "%s (%s)", clnt_sperrno(st), clnt_sperrno(inner));
	else
		snprintf(buf, len, "%s", clnt_sperrno(st));
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

static void say_unreachable(const struct server_target *target,
    const char *why, bool unknown_host)
{
	if (unknown_host)
		oncuda_say("cannot reach oncudad on %s (%s): is the host name "
		    "in ONCUDA_SERVER right?", target->address.host, why);
	else if (target->address.port != 0)
		oncuda_say("cannot reach oncudad at %s (%s): is oncudad "
		    "listening there (oncudad -l ADDRESS -p %u)?",
		    target->name, why, target->address.port);
	else
		oncuda_say("cannot reach oncudad on %s through rpcbind (%s): "
		    "is rpcbind running there and oncudad registered (rpcinfo "
		    "-p %s)? set ONCUDA_SERVER=host:port to skip rpcbind",
		    target->name, why, target->address.host);
}

static void say_version_mismatch(const struct server_target *target,
    unsigned long low, unsigned long high)
{
	char offered[64];

	if (low == high)
		snprintf(offered, sizeof(offered), "%lu", low);
	else
		snprintf(offered, sizeof(offered), "%lu to %lu", low, high);
	oncuda_say("oncudad on %s speaks CUDA driver API version %s and this "
	    "library speaks %d: use an oncudad and a client library built for "
	    "the same CUDA version", target->name, offered, ONCUDA_V13000);
}

/*
 * Size of libtirpc's record buffers, each way: every byte of a copy passes
 * through them, and each time one fills it is one write(2) or read(2).  The
 * default is 64 KiB; libtirpc's clnt_vc_create takes no more than 256 KiB.
 */
#define RECORD_BUFFER_BYTES (256u << 10)

static void set_nodelay(int fd)
{
	int on = 1;

	/* Calls are small and each waits for its reply: do not wait for ACKs. */
	(void)setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
}

/* connect(2) that gives up after `seconds`; 0, or -1 with errno set. */
static int connect_within(int fd, const struct sockaddr *addr, socklen_t len,
    unsigned seconds)
{
	struct pollfd pfd = { .fd = fd, .events = POLLOUT };
	int flags = fcntl(fd, F_GETFL), error = 0, ready;
	socklen_t error_len = sizeof(error);

	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return -1;
	if (connect(fd, addr, len) < 0) {
		if (errno != EINPROGRESS)
			return -1;
		do
			ready = poll(&pfd, 1, (int)seconds * 1000);
		while (ready < 0 && errno == EINTR);
		if (ready == 0)
			errno = ETIMEDOUT;
		if (ready <= 0)
			return -1;
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &error_len) < 0)
			return -1;
		if (error != 0) {
			errno = error;
			return -1;
		}
	}
	return fcntl(fd, F_SETFL, flags);
}

/* "host:port": TCP straight to the port. */
static CLIENT *connect_direct(const struct server_target *target, char *why,
    size_t why_len, bool *unknown_host)
{
	struct addrinfo hints = { .ai_family = AF_UNSPEC,
	    .ai_socktype = SOCK_STREAM };
	struct addrinfo *list, *ai;
	struct netbuf addr;
	CLIENT *clnt = NULL;
	int fd = -1, rc, error = 0;
	char port[16];

	snprintf(port, sizeof(port), "%u", target->address.port);
	rc = getaddrinfo(target->address.host, port, &hints, &list);
	if (rc != 0) {
		snprintf(why, why_len, "%s", gai_strerror(rc));
		*unknown_host = rc == EAI_NONAME || rc == EAI_FAIL;
		return NULL;
	}
	for (ai = list; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
		    ai->ai_protocol);
		if (fd >= 0 && connect_within(fd, ai->ai_addr, ai->ai_addrlen,
		    target->timeout_seconds) == 0)
			break;
		error = errno;
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	if (fd < 0) {
		snprintf(why, why_len, "connect: %s", strerror(error));
		freeaddrinfo(list);
		return NULL;
	}
	set_nodelay(fd);
	addr.maxlen = addr.len = ai->ai_addrlen;
	addr.buf = ai->ai_addr;
	clnt = clnt_vc_create(fd, &addr, ONCUDA_PROG, ONCUDA_V13000,
	    RECORD_BUFFER_BYTES, RECORD_BUFFER_BYTES);
	freeaddrinfo(list);
	if (clnt == NULL) {
		describe_create_error(why, why_len);
		close(fd);
		return NULL;
	}
	/* From here on the socket is the handle's: clnt_destroy closes it. */
	clnt_control(clnt, CLSET_FD_CLOSE, NULL);
	return clnt;
}

/* "host": rpcbind on host tells the port. */
static CLIENT *connect_rpcbind(const struct server_target *target, char *why,
    size_t why_len, bool *unknown_host)
{
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };
	const char *host = target->address.host;
	CLIENT *clnt;
	int fd;

	clnt = clnt_create_timed(host, ONCUDA_PROG, ONCUDA_V13000,
	    strchr(host, ':') != NULL ? "tcp6" : "tcp", &timeout);
	if (clnt == NULL) {
		describe_create_error(why, why_len);
		*unknown_host = rpc_createerr.cf_stat == RPC_UNKNOWNHOST;
		return NULL;
	}
	if (clnt_control(clnt, CLGET_FD, (char *)&fd)) {
		set_nodelay(fd);
		/* A program that execs must not hold the server's session open. */
		(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
	return clnt;
}

/*
 * The null procedure, which every rpcgen server answers itself (no
 * arguments, no results: xdr_nothing, typed as xdrproc_t wants, where
 * libtirpc's xdr_void would need a cast between function types).  A server
 * of another program version answers RPC_PROGVERSMISMATCH with the
 * versions it has; rpcbind does not tell (it gives the port of any version).
 */
static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

static bool ping(CLIENT *clnt, const struct server_target *target)
{
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };
	struct rpc_err err;
	enum clnt_stat st;
	char why[256];

	st = clnt_call(clnt, NULLPROC, xdr_nothing, NULL, xdr_nothing, NULL,
	    timeout);
	if (st == RPC_SUCCESS)
		return true;
	clnt_geterr(clnt, &err);
	if (st == RPC_PROGVERSMISMATCH) {
		say_version_mismatch(target, (unsigned long)err.re_vers.low,
		    (unsigned long)err.re_vers.high);
	} else if ((st == RPC_CANTRECV || st == RPC_CANTSEND) &&
	    (err.re_errno == ECONNRESET || err.re_errno == EPIPE ||
	    err.re_errno == 0)) {
		/* Something accepted the connection, then closed it unasked. */
		describe_call_error(clnt, st, target, why, sizeof(why));
		oncuda_say("oncudad at %s closed the connection as soon as it "
		    "was made (%s): it serves only the networks its --allow "
		    "names, or could not start a session; its log says which",
		    target->name, why);
	} else {
		describe_call_error(clnt, st, target, why, sizeof(why));
		say_unreachable(target, why, false);
	}
	return false;
}

/*
 * The call timeout covers only the wait for a reply: libtirpc writes a
 * request with plain blocking write(2)s.  A server that stops reading (a
 * stopped process, a host gone without a reset) would hold a large request
 * forever once the socket buffers fill; with SO_SNDTIMEO a write that moves
 * nothing for the timeout fails, and so does the call.
 */
static void bound_sends(CLIENT *clnt, const struct timeval *timeout)
{
	int fd;

	if (!clnt_control(clnt, CLGET_FD, (char *)&fd) ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, timeout, sizeof(*timeout)) < 0)
		oncuda_say("cannot bound the time a request may take to send "
		    "(%s): a server that stops reading can hang this program",
		    strerror(errno));
}

/* Bounds, version check and key exchange of a new handle (TCP or local). */
static bool prove(CLIENT *clnt, const struct server_target *target)
{
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };

	/* Overrides the per-call timeout rpcgen compiles into every stub. */
	clnt_control(clnt, CLSET_TIMEOUT, (char *)&timeout);
	bound_sends(clnt, &timeout);
	return ping(clnt, target) && auth_handshake(clnt, target);
}

CLIENT *connect_server(const struct server_target *target)
{
	bool unknown_host = false;
	char why[256];
	CLIENT *clnt;

	if (target->address.port != 0)
		clnt = connect_direct(target, why, sizeof(why), &unknown_host);
	else
		clnt = connect_rpcbind(target, why, sizeof(why), &unknown_host);
	if (clnt == NULL) {
		say_unreachable(target, why, unknown_host);
		return NULL;
	}
	if (!prove(clnt, target)) {
		clnt_destroy(clnt);
		return NULL;
	}
	/* The same-host path, when the server is on this host (local.h). */
	return local_transport_choose(clnt, target, prove);
}
