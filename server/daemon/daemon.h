/*
 * server/daemon/daemon.h -- how the parts of oncudad's daemon reach each other.
 *
 * The daemon (main.c, listen.c, children.c, rpcbind.c) never calls the CUDA
 * driver, which is not fork-safe: it listens, registers with rpcbind, and
 * forks one process per client connection.  That process (child.c) serves
 * the client's RPC requests and is the only one that initialises the driver.
 */
#ifndef ONCUDA_SERVER_DAEMON_H
#define ONCUDA_SERVER_DAEMON_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdnoreturn.h>
#include <sys/types.h>

#include "server/daemon/allow.h"

struct daemon_options {
	struct sockaddr_in listen_addr; /* -l and -p */
	bool use_rpcbind;               /* not -n */
	const char *port_file;          /* -P, or NULL */
	struct allow_list allow;        /* --allow; empty: every client */
	const char *local_socket;       /* --local-socket PATH; NULL: the default */
	bool no_local_socket;           /* --local-socket none */
};

/* listen.c: serves until SIGTERM, SIGINT or SIGHUP; the exit status. */
int daemon_run(const struct daemon_options *options);

/* rpcbind.c: registers the program at addr; false (logged) on failure. */
bool rpcbind_register(const struct sockaddr_in *addr);
/* After a successful rpcbind_register: registers again if rpcbind has lost
 * the entry (it was restarted); logs what it finds when that changes. */
void rpcbind_check(void);
/* Undoes a successful rpcbind_register; harmless otherwise. */
void rpcbind_unregister(void);

/* children.c: the per-client processes of the daemon. */
/* Before the first fork: makes children_count_shared() work in the children. */
bool children_share_count(void);
/* The daemon's children_count() as of now, read from any process. */
size_t children_count_shared(void);
bool children_add(pid_t pid, const char *peer);
/* Collects every child that has ended and logs how it ended. */
void children_reap(void);
size_t children_count(void);
void children_signal(int sig);

/* child.c: serves the client on sock until it disconnects, then exits. */
noreturn void child_serve(int sock, const char *peer, pid_t daemon_pid);
/* child.c: how long a session looks for its client's next request before
 * it sleeps (--poll-us; 0: never). */
extern unsigned child_poll_micros;

#endif
