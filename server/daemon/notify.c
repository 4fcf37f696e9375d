/*
 * server/daemon/notify.c -- sd_notify's protocol (notify.h): one datagram
 * of "NAME=value" lines to the unix socket in NOTIFY_SOCKET, a path, or
 * an abstract name when it starts with '@'.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "server/daemon/notify.h"
#include "server/session/log.h"

void notify_systemd(const char *state)
{
	static bool said;
	const char *path = getenv("NOTIFY_SOCKET");
	struct sockaddr_un to = { .sun_family = AF_UNIX };
	size_t len;
	int fd;

	if (path == NULL || (path[0] != '/' && path[0] != '@'))
		return;
	len = strlen(path);
	if (len >= sizeof to.sun_path) {
		if (!said)
			log_msg(LOG_WARN, "NOTIFY_SOCKET is too long to tell "
			    "systemd anything");
		said = true;
		return;
	}
	memcpy(to.sun_path, path, len);
	if (to.sun_path[0] == '@')
		to.sun_path[0] = '\0';
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || sendto(fd, state, strlen(state), MSG_NOSIGNAL,
	    (const struct sockaddr *)&to,
	    (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len)) < 0) {
		if (!said)
			log_msg(LOG_WARN, "cannot tell systemd %s: %s", state,
			    strerror(errno));
		said = true;
	}
	if (fd >= 0)
		close(fd);
}
