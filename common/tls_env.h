/*
 * tls_env.h -- what a client's TLS is made of, as its environment says
 * (ONCUDA_KEY_NAME, ONCUDA_TLS_CA, ONCUDA_TLS_CERT, ONCUDA_TLS_KEY), for
 * the client library and oncuda-ls alike (tls_env.c).
 */
#ifndef ONCUDA_TLS_ENV_H
#define ONCUDA_TLS_ENV_H

#include "common/auth_key.h"
#include "common/tls_channel.h"

/*
 * Fills *cred from the environment and key (the key file's, or NULL):
 * with a key, *psk is its PSK, named ONCUDA_KEY_NAME when set, and *cred
 * points to it (wipe *psk after tls_config_new).  Empty variables are
 * unset ones.
 */
void tls_env_credentials(const struct auth_key *key, struct tls_psk *psk,
    struct tls_credentials *cred);

#endif /* ONCUDA_TLS_ENV_H */
