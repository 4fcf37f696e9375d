/*
 * server/session/ipc_registry.h -- the IPC handles the sessions of one
 * oncudad exported, and who exported them (ipc_registry.c).
 *
 * A session opens a driver IPC handle only if a session of the same daemon
 * with the same identity exported it: the rule of idl/cuda.x
 * ("Interprocess communication").  The table lives in memory the daemon
 * maps before its first fork and every session shares.
 */
#ifndef ONCUDA_SERVER_IPC_REGISTRY_H
#define ONCUDA_SERVER_IPC_REGISTRY_H

#include <stdbool.h>
#include <sys/types.h>

#include "gen/cuda_names.h"

/* What a handle names. */
enum ipc_kind {
	IPC_MEMORY = 1,
	IPC_EVENT = 2,
};

/* Whether a session may open a handle. */
enum ipc_verdict {
	IPC_ALLOWED,		/* exported by a session of the same identity */
	IPC_UNKNOWN,		/* in no entry: forged, stale or not this daemon's */
	IPC_FOREIGN,		/* exported by a session of another identity */
};

/* Daemon, before the first fork: maps the table.  false: it cannot. */
bool ipc_registry_create(void);

/*
 * Session, when it starts: its identity, from the peer the daemon named
 * ("unix:uid=N,pid=M" on the same-host socket, an address otherwise).
 */
void ipc_registry_identify(const char *peer);

/* Session, once TLS is established: the identity it proved (a PSK's name,
 * a client certificate's), which handles must share too. */
void ipc_registry_name(const char *name);

/* Session: enters a handle it exported.  false: the table is full or
 * was never made. */
bool ipc_registry_add(enum ipc_kind kind, const char handle[ONCUDA_IPC_HANDLE_BYTES]);

/* Session: may it open the handle? */
enum ipc_verdict ipc_registry_check(enum ipc_kind kind,
    const char handle[ONCUDA_IPC_HANDLE_BYTES]);

/* Forgets the entries of the session process pid: its end (the session
 * itself, or the daemon once it reaped it). */
void ipc_registry_forget(pid_t pid);

#endif
