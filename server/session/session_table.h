/*
 * server/session/session_table.h -- the sessions of the daemon and what each
 * holds and has done, readable from every process of the daemon (for
 * ONCUDA_LIST_SESSIONS, the log line at a session's end and the metrics
 * file).  session_table.c says how a session is kept from writing anything
 * but its own counters.
 */
#ifndef ONCUDA_SERVER_SESSION_TABLE_H
#define ONCUDA_SERVER_SESSION_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "server/session/usage.h"

#define SESSION_PEER_MAX 64	/* ONCUDA_PEER_MAX */
#define SESSION_TABLE_MAX 4096	/* ONCUDA_SESSIONS_MAX: slots at most */

/* One session as of a reading; the identity is printable ASCII. */
struct session_figures {
	pid_t pid;
	int64_t since;			/* seconds since 1970 */
	char peer[SESSION_PEER_MAX];
	bool key_proved;
	char identity[USAGE_IDENTITY_MAX];
	uint64_t calls, bytes_in, bytes_out;
	uint64_t device_memory, device_peak;
	uint64_t page_locked, page_locked_peak;
	uint64_t contexts;
};

/* Daemon, before the first fork: room for slots sessions.  false: logged,
 * and sessions are then neither listed nor counted. */
bool session_table_create(unsigned slots);

/* Daemon, just before forking a session: its slot, or -1 (no table, or
 * every slot taken: the session then goes uncounted). */
int session_table_open_slot(void);

/* The new session, just after the fork: count into slot's page. */
void session_table_child(int slot);

/* Daemon, just after the fork: the session in slot is pid, serving peer;
 * pid < 0 (the fork failed) frees the slot. */
void session_table_parent(int slot, pid_t pid, const char *peer);

/* Daemon, once the session in slot has ended: its last figures, and the
 * slot is free again. */
void session_table_close_slot(int slot, struct session_figures *last);

/* Any process of the daemon: the sessions open now, at most max of them;
 * how many were written to out. */
size_t session_table_read(struct session_figures *out, size_t max);

/*
 * At the end of a session, or of the daemon: unmaps the table (a session
 * keeps only its own page, which it counts into to the last).  Nothing
 * reads it afterwards, and a leak checker (valgrind) then need not scan
 * it, which takes seconds.
 */
void session_table_unmap(void);

#endif
