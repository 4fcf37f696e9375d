/*
 * tests/unit/tls_pair.c -- both ends of a TLS session in one test
 * (tls_pair.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "tests/unit/tls_pair.h"

static void *server_handshake(void *arg)
{
	struct tls_pair_server *s = arg;

	s->ch = tls_channel_open(s->config, s->fd, NULL, 10000, s->use, s->why,
	    sizeof s->why);
	return NULL;
}

void tls_pair_server_begin(struct tls_pair_server *s,
    const struct tls_config *config, int fd, enum tls_use use)
{
	s->config = config;
	s->use = use;
	s->fd = fd;
	s->ch = NULL;
	s->why[0] = '\0';
	if (pthread_create(&s->thread, NULL, server_handshake, s) != 0) {
		perror("tls_pair: pthread_create");
		s->thread = pthread_self();
	}
}

struct tls_channel *tls_pair_server_end(struct tls_pair_server *s)
{
	if (!pthread_equal(s->thread, pthread_self()))
		pthread_join(s->thread, NULL);
	return s->ch;
}

struct tls_channel *tls_pair_open(int type, int fds[2],
    const struct tls_config *client_config,
    const struct tls_config *server_config, struct tls_channel **server)
{
	struct tls_pair_server s;
	struct tls_channel *client;
	char why[256];

	*server = NULL;
	if (socketpair(AF_UNIX, type, 0, fds) != 0)
		return NULL;
	tls_pair_server_begin(&s, server_config, fds[1], TLS_RECORDS);
	client = tls_channel_open(client_config, fds[0], NULL, 10000, TLS_RECORDS,
	    why, sizeof why);
	*server = tls_pair_server_end(&s);
	if (client == NULL || *server == NULL)
		fprintf(stderr, "tls_pair: no TLS session: %s %s\n",
		    client == NULL ? why : "", s.why);
	return client;
}

bool tls_pair_configs(const char *test, unsigned char key_byte,
    struct tls_config **client, struct tls_config **server)
{
	struct tls_psk psk = { .name = "" };
	struct tls_credentials cred = { .psks = &psk, .psk_count = 1 };
	char why[256] = "";

	setenv("ONCUDA_KTLS", "0", 1);
	memset(psk.key, key_byte, sizeof psk.key);
	*client = tls_config_new(TLS_CLIENT, &cred, why, sizeof why);
	*server = tls_config_new(TLS_SERVER, &cred, why, sizeof why);
	if (*client != NULL && *server != NULL)
		return true;
	fprintf(stderr, "%s: cannot set up: %s\n", test, why);
	tls_config_free(*client);
	tls_config_free(*server);
	return false;
}
