/*
 * tests/unit/tls_pair.h -- both ends of a TLS session in one test: the
 * server's handshake runs in a thread of its own while the test makes the
 * client's (common/tls_channel.h).
 */
#ifndef ONCUDA_TESTS_UNIT_TLS_PAIR_H
#define ONCUDA_TESTS_UNIT_TLS_PAIR_H

#include <pthread.h>
#include <stdbool.h>

#include "common/tls_channel.h"

struct tls_pair_server {
	const struct tls_config *config;
	int fd;
	enum tls_use use;
	struct tls_channel *ch;		/* once tls_pair_server_end returns */
	char why[256];
	pthread_t thread;
};

/* The server's handshake on fd, begun in a thread. */
void tls_pair_server_begin(struct tls_pair_server *s,
    const struct tls_config *config, int fd, enum tls_use use);

/* Waits for it: the server's channel, or NULL (s->why says why). */
struct tls_channel *tls_pair_server_end(struct tls_pair_server *s);

/*
 * A client's and a server's configuration sharing one PSK, every byte of
 * it key_byte; kernel TLS is not asked for (a socketpair has none).
 * false, said on stderr with test's name, when either cannot be made.
 */
bool tls_pair_configs(const char *test, unsigned char key_byte,
    struct tls_config **client, struct tls_config **server);

/* A TLS session over a new socketpair of `type` (fds): the client's
 * channel, the server's in *server; NULL, said on stderr, when it cannot
 * be made. */
struct tls_channel *tls_pair_open(int type, int fds[2],
    const struct tls_config *client_config,
    const struct tls_config *server_config, struct tls_channel **server);

#endif
