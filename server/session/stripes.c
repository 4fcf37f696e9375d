/*
 * server/session/stripes.c -- a session's data connections (stripes.h).
 *
 * The rendezvous is the callback connection's (handoff.h): the session
 * process a new connection reached hands it over with its ticket, the
 * token and an index of its own.  The offering session takes exactly as
 * many as the client asks for.
 *
 * Inside TLS, the connection came inside a TLS session of the process
 * that handed it over, which stays there; once the bind's reply is out,
 * each data connection starts one of its own here (stripes_after_reply),
 * proving the session's identity, as the callback connection does, and
 * its frames are then sealed with that session's keys (frame_seal.h).  The
 * hand-over says whether the connection came inside TLS, and one that
 * came otherwise than the session's own is refused.
 *
 * The cap (ONCUDA_STRIPE_MAX) bounds the sockets a client can make a
 * session hold; the request timeout bounds every read and write on them
 * (stripe_copy.c sets it), so a data connection that stalls ends its call
 * there, and one that fails closes them all.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/auth_key.h"
#include "common/frame_seal.h"
#include "common/stripe_crew.h"
#include "common/stripe_plan.h"
#include "common/tls_channel.h"
#include "server/session/handoff.h"
#include "server/session/log.h"
#include "server/session/starttls.h"
#include "server/session/stripes.h"

/* How long ONCUDA_STRIPE_BIND waits for all its connections. */
#define TAKE_OVER_MS 3000

/* What a handing-over session sends with the descriptor: token, index,
 * and whether the connection came inside TLS. */
#define TICKET_BYTES (ONCUDA_STRIPE_TOKEN_BYTES + 4 + 1)
#define TICKET_TLS (ONCUDA_STRIPE_TOKEN_BYTES + 4)

/* How long each data connection's TLS handshake may take, when the
 * session has no request timeout. */
#define HANDSHAKE_MS 30000

static struct {
	int fds[ONCUDA_STRIPE_MAX];
	struct frame_seal *seal[ONCUDA_STRIPE_MAX];	/* inside TLS */
	unsigned count;
	bool tls_pending;		/* bound; their TLS starts after the reply */
	int listener;			/* the offer's unix socket, or -1 */
	bool offered;			/* token below is live */
	unsigned char token[ONCUDA_STRIPE_TOKEN_BYTES];
	bool handed_over;		/* this session gave its connection away */
	struct stripe_crew crew;	/* a thread per data connection */
} st = { .listener = -1 };

static void close_listener(void)
{
	if (st.listener >= 0)
		close(st.listener);
	st.listener = -1;
	st.offered = false;
	/* Spent: a ticket shown later is refused however it was got. */
	memset(st.token, 0, sizeof st.token);
}

CUresult stripes_open_offer(stripe_offer *out)
{
	if (st.count > 0)
		return CUDA_ERROR_ALREADY_ACQUIRED;
	if (getrandom(st.token, sizeof st.token, 0) != (ssize_t)sizeof st.token)
		return CUDA_ERROR_OPERATING_SYSTEM;
	if (st.listener < 0 &&
	    (st.listener = handoff_listen("stripes", ONCUDA_STRIPE_MAX)) < 0) {
		log_msg(LOG_WARN, "cannot offer data connections: %s",
		    strerror(errno));
		close_listener();
		return CUDA_ERROR_OPERATING_SYSTEM;
	}
	st.offered = true;
	starttls_ticket();
	out->session_pid = (unsigned)getpid();
	memcpy(out->token, st.token, sizeof st.token);
	out->max_connections = ONCUDA_STRIPE_MAX;
	return CUDA_SUCCESS;
}

CUresult stripes_hand_over(const stripe_ticket *ticket, int connection)
{
	unsigned char bytes[TICKET_BYTES];

	memcpy(bytes, ticket->token, ONCUDA_STRIPE_TOKEN_BYTES);
	memcpy(bytes + ONCUDA_STRIPE_TOKEN_BYTES, &ticket->index, 4);
	bytes[TICKET_TLS] = starttls_active();
	if (!handoff_send("stripes", ticket->session_pid, bytes, sizeof bytes,
	    connection)) {
		log_msg(LOG_INFO, "no session %u to hand a data connection to",
		    ticket->session_pid);
		return CUDA_ERROR_NOT_FOUND;
	}
	st.handed_over = true;
	log_msg(LOG_DEBUG, "connection handed to session %u as its data "
	    "connection %u", ticket->session_pid, ticket->index);
	return CUDA_SUCCESS;
}

/*
 * One handed-over connection: its socket, with *index its ticket's index;
 * -1 when none came in time, -2 (closed, logged) when its ticket is not
 * this offer's.
 */
static int take_one(const struct timespec *end, uint32_t *index)
{
	unsigned char bytes[TICKET_BYTES];
	int fd = handoff_take(st.listener, end, bytes, sizeof bytes);

	if (fd == -1)
		return -1;
	if (fd < 0 || !auth_secret_equal(bytes, st.token, sizeof st.token)) {
		if (fd >= 0)
			close(fd);
		log_msg(LOG_WARN, "refused a data connection: wrong token");
		return -2;
	}
	/* Its TLS (or none) must be the session's: a plain connection would
	 * carry a TLS session's bytes in clear, and a TLS one could not go
	 * on inside TLS in a plain session. */
	if ((bytes[TICKET_TLS] != 0) != starttls_active()) {
		close(fd);
		log_msg(LOG_WARN, "refused a data connection: %s",
		    starttls_active() ? "it came plain, and the session is "
		    "inside TLS" : "it came inside TLS, and the session is "
		    "plain");
		return -2;
	}
	memcpy(index, bytes + ONCUDA_STRIPE_TOKEN_BYTES, 4);
	return fd;
}

static void close_all(void)
{
	stripe_crew_stop(&st.crew);
	for (unsigned i = 0; i < st.count; i++) {
		frame_seal_free(st.seal[i]);
		st.seal[i] = NULL;
		close(st.fds[i]);
	}
	st.count = 0;
	st.tls_pending = false;
}

CUresult stripes_take_over(unsigned count)
{
	int fds[ONCUDA_STRIPE_MAX];
	bool seen[ONCUDA_STRIPE_MAX] = { false };
	struct timespec end;
	CUresult e = CUDA_SUCCESS;
	bool refused = false;
	unsigned got = 0;
	uint32_t index;
	int one = 1, fd;

	if (st.count > 0)
		return CUDA_ERROR_ALREADY_ACQUIRED;
	if (!st.offered || st.listener < 0)
		return CUDA_ERROR_NOT_FOUND;
	if (count == 0 || count > ONCUDA_STRIPE_MAX) {
		close_listener();
		return CUDA_ERROR_INVALID_VALUE;
	}
	handoff_deadline(&end, TAKE_OVER_MS);
	/*
	 * The client attaches every connection before it binds, so they wait
	 * in the listener's queue already.  A wrong ticket (any local process
	 * can reach the name) is closed and passed over: it cannot take a
	 * place, nor keep the right ones out.
	 */
	while (got < count) {
		if ((fd = take_one(&end, &index)) == -1)
			break;
		if (fd == -2) {
			refused = true;
		} else if (index >= count || seen[index]) {
			log_msg(LOG_WARN, "refused a data connection: ticket "
			    "index %u %s", index, index >= count ?
			    "out of range" : "shown twice");
			close(fd);
			refused = true;
		} else {
			seen[index] = true;
			/* Placed by index: the client's connection i is ours. */
			fds[index] = fd;
			got++;
		}
	}
	if (got < count)
		e = refused ? CUDA_ERROR_NOT_PERMITTED : CUDA_ERROR_NOT_FOUND;
	close_listener();
	if (e != CUDA_SUCCESS) {
		for (unsigned i = 0; i < count; i++)
			if (seen[i])
				close(fds[i]);
		log_msg(LOG_INFO, "data connections not bound (%u of %u came "
		    "right): copies use the session's connection alone", got,
		    count);
		return e;
	}
	for (unsigned i = 0; i < count; i++) {
		(void)setsockopt(fds[i], IPPROTO_TCP, TCP_NODELAY, &one,
		    sizeof one);
		st.fds[i] = fds[i];
	}
	st.count = count;
	st.tls_pending = starttls_active();
	if (!st.tls_pending)
		log_msg(LOG_INFO, "%u data connections bound", count);
	return CUDA_SUCCESS;
}

void stripes_after_reply(long ms)
{
	char what[40], how[160], why[96];
	struct tls_channel *ch;

	if (!st.tls_pending)
		return;
	st.tls_pending = false;
	if (ms <= 0)
		ms = HANDSHAKE_MS;
	/* In index order, as the client starts them. */
	for (unsigned i = 0; i < st.count; i++) {
		snprintf(what, sizeof what, "data connection %u", i);
		if ((ch = starttls_rejoin(st.fds[i], ms, TLS_FRAMES,
		    what)) == NULL) {
			log_msg(LOG_WARN, "data connections closed (no TLS on "
			    "%s): copies use the session's connection alone",
			    what);
			close_all();
			return;
		}
		/* The log's line names the last; they were made alike. */
		if (i + 1 == st.count)
			tls_channel_describe(ch, how, sizeof how);
		st.seal[i] = frame_seal_from_tls(ch, why, sizeof why);
		tls_channel_close(ch);
		if (st.seal[i] == NULL) {
			log_msg(LOG_WARN, "data connections closed (%s: %s): "
			    "copies use the session's connection alone", what,
			    why);
			close_all();
			return;
		}
	}
	log_msg(LOG_INFO, "%u data connections bound, each inside TLS (%s), "
	    "frames sealed with its keys", st.count, how);
}

const char *stripes_session_over(void)
{
	return st.handed_over ? "its connection became another session's "
	    "data connection" : NULL;
}

unsigned stripes_count(void)
{
	return st.count;
}

int stripes_fd(unsigned index)
{
	return index < st.count ? st.fds[index] : -1;
}

struct frame_seal *stripes_seal(unsigned index)
{
	return index < st.count ? st.seal[index] : NULL;
}

struct stripe_crew *stripes_crew(void)
{
	if (st.count == 0)
		return NULL;
	if (!st.crew.started && !stripe_crew_start(&st.crew, st.count))
		return NULL;
	return &st.crew;
}

void stripes_lost(const char *why)
{
	if (st.count == 0)
		return;
	log_msg(LOG_WARN, "data connections closed (%s): copies use the "
	    "session's connection alone", why);
	close_all();
}

void stripes_session_end(void)
{
	close_all();
	close_listener();
	st.handed_over = false;		/* the fuzz target serves on */
}
