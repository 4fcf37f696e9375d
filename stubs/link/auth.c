/*
 * auth.c -- proving to oncudad that this program holds the key, and making
 * it prove the same back (auth.h; the exchange is in idl/cuda.x).
 *
 * Mutual, because the program is about to send its data and its code to
 * whoever answers: a client with a key refuses a server that cannot prove
 * it holds that key, a server started without one included.  The key is
 * read at each connection and wiped as soon as the proofs are made.
 */
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "stubs/link/auth.h"
#include "common/auth_key.h"
#include "gen/cuda_names.h"
#include "stubs/link/say.h"

_Static_assert(AUTH_NONCE == ONCUDA_AUTH_NONCE_BYTES, "auth_key.h and idl/cuda.x disagree");
_Static_assert(AUTH_MAC == ONCUDA_AUTH_MAC_BYTES, "auth_key.h and idl/cuda.x disagree");

static void say_call_failed(CLIENT *clnt, enum clnt_stat st,
    const struct server_target *target)
{
	char why[256];

	describe_call_error(clnt, st, target, why, sizeof(why));
	oncuda_say("oncudad on %s broke off the key exchange (%s); its log "
	    "says why", target->name, why);
}

/* The proof exchange proper, for a server that requires the key we hold. */
static bool prove(CLIENT *clnt, const struct server_target *target,
    const char *path, const struct auth_key *key,
    const uint8_t server_nonce[AUTH_NONCE])
{
	uint8_t expected[AUTH_MAC];
	auth_response response;
	res_auth_proof r;
	enum clnt_stat st;
	bool proved;

	if (!auth_random((uint8_t *)response.client_nonce, AUTH_NONCE)) {
		oncuda_say("cannot prove the key to oncudad on %s: the system's "
		    "random source (getrandom) failed", target->name);
		return false;
	}
	auth_proof(key, AUTH_CLIENT, server_nonce,
	    (const uint8_t *)response.client_nonce,
	    (uint8_t *)response.client_proof);
	memset(&r, 0, sizeof(r));
	if ((st = oncuda_auth_prove(response, &r, clnt)) != RPC_SUCCESS) {
		say_call_failed(clnt, st, target);
		return false;
	}
	if (r.err == CUDA_ERROR_NOT_PERMITTED) {
		oncuda_say("oncudad on %s refused the key in ONCUDA_KEY_FILE=%s: "
		    "it is not the key oncudad was started with; give the "
		    "client a copy of the server's --key-file", target->name,
		    path);
		return false;
	}
	if (r.err != CUDA_SUCCESS) {
		oncuda_say("oncudad on %s could not check the key (CUresult %d); "
		    "its log says why", target->name, r.err);
		return false;
	}
	auth_proof(key, AUTH_SERVER, server_nonce,
	    (const uint8_t *)response.client_nonce, expected);
	proved = auth_secret_equal(expected, r.res_auth_proof_u.server_proof,
	    AUTH_MAC);
	if (!proved)
		oncuda_say("oncudad on %s did not prove that it holds the key in "
		    "ONCUDA_KEY_FILE=%s: it is not the server that key belongs "
		    "to; nothing was sent to it", target->name, path);
	return proved;
}

static bool handshake(CLIENT *clnt, const struct server_target *target,
    bool server_proved)
{
	const char *path = getenv("ONCUDA_KEY_FILE");
	struct auth_key key;
	res_auth_challenge r;
	enum clnt_stat st;
	bool has_key = path != NULL && path[0] != '\0', ok = false;
	char why[256];

	if (has_key && !auth_key_load(path, &key, why, sizeof(why))) {
		oncuda_say("cannot use the key file ONCUDA_KEY_FILE=%s: %s",
		    path, why);
		return false;
	}
	memset(&r, 0, sizeof(r));
	st = oncuda_auth_challenge(has_key, &r, clnt);
	if (st != RPC_SUCCESS) {
		say_call_failed(clnt, st, target);
	} else if (r.err != CUDA_SUCCESS) {
		oncuda_say("oncudad on %s refused to start the key exchange "
		    "(CUresult %d); its log says why", target->name, r.err);
	} else if (!r.res_auth_challenge_u.value.key_required && !has_key) {
		ok = true;
	} else if (!has_key) {
		oncuda_say("oncudad on %s requires a key: set ONCUDA_KEY_FILE to "
		    "a copy of the file given to its --key-file (mode 600)",
		    target->name);
	} else if (!r.res_auth_challenge_u.value.key_required && server_proved) {
		ok = true;
	} else if (!r.res_auth_challenge_u.value.key_required) {
		oncuda_say("oncudad on %s holds no key (it was started without "
		    "--key-file), so it cannot prove it is the server the key "
		    "in ONCUDA_KEY_FILE=%s belongs to: start it with --key-file, "
		    "or unset ONCUDA_KEY_FILE to trust it as it is",
		    target->name, path);
	} else {
		ok = prove(clnt, target, path, &key,
		    (const uint8_t *)r.res_auth_challenge_u.value.server_nonce);
	}
	if (has_key)
		auth_key_wipe(&key);
	return ok;
}

bool auth_handshake(CLIENT *clnt, const struct server_target *target)
{
	return handshake(clnt, target, false);
}

bool auth_handshake_after_tls(CLIENT *clnt, const struct server_target *target)
{
	return handshake(clnt, target, true);
}
