/*
 * tests/unit/tls_pair.h -- both ends of a TLS session in one test: the
 * server's handshake runs in a thread of its own while the test makes the
 * client's (common/tls_channel.h).
 */
#ifndef ONCUDA_TESTS_UNIT_TLS_PAIR_H
#define ONCUDA_TESTS_UNIT_TLS_PAIR_H

#include <pthread.h>

#include "common/tls_channel.h"

struct tls_pair_server {
	const struct tls_config *config;
	int fd;
	struct tls_channel *ch;		/* once tls_pair_server_end returns */
	char why[256];
	pthread_t thread;
};

/* The server's handshake on fd, begun in a thread. */
void tls_pair_server_begin(struct tls_pair_server *s,
    const struct tls_config *config, int fd);

/* Waits for it: the server's channel, or NULL (s->why says why). */
struct tls_channel *tls_pair_server_end(struct tls_pair_server *s);

/* A TLS session over a new socketpair of `type` (fds): the client's
 * channel, the server's in *server; NULL, said on stderr, when it cannot
 * be made. */
struct tls_channel *tls_pair_open(int type, int fds[2],
    const struct tls_config *client_config,
    const struct tls_config *server_config, struct tls_channel **server);

#endif
