/*
 * server/session/daemon_facts.h -- what a session knows of the daemon that
 * forked it (daemon_facts.c): how many sessions are open, and the path of
 * the daemon's unix-domain socket.
 *
 * The daemon (server/daemon/) writes them; a session (child.c) and the
 * procedures (server/svc/) read them.  They are kept here, below all of
 * those, so that nothing in a session calls up into the daemon.
 */
#ifndef ONCUDA_SERVER_SESSION_DAEMON_FACTS_H
#define ONCUDA_SERVER_SESSION_DAEMON_FACTS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * In the daemon, before the first fork: maps the page through which every
 * child reads the count of open sessions.  False after logging why.
 */
bool daemon_facts_share(void);

/* In the daemon, whenever its list of children changes. */
void daemon_facts_set_sessions(size_t open);

/* The daemon's count of open sessions as of now, from any process; 0
 * where the page was never mapped (a session with no daemon: the fuzz
 * target). */
size_t daemon_facts_sessions(void);

/* In the daemon, once it listens on a unix-domain socket (before any
 * fork, so that every child inherits it). */
void daemon_facts_set_local_socket(const char *path);

/* The path the daemon listens on, "" when it has no unix-domain socket. */
const char *daemon_facts_local_socket(void);

#endif
