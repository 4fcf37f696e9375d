/*
 * server/session/session.h -- the end of a client (session.c): release what
 * it left behind.
 *
 * A server process serves exactly one client connection on one thread, so
 * the per-client state is plain file-scope data in the file that owns it,
 * without locks; each of those files says in its header how the session
 * forgets it.
 */
#ifndef ONCUDA_SERVER_SESSION_SESSION_H
#define ONCUDA_SERVER_SESSION_SESSION_H

/*
 * Called once when the client disconnects, before the process exits:
 * frees this client's host memory, unloads its libraries, destroys the
 * contexts it created, undoes its primary-context retains and drops staged
 * images and cached parameter layouts.
 */
void session_teardown(void);

#endif
