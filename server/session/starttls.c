/*
 * server/session/starttls.c -- oncudad's side of RPC-with-TLS (starttls.h).
 *
 * The daemon sets up one TLS context before it forks; every session
 * inherits it and makes its own channel when its client probes.
 */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "gen/cuda_names.h"
#include "server/session/auth.h"
#include "server/session/calltrace.h"
#include "server/session/ipc_registry.h"
#include "server/session/log.h"
#include "server/session/usage.h"
#include "server/session/starttls.h"

/* Set by the daemon, inherited by every session. */
static struct tls_config *config;
static bool required;

/* This session's. */
static bool local;		/* the same-host socket: plain by design */
static bool active;
static struct tls_channel *control;	/* the session's own connection's */
static char identity[TLS_NAME_MAX];
static const char *refusal;

bool starttls_configure(const struct tls_credentials *cred, bool require,
    char *why, size_t why_len)
{
	if (cred->psk_count == 0 && cred->cert_file == NULL) {
		if (!require)
			return true;	/* nothing to offer, nothing asked */
		snprintf(why, why_len, "--tls needs something to prove the "
		    "server by: --key-file, --keys-file or --tls-cert with "
		    "--tls-key");
		return false;
	}
	if ((config = tls_config_new(TLS_SERVER, cred, why, why_len)) == NULL)
		return false;
	required = require;
	return true;
}

bool starttls_offered(void)
{
	return config != NULL;
}

bool starttls_required(void)
{
	return required;
}

void starttls_session_start(const char *peer)
{
	local = strncmp(peer, "unix:", 5) == 0;
}

/*
 * After a failed handshake: the alert that says why is on its way to the
 * client, and so may be the client's first call (TLS 1.3 lets a client
 * send before the server has checked its certificate).  Closing with that
 * call unread would reset the connection, and the reset can overtake the
 * alert; so the sending side is closed first and what comes is read, for a
 * second at most.
 */
static void linger_for_alert(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char sink[4096];

	if (shutdown(fd, SHUT_WR) != 0)
		return;
	while (poll(&pfd, 1, 1000) == 1 && recv(fd, sink, sizeof sink,
	    MSG_DONTWAIT) > 0)
		continue;
}

struct tls_channel *starttls_begin(int fd, long ms)
{
	struct tls_channel *ch;
	char why[256], how[160], line[320];

	/* No bound configured (--request-timeout 0): the handshake still
	 * gets one, or a client that stops half way holds the session. */
	if (local) {
		log_msg(LOG_WARN, "refused TLS on the same-host socket: it "
		    "never leaves the kernel; closing the session");
		return NULL;
	}
	if (ms <= 0)
		ms = 30000;
	if ((ch = tls_channel_open(config, fd, NULL, ms, TLS_RECORDS, why,
	    sizeof why)) == NULL) {
		log_msg(LOG_WARN, "TLS handshake failed: %s; closing the "
		    "session", why);
		linger_for_alert(fd);
		return NULL;
	}
	active = true;
	control = ch;
	if (tls_channel_by_psk(ch))
		auth_proved_by_tls();
	snprintf(identity, sizeof identity, "%s", tls_channel_peer(ch));
	/* What oncuda-ls -v and the session's end line show. */
	if (tls_channel_by_psk(ch) || tls_channel_named(ch))
		usage_proved(tls_channel_named(ch) ? identity : NULL);
	ipc_registry_name(identity);
	tls_channel_describe(ch, how, sizeof how);
	snprintf(line, sizeof line, "TLS established (%s), identity %s", how,
	    identity[0] != '\0' ? identity : "none (no client certificate)");
	log_msg(LOG_INFO, "%s", line);
	calltrace_note(line);
	return ch;
}

struct tls_channel *starttls_rejoin(int fd, long ms, enum tls_use use,
    const char *what)
{
	struct tls_channel *ch;
	char why[256], how[160];

	if ((ch = tls_channel_open(config, fd, NULL, ms, use, why,
	    sizeof why)) == NULL) {
		log_msg(LOG_WARN, "TLS on %s failed: %s", what, why);
		return NULL;
	}
	if (strcmp(tls_channel_peer(ch), identity) != 0) {
		log_msg(LOG_WARN, "%s proved the identity %s, the session %s: "
		    "refused", what, tls_channel_peer(ch), identity);
		tls_channel_close(ch);
		return NULL;
	}
	tls_channel_describe(ch, how, sizeof how);
	log_msg(LOG_DEBUG, "TLS on %s (%s)", what, how);
	return ch;
}

void starttls_ticket(void)
{
	if (control != NULL)
		(void)tls_channel_new_ticket(control);
}

bool starttls_active(void)
{
	return active;
}

const char *starttls_identity(void)
{
	return identity;
}

bool starttls_admits(rpcproc_t proc)
{
	if (!required || active || local || proc == NULLPROC ||
	    proc == ONCUDA_DESCRIBE_SERVER)
		return true;
	if (refusal == NULL) {
		log_msg(LOG_WARN, "refused a plain connection: this server "
		    "requires TLS (oncudad --tls); the client must probe with "
		    "AUTH_TLS (RFC 9289): set ONCUDA_TLS=1 there, with "
		    "ONCUDA_KEY_FILE or ONCUDA_TLS_CA; closing the session");
		refusal = "refused: a plain connection to a --tls server";
	}
	return false;
}

const char *starttls_session_over(void)
{
	return refusal;
}
