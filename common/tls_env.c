/*
 * tls_env.c -- a client's TLS credentials from its environment
 * (tls_env.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tls_env.h"

static const char *env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && v[0] != '\0' ? v : NULL;
}

void tls_env_credentials(const struct auth_key *key, struct tls_psk *psk,
    struct tls_credentials *cred)
{
	const char *name = env("ONCUDA_KEY_NAME");

	memset(cred, 0, sizeof *cred);
	memset(psk, 0, sizeof *psk);
	if (key != NULL) {
		auth_tls_psk(key, psk->key);
		if (name != NULL)
			snprintf(psk->name, sizeof psk->name, "%s", name);
		cred->psks = psk;
		cred->psk_count = 1;
	}
	cred->ca_file = env("ONCUDA_TLS_CA");
	cred->cert_file = env("ONCUDA_TLS_CERT");
	cred->key_file = env("ONCUDA_TLS_KEY");
}
