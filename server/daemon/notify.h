/*
 * server/daemon/notify.h -- telling systemd how oncudad is doing
 * (oncudad.service is Type=notify), by the datagram protocol of
 * sd_notify(3), without linking libsystemd (notify.c).
 */
#ifndef ONCUDA_SERVER_DAEMON_NOTIFY_H
#define ONCUDA_SERVER_DAEMON_NOTIFY_H

/*
 * Sends state ("READY=1", "STOPPING=1", "STATUS=...", lines of them) to
 * the service manager, where NOTIFY_SOCKET names one; nothing otherwise.
 * A failure is logged once and changes nothing else: systemd then gives
 * up on the start at TimeoutStartSec, which says more than oncudad could.
 */
void notify_systemd(const char *state);

#endif
