/*
 * stubs/copy/stripes.c -- each server's data connections (stripes.h).
 *
 * Binding is the callback connection's three steps (stream/callback.c),
 * made with the control connection held so that no other call comes
 * between them: ONCUDA_STRIPE_OFFER on it, then for each data connection
 * a new connection made as every connection is (link/connect.h) that
 * hands itself to the session with ONCUDA_STRIPE_ATTACH and keeps only
 * its socket, then ONCUDA_STRIPE_BIND for as many as were handed.
 *
 * Inside TLS each data connection is made inside TLS too, as every
 * connection is, so its ticket travels protected; the TLS session it was
 * made in stays with the server process that handed it over, so once the
 * bind is answered each one, in index order, starts its own with the
 * session (link/tls_client.h), whose keys then seal its frames
 * (common/frame_seal.h).
 */
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cuda.h>

#include "common/frame_seal.h"
#include "common/stripe_crew.h"
#include "common/tls_channel.h"
#include "gen/cuda_names.h"
#include "stubs/copy/stripes.h"
#include "stubs/link/connect.h"
#include "stubs/link/env_count.h"
#include "stubs/link/say.h"
#include "stubs/link/tls_client.h"
#include "stubs/link/xprt.h"
#include "stubs/wire/rpc.h"

struct server_stripes {
	bool tried;		/* bound, refused or failed: not asked again */
	unsigned count;
	int fds[ONCUDA_STRIPE_MAX];
	struct frame_seal *seal[ONCUDA_STRIPE_MAX];	/* inside TLS */
	struct stripe_crew crew;	/* a thread per connection */
	uint32_t serial;
};

static struct server_stripes servers[ROUTE_SERVERS_MAX];
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void close_all(struct server_stripes *ss)
{
	stripe_crew_stop(&ss->crew);
	for (unsigned i = 0; i < ss->count; i++) {
		frame_seal_free(ss->seal[i]);
		ss->seal[i] = NULL;
		close(ss->fds[i]);
	}
	ss->count = 0;
}

/* The child of a fork is a new session (rpc.h): its parent's data
 * connections are not its own, and must not stay open in it. */
static void fork_child(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++) {
		/* The threads stayed in the parent. */
		stripe_crew_forget(&servers[i].crew);
		close_all(&servers[i]);
		servers[i].tried = false;
	}
}

static void setup(void)
{
	pthread_atfork(NULL, NULL, fork_child);
}

/* Whether ONCUDA_DEBUG asks for the lines of falling back. */
static bool debugging(void)
{
	const char *debug = getenv("ONCUDA_DEBUG");

	return debug != NULL && *debug != '\0' && strcmp(debug, "0") != 0;
}

/* A line under ONCUDA_DEBUG; nothing otherwise. */
static void notice(unsigned server, const char *why)
{
	if (debugging())
		oncuda_say("copies to %s use one connection: %s",
		    rpc_server_name(server), why);
}

/* ONCUDA_STREAMS, or the default, read once; 1 when it asks for no data
 * connections. */
static unsigned streams_wanted;

static void read_wanted(void)
{
	streams_wanted = (unsigned)env_count("ONCUDA_STREAMS", 1,
	    ONCUDA_STRIPE_MAX, STRIPES_DEFAULT);
}

static unsigned wanted(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, read_wanted);
	return streams_wanted;
}

/* Step 2: a new connection handed to the session as data connection
 * index; its socket, or -1.  It must be inside TLS exactly when the
 * control connection is (the server refuses it otherwise). */
static int attach(unsigned server, const stripe_offer *offer,
    unsigned index, bool in_tls)
{
	const struct server_target *target = rpc_server_target(server);
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };
	stripe_ticket ticket;
	res_none r;
	int fd = -1;
	CLIENT *c;

	/* Its failure is said by notice(), and only under ONCUDA_DEBUG. */
	oncuda_quiet(!debugging());
	tls_client_will_hand_over(true);
	c = connect_server(target);
	tls_client_will_hand_over(false);
	oncuda_quiet(false);
	if (c == NULL)
		return -1;
	memset(&r, 0, sizeof r);
	ticket.session_pid = offer->session_pid;
	memcpy(ticket.token, offer->token, sizeof ticket.token);
	ticket.index = index;
	if (xprt_in_tls(c) == in_tls && oncuda_stripe_attach(ticket, &r, c) ==
	    RPC_SUCCESS && r.err == CUDA_SUCCESS &&
	    clnt_control(c, CLGET_FD, (char *)&fd))
		clnt_control(c, CLSET_FD_NCLOSE, NULL);
	else
		fd = -1;
	clnt_destroy(c);
	if (fd >= 0) {
		(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout,
		    sizeof timeout);
		(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout,
		    sizeof timeout);
	}
	return fd;
}

/* Inside TLS, after the bind: each data connection's own TLS session, in
 * index order as the server starts them, and the seal of its frames from
 * it; false (all closed) when one fails. */
static bool secure(unsigned server, struct server_stripes *ss)
{
	const struct server_target *target = rpc_server_target(server);
	long ms = target->timeout_seconds > 0 ?
	    (long)target->timeout_seconds * 1000 : 30000;
	char what[40], how[160], why[96];
	struct tls_channel *ch;

	for (unsigned i = 0; i < ss->count; i++) {
		snprintf(what, sizeof what, "data connection %u", i);
		/* Said by notice(), and only under ONCUDA_DEBUG. */
		oncuda_quiet(!debugging());
		ch = tls_client_rejoin(ss->fds[i], target, ms, TLS_FRAMES, what,
		    "copies use one connection");
		oncuda_quiet(false);
		if (ch == NULL) {
			close_all(ss);
			return false;
		}
		if (debugging())
			tls_channel_describe(ch, how, sizeof how);
		ss->seal[i] = frame_seal_from_tls(ch, why, sizeof why);
		tls_channel_close(ch);
		if (ss->seal[i] == NULL) {
			if (debugging())
				oncuda_say("%s of oncudad on %s: %s", what,
				    rpc_server_name(server), why);
			close_all(ss);
			return false;
		}
		if (debugging())
			oncuda_say("%s of oncudad on %s: %s, frames sealed "
			    "with its keys", what, rpc_server_name(server),
			    how);
	}
	return true;
}

/* The three steps, once per server. */
static enum clnt_stat bind_stripes(CLIENT *c, unsigned server,
    struct server_stripes *ss)
{
	unsigned want = wanted(), got = 0;
	bool in_tls = xprt_in_tls(c);
	res_stripe_offer offer;
	enum clnt_stat st;
	res_none r;
	int fd;

	if (want < 2)
		return RPC_SUCCESS;
	memset(&offer, 0, sizeof offer);
	if ((st = oncuda_stripe_offer(&offer, c)) != RPC_SUCCESS) {
		/* A server that predates striping: the rest as before. */
		if (st != RPC_PROCUNAVAIL)
			return st;
		notice(server, "the server has no data connections");
		return RPC_SUCCESS;
	}
	if (offer.err != CUDA_SUCCESS) {
		/* A server of a release before striping inside TLS refuses
		 * the offer there (CUDA_ERROR_NOT_SUPPORTED). */
		notice(server, "the server offers no data connections");
		return RPC_SUCCESS;
	}
	if (want > offer.res_stripe_offer_u.value.max_connections)
		want = offer.res_stripe_offer_u.value.max_connections;
	while (got < want && want <= ONCUDA_STRIPE_MAX &&
	    (fd = attach(server, &offer.res_stripe_offer_u.value, got,
	    in_tls)) >= 0)
		ss->fds[got++] = fd;
	if (got == 0) {
		notice(server, "no data connection could be made");
		return RPC_SUCCESS;
	}
	/* Those made are bound even when fewer than wanted, so the session
	 * is left holding none in its queue. */
	memset(&r, 0, sizeof r);
	ss->count = got;
	if ((st = oncuda_stripe_bind(got, &r, c)) != RPC_SUCCESS ||
	    r.err != CUDA_SUCCESS) {
		close_all(ss);
		if (st == RPC_SUCCESS)
			notice(server, "the server did not bind the data "
			    "connections");
	} else if (in_tls && !secure(server, ss)) {
		notice(server, "TLS on a data connection failed");
	} else if (!stripe_crew_start(&ss->crew, ss->count)) {
		/* The server's copies would wait for frames that no thread
		 * sends: none is striped. */
		close_all(ss);
		notice(server, "no thread for a data connection");
	}
	return st;
}

enum clnt_stat stripes_ready(CLIENT *c, unsigned server, unsigned *count,
    const int **fds, struct frame_seal *const **seals,
    struct stripe_crew **crew)
{
	struct server_stripes *ss;
	enum clnt_stat st = RPC_SUCCESS;

	assert(rpc_lock_held());
	pthread_once(&setup_once, setup);
	*count = 0;
	if (server >= ROUTE_SERVERS_MAX)
		return RPC_SUCCESS;
	ss = &servers[server];
	if (!ss->tried) {
		ss->tried = true;
		st = bind_stripes(c, server, ss);
	}
	*count = ss->count;
	*fds = ss->fds;
	*seals = ss->seal;
	*crew = &ss->crew;
	return st;
}

uint32_t stripes_serial(unsigned server)
{
	assert(server < ROUTE_SERVERS_MAX);
	return ++servers[server].serial;
}

void stripes_drop(unsigned server, const char *why)
{
	assert(server < ROUTE_SERVERS_MAX);
	close_all(&servers[server]);
	notice(server, why);
}
