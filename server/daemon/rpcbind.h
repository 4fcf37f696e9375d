/*
 * server/daemon/rpcbind.h -- oncudad's entry in rpcbind (rpcbind.c).
 */
#ifndef ONCUDA_SERVER_DAEMON_RPCBIND_H
#define ONCUDA_SERVER_DAEMON_RPCBIND_H

#include <netinet/in.h>
#include <stdbool.h>

/* Registers the program at addr; false (logged) on failure. */
bool rpcbind_register(const struct sockaddr_in *addr);
/* After a successful rpcbind_register: registers again if rpcbind has lost
 * the entry (it was restarted); logs what it finds when that changes. */
void rpcbind_check(void);
/* Undoes a successful rpcbind_register; harmless otherwise. */
void rpcbind_unregister(void);

#endif
