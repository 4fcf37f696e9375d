/*
 * tls_client.c -- the client's side of RPC-with-TLS (tls_client.h).
 *
 * The TLS context is made once per process, from the files the
 * environment names, and kept for every connection after (several
 * servers, the callback connection).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/auth_key.h"
#include "common/tls_channel.h"
#include "common/tls_env.h"
#include "stubs/link/say.h"
#include "stubs/link/tls_client.h"
#include "stubs/link/xprt.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* The connection this thread makes next is to be handed over. */
static _Thread_local bool next_moves;
static struct tls_config *config;
static bool config_tried;
static char config_why[300];

static const char *env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && v[0] != '\0' ? v : NULL;
}

/* Whether this connection must be TLS (the policy of tls_client.h). */
static bool wanted(void)
{
	const char *v = env("ONCUDA_TLS");

	if (v != NULL)
		return strcmp(v, "0") != 0;
	return env("ONCUDA_KEY_FILE") != NULL || env("ONCUDA_TLS_CA") != NULL;
}

/* The process's context, made at the first TLS connection; NULL after
 * saying why. */
static struct tls_config *context(void)
{
	struct tls_credentials cred;
	struct tls_psk psk;
	struct auth_key key;
	const char *path = env("ONCUDA_KEY_FILE");
	char reason[200];

	pthread_mutex_lock(&lock);
	if (config_tried)
		goto done;
	config_tried = true;
	if (path != NULL && !auth_key_load(path, &key, reason, sizeof reason)) {
		snprintf(config_why, sizeof config_why, "cannot use the key "
		    "file ONCUDA_KEY_FILE=%s: %s", path, reason);
		goto done;
	}
	tls_env_credentials(path != NULL ? &key : NULL, &psk, &cred);
	if (path != NULL)
		auth_key_wipe(&key);
	if (cred.psk_count == 0 && cred.ca_file == NULL)
		snprintf(config_why, sizeof config_why, "cannot use TLS: "
		    "ONCUDA_TLS=1 needs "
		    "something to check the server by: ONCUDA_KEY_FILE (a copy "
		    "of its --key-file) or ONCUDA_TLS_CA (the CA of its "
		    "--tls-cert)");
	else if ((cred.cert_file == NULL) != (cred.key_file == NULL))
		snprintf(config_why, sizeof config_why, "cannot use TLS: "
		    "ONCUDA_TLS_CERT and ONCUDA_TLS_KEY go together");
	else if ((config = tls_config_new(TLS_CLIENT, &cred, reason,
	    sizeof reason)) == NULL)
		snprintf(config_why, sizeof config_why, "cannot use TLS: %s",
		    reason);
	memset(&psk, 0, sizeof psk);
done:
	pthread_mutex_unlock(&lock);
	if (config == NULL)
		oncuda_say("%s", config_why);
	return config;
}

static void say_no_tls(const struct server_target *target, enum clnt_stat st,
    CLIENT *clnt)
{
	char why[256];

	if (st == RPC_AUTHERROR || st == RPC_SUCCESS) {
		oncuda_say("oncudad on %s offers no TLS (it was started without "
		    "a key or a certificate, or is of a release before TLS), "
		    "and this client requires it (ONCUDA_TLS, or a key or CA "
		    "set): start oncudad with --key-file or --tls-cert, or set "
		    "ONCUDA_TLS=0 to talk in clear", target->name);
		return;
	}
	describe_call_error(clnt, st, target, why, sizeof why);
	oncuda_say("oncudad on %s broke off the TLS probe (%s); its log says "
	    "why", target->name, why);
}

enum tls_outcome tls_client_secure(CLIENT *clnt,
    const struct server_target *target)
{
	struct timeval timeout = { .tv_sec = (time_t)target->timeout_seconds };
	struct tls_channel *ch;
	struct tls_config *c;
	char why[256], how[160];
	enum clnt_stat st;
	bool starttls;
	int fd;

	if (!wanted())
		return TLS_PLAIN;
	if ((c = context()) == NULL)
		return TLS_FAILED;
	st = xprt_probe_tls(clnt, timeout, &starttls);
	if (!starttls) {
		say_no_tls(target, st, clnt);
		return TLS_FAILED;
	}
	clnt_control(clnt, CLGET_FD, (char *)&fd);
	ch = tls_channel_open(c, fd, target->address.host,
	    (long)target->timeout_seconds * 1000, next_moves ? TLS_HANDOVER :
	    TLS_RECORDS, why, sizeof why);
	if (ch == NULL) {
		oncuda_say("TLS with oncudad on %s failed: %s (is "
		    "ONCUDA_KEY_FILE a copy of its key, or ONCUDA_TLS_CA the CA "
		    "of its certificate, issued for the name in ONCUDA_SERVER?)",
		    target->name, why);
		return TLS_FAILED;
	}
	xprt_use_tls(clnt, ch);
	/* Where calls are traced, how they are protected, kernel TLS too. */
	if (env("ONCUDA_TRACE") != NULL && strcmp(env("ONCUDA_TRACE"), "0") != 0) {
		tls_channel_describe(ch, how, sizeof how);
		oncuda_say("TLS with oncudad on %s: %s", target->name, how);
	}
	return tls_channel_by_psk(ch) ? TLS_BY_PSK : TLS_BY_CERTIFICATE;
}

struct tls_channel *tls_client_rejoin(int fd,
    const struct server_target *target, long ms, enum tls_use use,
    const char *what, const char *then)
{
	struct tls_channel *ch;
	struct tls_config *c;
	char why[256];

	if ((c = context()) == NULL)
		return NULL;
	ch = tls_channel_open(c, fd, target->address.host, ms, use, why,
	    sizeof why);
	if (ch == NULL)
		oncuda_say("TLS on %s of oncudad on %s failed: %s; %s", what,
		    target->name, why, then);
	return ch;
}

void tls_client_will_hand_over(bool on)
{
	next_moves = on;
}
