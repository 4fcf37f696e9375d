/*
 * server/daemon/session_end.h -- what a session's end releases of the
 * layers above the session (session_end.c).
 */
#ifndef ONCUDA_SERVER_DAEMON_SESSION_END_H
#define ONCUDA_SERVER_DAEMON_SESSION_END_H

/*
 * Fills the steps of server/session/session.h that belong to the
 * procedures (server/svc/) and the copy machinery (server/copy/).  Called
 * once, before the first fork, so that every session inherits them.
 */
void session_end_fill_all(void);

#endif
