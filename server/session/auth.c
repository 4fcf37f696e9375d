/*
 * server/session/auth.c -- the server's side of the key exchange (auth.h), and the
 * two procedures that carry it.
 *
 * A session without a key to check is open from the start.  With one, it
 * is pending until ONCUDA_AUTH_PROVE succeeds; any refusal (no key, a wrong
 * proof, a call before the proof, too long a wait) is final and closes the
 * session, so a client gets one attempt per connection.
 */
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <cuda.h>

#include "server/session/auth.h"
#include "common/auth_key.h"
#include "common/release.h"
#include "gen/cuda_names.h"
#include "server/session/log.h"
#include "server/session/usage.h"
#include "common/trace_format.h"

_Static_assert(AUTH_NONCE == ONCUDA_AUTH_NONCE_BYTES, "auth_key.h and idl/cuda.x disagree");
_Static_assert(AUTH_MAC == ONCUDA_AUTH_MAC_BYTES, "auth_key.h and idl/cuda.x disagree");

/* Set by the daemon, inherited by every client process. */
static struct auth_key key;
static bool key_required;

/* This process's session. */
static char peer_name[64];
static struct timespec deadline;
static bool passed;
static const char *refusal;		/* why the session ends; NULL: it goes on */
static bool hello_matched;		/* ONCUDA_HELLO gave our revision */
static uint8_t nonce[AUTH_NONCE];
static bool nonce_outstanding;		/* sent, and not yet answered */

bool auth_use_key_file(const char *path, char *why, size_t why_len)
{
	if (!auth_key_load(path, &key, why, why_len))
		return false;
	key_required = true;
	return true;
}

bool auth_key_required(void)
{
	return key_required;
}

bool auth_key_psk(uint8_t psk[32])
{
	if (!key_required)
		return false;
	auth_tls_psk(&key, psk);
	return true;
}

void auth_session_start(const char *peer)
{
	snprintf(peer_name, sizeof(peer_name), "%s", peer);
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += AUTH_GRACE_SECONDS;
}

/* Ends the session for why (logged); ending says what the log of its
 * end says. */
static void refuse_for(const char *why, const char *ending)
{
	log_msg(LOG_WARN, "refused client %s: %s; closing the session",
	    peer_name, why);
	refusal = ending;
}

static void refuse(const char *why)
{
	refuse_for(why, "refused: it did not prove it holds the key");
}

void auth_proved_by_tls(void)
{
	passed = true;
	if (key_required)
		log_msg(LOG_INFO, "client %s proved it holds the key (as the "
		    "PSK of its TLS handshake)", peer_name);
}

bool auth_admits(rpcproc_t proc)
{
	if (proc == NULLPROC || proc == ONCUDA_HELLO)
		return refusal == NULL;
	if (proc == ONCUDA_AUTH_CHALLENGE || proc == ONCUDA_AUTH_PROVE)
		return refusal == NULL && hello_matched;
	return refusal == NULL && hello_matched && (!key_required || passed);
}

void auth_refuse_call(rpcproc_t proc)
{
	char why[160];
	int slot = trace_proc_slot(proc);

	if (refusal != NULL)
		return;
	if (!hello_matched) {
		snprintf(why, sizeof(why), "it called %s before saying its "
		    "protocol revision (ONCUDA_HELLO): a client of an oncuda "
		    "older than this server's %s; upgrade it",
		    slot >= 0 ? trace_proc_name((size_t)slot) : "a procedure",
		    release_software());
		refuse_for(why, "refused: a client of an older oncuda");
		return;
	}
	if (slot >= 0)
		snprintf(why, sizeof(why), "it called %s before proving it holds "
		    "the key", trace_proc_name((size_t)slot));
	else
		snprintf(why, sizeof(why), "it called procedure %lu before "
		    "proving it holds the key", (unsigned long)proc);
	refuse(why);
}

bool auth_time_left(struct timespec *left)
{
	struct timespec now;

	if (!key_required || passed || refusal != NULL)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &now);
	left->tv_sec = deadline.tv_sec - now.tv_sec;
	left->tv_nsec = deadline.tv_nsec - now.tv_nsec;
	if (left->tv_nsec < 0) {
		left->tv_sec--;
		left->tv_nsec += 1000000000L;
	}
	if (left->tv_sec < 0)
		left->tv_sec = left->tv_nsec = 0;
	return true;
}

const char *auth_session_over(void)
{
	struct timespec left;

	if (refusal == NULL && auth_time_left(&left) && left.tv_sec == 0 &&
	    left.tv_nsec == 0)
		refuse("it did not prove it holds the key within "
		    AUTH_GRACE_TEXT " s");
	return refusal;
}

bool_t oncuda_hello_svc(hello_args client, res_hello *r,
    struct svc_req *rq)
{
	char why[256];

	(void)rq;
	memset(r, 0, sizeof(*r));
	r->revision = ONCUDA_WIRE_REVISION;
	if ((r->software = strdup(release_software())) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	if (client.revision == ONCUDA_WIRE_REVISION) {
		hello_matched = true;
		r->err = CUDA_SUCCESS;
		return TRUE;
	}
	r->err = CUDA_ERROR_NOT_SUPPORTED;
	hello_matched = false;
	snprintf(why, sizeof(why), "it speaks protocol revision %08x (oncuda "
	    "%.64s), this server %08x (oncuda %s): the client and the server "
	    "must come from the same oncuda release", client.revision,
	    client.software != NULL ? client.software : "?",
	    ONCUDA_WIRE_REVISION, release_software());
	log_msg(LOG_WARN, "client %s: %s", peer_name, why);
	return TRUE;
}

bool_t oncuda_auth_challenge_svc(bool_t client_has_key,
    res_auth_challenge *r, struct svc_req *rq)
{
	(void)rq;
	/* rpcgen's dispatcher does not clear the result: no stack bytes out. */
	memset(r, 0, sizeof(*r));
	r->err = CUDA_SUCCESS;
	r->res_auth_challenge_u.value.key_required = key_required;
	nonce_outstanding = false;
	if (!key_required) {
		/* The client will refuse us if it holds a key; say why here. */
		if (client_has_key)
			log_msg(LOG_WARN, "client %s holds a key, but this server "
			    "was started without --key-file: the client will not "
			    "trust it", peer_name);
		return TRUE;
	}
	if (!client_has_key) {
		refuse("it has no key (its ONCUDA_KEY_FILE is not set), and "
		    "this server requires one (--key-file)");
		return TRUE;
	}
	if (!auth_random(nonce, sizeof(nonce))) {
		log_msg(LOG_ERROR, "cannot make a nonce for %s: the system's "
		    "random source (getrandom) failed", peer_name);
		r->err = CUDA_ERROR_OPERATING_SYSTEM;
		return TRUE;
	}
	memcpy(r->res_auth_challenge_u.value.server_nonce, nonce, sizeof(nonce));
	nonce_outstanding = true;
	return TRUE;
}

bool_t oncuda_auth_prove_svc(auth_response response, res_auth_proof *r,
    struct svc_req *rq)
{
	uint8_t expected[AUTH_MAC];
	bool answered = nonce_outstanding;

	(void)rq;
	memset(r, 0, sizeof(*r));
	nonce_outstanding = false;	/* a nonce answers one proof only */
	if (!key_required) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	r->err = CUDA_ERROR_NOT_PERMITTED;
	if (!answered) {
		refuse("it sent a proof without a challenge to answer");
		return TRUE;
	}
	auth_proof(&key, AUTH_CLIENT, nonce,
	    (const uint8_t *)response.client_nonce, expected);
	if (!auth_secret_equal(expected, response.client_proof, AUTH_MAC)) {
		refuse("its key is not this server's (a wrong ONCUDA_KEY_FILE)");
		return TRUE;
	}
	passed = true;
	usage_proved(NULL);
	auth_proof(&key, AUTH_SERVER, nonce,
	    (const uint8_t *)response.client_nonce,
	    (uint8_t *)r->res_auth_proof_u.server_proof);
	r->err = CUDA_SUCCESS;
	log_msg(LOG_INFO, "client %s proved it holds the key", peer_name);
	return TRUE;
}
