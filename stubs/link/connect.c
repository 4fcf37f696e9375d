/*
 * connect.c -- making the connection to oncudad (connect.h).
 *
 * Two ways, as ONCUDA_SERVER says: "host" asks rpcbind on host for the
 * port, like clnt_create(3) but within ONCUDA_TIMEOUT; "host:port" connects
 * straight to the port, for servers run without rpcbind (oncudad -n).
 * Either way the socket is TCP with Nagle off and close-on-exec, the RPC
 * handle is our own transport (xprt.h), and a null call proves the server
 * speaks our version before any CUDA call depends on it; then the key
 * exchange (auth.c), which also tells a server that requires a key from
 * one that does not; before it, on TCP, TLS when asked for (tls_client.h).  Then the transport: a server on this host is used
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

#include <rpc/rpc.h>
#include <rpc/rpcb_prot.h>

#include "stubs/link/auth.h"
#include "stubs/link/hello.h"
#include "stubs/link/connect.h"
#include "stubs/link/server_target.h"
#include "gen/cuda_names.h"
#include "stubs/link/local_connect.h"
#include "stubs/link/say.h"
#include "stubs/link/tls_client.h"
#include "stubs/link/xprt.h"

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
	    "the same CUDA version", target->name, offered, ONCUDA_VERSION);
}

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

/*
 * A TCP socket connected to host:port within the timeout, Nagle off and
 * close-on-exec; -1 with why (and whether the host is unknown).  family:
 * AF_UNSPEC for any of the host's addresses, else only those of it.
 */
static int open_socket(const struct server_target *target, unsigned port,
    int family, char *why, size_t why_len, bool *unknown_host)
{
	struct addrinfo hints = { .ai_family = family,
	    .ai_socktype = SOCK_STREAM };
	struct addrinfo *list, *ai;
	int fd = -1, rc, error = 0;
	char service[16];

	snprintf(service, sizeof(service), "%u", port);
	rc = getaddrinfo(target->address.host, service, &hints, &list);
	if (rc != 0) {
		snprintf(why, why_len, "%s", gai_strerror(rc));
		*unknown_host = rc == EAI_NONAME || rc == EAI_FAIL;
		return -1;
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
	freeaddrinfo(list);
	if (fd < 0)
		snprintf(why, why_len, "connect: %s", strerror(error));
	else
		set_nodelay(fd);
	return fd;
}

/* Our transport (xprt.h) on a socket to host:port. */
static CLIENT *connect_port(const struct server_target *target, unsigned port,
    int family, rpcprog_t prog, rpcvers_t vers, char *why, size_t why_len,
    bool *unknown_host)
{
	int fd = open_socket(target, port, family, why, why_len, unknown_host);
	CLIENT *clnt;

	if (fd < 0)
		return NULL;
	if ((clnt = xprt_create(fd, prog, vers)) == NULL) {
		snprintf(why, why_len, "out of memory for the connection");
		close(fd);
		return NULL;
	}
	return clnt;
}

/* The port of a universal address ("h1.h2.h3.h4.p1.p2"), 0 if none. */
static unsigned universal_address_port(const char *uaddr)
{
	const char *low = strrchr(uaddr, '.'), *high;
	unsigned p1, p2;
	char end;

	if (low == NULL || low == uaddr)
		return 0;
	for (high = low - 1; high > uaddr && *high != '.'; high--)
		continue;
	if (*high != '.' || sscanf(high + 1, "%u.%u%c", &p1, &p2, &end) != 2 ||
	    p1 > 255 || p2 > 255)
		return 0;
	return p1 << 8 | p2;
}

/*
 * "host": rpcbind on host tells the port (RPCBPROC_GETADDR, version 3,
 * over TCP), within the timeout; then the connection is made straight to
 * that port with our transport, as for "host:port".  The answer is a
 * universal address, whose last two fields are the port's bytes.
 *
 * The netid asked for is the family rpcbind is reached by: rpcbind
 * answers a "tcp" (IPv4) query that came over IPv6 with no address, so a
 * name such as localhost, which Debian's /etc/hosts gives ::1 too, and
 * glibc then tries first, is reached over IPv4 for "tcp", both at rpcbind
 * and at the port it tells (family); a name with IPv6 addresses only, over
 * IPv6 for "tcp6" (connect_rpcbind).
 */
static unsigned rpcbind_port(const struct server_target *target, int family,
    char *why, size_t why_len, bool *unknown_host)
{
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };
	char netid[8], empty[1] = "";
	struct rpcb query = { .r_prog = ONCUDA_PROG, .r_vers = ONCUDA_VERSION,
	    .r_netid = netid, .r_addr = empty, .r_owner = empty };
	unsigned port = 0;
	char *uaddr = NULL;
	enum clnt_stat st;
	CLIENT *clnt;

	snprintf(netid, sizeof(netid), "%s", family == AF_INET6 ? "tcp6" :
	    "tcp");
	clnt = connect_port(target, PMAPPORT, family, RPCBPROG, RPCBVERS, why,
	    why_len, unknown_host);
	if (clnt == NULL)
		return 0;
	st = clnt_call(clnt, RPCBPROC_GETADDR, (xdrproc_t)xdr_rpcb,
	    (char *)&query, (xdrproc_t)xdr_wrapstring, (char *)&uaddr, timeout);
	if (st != RPC_SUCCESS)
		describe_call_error(clnt, st, target, why, why_len);
	else if (uaddr == NULL || uaddr[0] == '\0')
		snprintf(why, why_len, "%s", clnt_sperrno(RPC_PROGNOTREGISTERED));
	else if ((port = universal_address_port(uaddr)) == 0)
		snprintf(why, why_len, "rpcbind answered \"%s\", which is no "
		    "TCP address", uaddr);
	if (st == RPC_SUCCESS)
		clnt_freeres(clnt, (xdrproc_t)xdr_wrapstring, (char *)&uaddr);
	clnt_destroy(clnt);
	return port;
}

/* Whether host has an address of family. */
static bool has_address(const char *host, int family)
{
	struct addrinfo hints = { .ai_family = family,
	    .ai_socktype = SOCK_STREAM };
	struct addrinfo *list;

	if (getaddrinfo(host, NULL, &hints, &list) != 0)
		return false;
	freeaddrinfo(list);
	return true;
}

/*
 * A name is asked for over IPv4 ("tcp"), as rpcbind_port says; one that
 * has no IPv4 address but IPv6 ones is asked for over IPv6 ("tcp6") once
 * IPv4 failed, which then says why.  (The names are looked up again only
 * then, so that a name with an IPv4 address costs one lookup, as before.)
 */
static CLIENT *connect_rpcbind(const struct server_target *target, char *why,
    size_t why_len, bool *unknown_host)
{
	int family = strchr(target->address.host, ':') != NULL ? AF_INET6 :
	    AF_INET;
	unsigned port = rpcbind_port(target, family, why, why_len,
	    unknown_host);

	if (port == 0 && family == AF_INET &&
	    !has_address(target->address.host, AF_INET) &&
	    has_address(target->address.host, AF_INET6)) {
		family = AF_INET6;
		*unknown_host = false;
		port = rpcbind_port(target, family, why, why_len, unknown_host);
	}
	if (port == 0)
		return NULL;
	return connect_port(target, port, family, ONCUDA_PROG, ONCUDA_VERSION,
	    why, why_len, unknown_host);
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
		    "names, it is full (--max-clients, --max-clients-per-host),"
		    " or it could not start a session; its log says which",
		    target->name, why);
	} else {
		describe_call_error(clnt, st, target, why, sizeof(why));
		say_unreachable(target, why, false);
	}
	return false;
}

/* The timeout of a new handle (TCP or local). */
static void set_timeout(CLIENT *clnt, const struct server_target *target)
{
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };

	/*
	 * Overrides the per-call timeout rpcgen compiles into every stub.  Our
	 * transport also bounds each send with it (SO_SNDTIMEO), so that a
	 * server that stops reading cannot hold a large request forever.
	 */
	clnt_control(clnt, CLSET_TIMEOUT, (char *)&timeout);
}

/* Whether this thread's TCP connection, now being replaced by the
 * same-host socket, proved the key as its TLS PSK (prove_tcp). */
static _Thread_local bool tcp_proved_by_psk;

/* Timeout, version check and key exchange of a new local handle. */
static bool prove(CLIENT *clnt, const struct server_target *target)
{
	set_timeout(clnt, target);
	return ping(clnt, target) && hello_exchange(clnt, target) &&
	    (tcp_proved_by_psk ? auth_handshake_after_tls(clnt, target) :
	    auth_handshake(clnt, target));
}

/*
 * The same for a TCP handle, with TLS between the null call and the rest
 * (tls_client.h).  A TLS handshake with the key as its PSK has proved the
 * key both ways: the key exchange would prove it again.
 */
static bool prove_tcp(CLIENT *clnt, const struct server_target *target)
{
	enum tls_outcome tls;

	set_timeout(clnt, target);
	if (!ping(clnt, target) ||
	    (tls = tls_client_secure(clnt, target)) == TLS_FAILED ||
	    !hello_exchange(clnt, target))
		return false;
	tcp_proved_by_psk = tls == TLS_BY_PSK;
	return tls == TLS_BY_PSK || auth_handshake(clnt, target);
}

CLIENT *connect_server(const struct server_target *target)
{
	bool unknown_host = false;
	char why[256];
	CLIENT *clnt;

	if (target->address.port != 0)
		clnt = connect_port(target, target->address.port, AF_UNSPEC,
		    ONCUDA_PROG, ONCUDA_VERSION, why, sizeof(why), &unknown_host);
	else
		clnt = connect_rpcbind(target, why, sizeof(why), &unknown_host);
	if (clnt == NULL) {
		say_unreachable(target, why, unknown_host);
		return NULL;
	}
	if (!prove_tcp(clnt, target)) {
		clnt_destroy(clnt);
		return NULL;
	}
	/* The same-host path, when the server is on this host (local_connect.h). */
	return local_transport_choose(clnt, target, prove);
}
