/*
 * server/daemon/children.h -- the per-client processes of the daemon
 * (children.c).
 */
#ifndef ONCUDA_SERVER_DAEMON_CHILDREN_H
#define ONCUDA_SERVER_DAEMON_CHILDREN_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* slot: the session's in the session table (session_table.h), or -1. */
bool children_add(pid_t pid, int slot, const char *peer, const char *host);
/* Collects every child that has ended and logs how it ended and its totals. */
void children_reap(void);
size_t children_count(void);

/* How many sessions are open for clients of host (children_add's host:
 * the client's address without its port, or "local" for the unix socket). */
size_t children_count_host(const char *host);
void children_signal(int sig);

#endif
