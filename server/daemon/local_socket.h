/*
 * server/daemon/local_socket.h -- the daemon's unix-domain socket, the same-host
 * path of issue 4 (README, "Same host").
 *
 * Clients on this host reach oncudad through it instead of TCP: the client
 * asks for its path over TCP (ONCUDA_LOCAL_WHERE), connects, proves itself
 * again and then shares page-locked memory with the server (svc_local.c).
 */
#ifndef ONCUDA_SERVER_LOCAL_SOCKET_H
#define ONCUDA_SERVER_LOCAL_SOCKET_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Listens on want, or on the default path for tcp_port when want is NULL:
 * /run/oncuda/oncudad-PORT.sock for root, /tmp/oncuda-UID/oncudad-PORT.sock
 * for other users.  The directory must belong to this user (or root) and
 * be writable by no one else, unless sticky, so nobody can swap the socket
 * for another file.  The socket is made connectable by every local user,
 * like the TCP port: --key-file and --allow decide who is served.  The
 * sessions learn the path from daemon_facts_local_socket().  Returns the
 * listening descriptor, or -1 after logging why.
 */
int local_socket_open(const char *want, unsigned tcp_port);

/* Removes the socket file, when the daemon made one. */
void local_socket_close(int listener);

/*
 * Accepts a connection; fills peer with "unix:uid=U,pid=P" from the
 * kernel's credentials of the connecting process (SO_PEERCRED).  -1 when
 * nothing could be accepted (logged when it is not just a lost race).
 */
int local_socket_accept(int listener, char *peer, size_t peer_len);

#endif
