/*
 * server/daemon/listen.h -- the daemon's loop (listen.c): accepts client
 * connections and forks a session for each.
 *
 * The daemon (main.c, listen.c, children.c, rpcbind.c) never calls the CUDA
 * driver, which is not fork-safe: it listens, registers with rpcbind, and
 * forks one process per client connection.  That process
 * (server/session/child.c) serves the client's RPC requests and is the only
 * one that initialises the driver.
 */
#ifndef ONCUDA_SERVER_DAEMON_LISTEN_H
#define ONCUDA_SERVER_DAEMON_LISTEN_H

#include <netinet/in.h>
#include <stdbool.h>

#include "server/daemon/allow.h"

struct daemon_options {
	struct sockaddr_in listen_addr; /* -l and -p */
	bool use_rpcbind;               /* not -n */
	const char *port_file;          /* -P, or NULL */
	struct allow_list allow;        /* --allow; empty: every client */
	const char *local_socket;       /* --local-socket PATH; NULL: the default */
	bool no_local_socket;           /* --local-socket none */
	unsigned max_clients;           /* --max-clients: sessions at once */
	unsigned max_clients_per_host;  /* --max-clients-per-host; 0: none */
	const char *metrics_file;       /* --metrics-file, or NULL */
};

/* The default of --max-clients. */
#define MAX_CLIENTS_DEFAULT 256

/* Serves until SIGTERM, SIGINT or SIGHUP; the exit status. */
int daemon_run(const struct daemon_options *options);

#endif
