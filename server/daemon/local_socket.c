/*
 * server/daemon/local_socket.c -- the daemon's unix-domain socket (local_socket.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "server/daemon/local_socket.h"
#include "server/session/daemon_facts.h"
#include "server/session/log.h"

/*
 * Whether dir is a directory (not a symlink to one) that only this user or
 * root can change, or a sticky one like /tmp, where others cannot remove
 * or rename what we create.
 */
static bool directory_is_safe(const char *dir)
{
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	bool safe;

	if (fd < 0) {
		log_msg(LOG_ERROR, "cannot use %s for the local socket: %s", dir,
		    strerror(errno));
		return false;
	}
	safe = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) &&
	    (st.st_uid == geteuid() || st.st_uid == 0) &&
	    ((st.st_mode & (S_IWGRP | S_IWOTH)) == 0 || (st.st_mode & S_ISVTX));
	close(fd);
	if (!safe)
		log_msg(LOG_ERROR, "will not make the local socket in %s: it must "
		    "belong to this user or root and be writable by no one else "
		    "(or be sticky, like /tmp); choose another --local-socket",
		    dir);
	return safe;
}

/* The default path; its directory is made when missing. */
static bool default_path(unsigned tcp_port, char *path, size_t len)
{
	char dir[64];

	if (geteuid() == 0)
		snprintf(dir, sizeof dir, "/run/oncuda");
	else
		snprintf(dir, sizeof dir, "/tmp/oncuda-%u", (unsigned)geteuid());
	/* 0755: every local user may reach the socket, as they may the port. */
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		log_msg(LOG_ERROR, "cannot make %s for the local socket: %s; "
		    "choose a path with --local-socket, or --local-socket none",
		    dir, strerror(errno));
		return false;
	}
	snprintf(path, len, "%s/oncudad-%u.sock", dir, tcp_port);
	return true;
}

/*
 * A socket file left at path by a daemon that died is removed; a live one
 * (something accepts connections there) is not.
 */
static bool clear_stale(const struct sockaddr_un *addr)
{
	struct stat st;
	int fd;

	if (lstat(addr->sun_path, &st) < 0)
		return errno == ENOENT;
	if (!S_ISSOCK(st.st_mode)) {
		log_msg(LOG_ERROR, "%s exists and is not a socket: remove it or "
		    "choose another --local-socket", addr->sun_path);
		return false;
	}
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return false;
	if (connect(fd, (const struct sockaddr *)addr, sizeof *addr) == 0) {
		close(fd);
		log_msg(LOG_ERROR, "another oncudad listens on %s: stop it, or "
		    "choose another --local-socket", addr->sun_path);
		return false;
	}
	close(fd);
	return unlink(addr->sun_path) == 0 || errno == ENOENT;
}

int local_socket_open(const char *want, unsigned tcp_port)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char dir[sizeof addr.sun_path], *slash;
	int fd;

	if (want == NULL) {
		if (!default_path(tcp_port, addr.sun_path, sizeof addr.sun_path))
			return -1;
	} else if (strlen(want) >= sizeof addr.sun_path || want[0] != '/') {
		log_msg(LOG_ERROR, "--local-socket %s: give an absolute path of at "
		    "most %zu bytes", want, sizeof addr.sun_path - 1);
		return -1;
	} else {
		memcpy(addr.sun_path, want, strlen(want) + 1);
	}
	memcpy(dir, addr.sun_path, sizeof dir);
	slash = strrchr(dir, '/');
	slash[slash == dir ? 1 : 0] = '\0';
	if (!directory_is_safe(dir) || !clear_stale(&addr))
		return -1;
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0 ||
	    bind(fd, (const struct sockaddr *)&addr, sizeof addr) < 0) {
		log_msg(LOG_ERROR, "cannot make the local socket %s: %s; choose "
		    "another --local-socket, or --local-socket none", addr.sun_path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	/* bind() honours the umask; who connects is for --key-file and --allow. */
	if (chmod(addr.sun_path, 0666) < 0 || listen(fd, SOMAXCONN) < 0) {
		log_msg(LOG_ERROR, "cannot listen on the local socket %s: %s",
		    addr.sun_path, strerror(errno));
		unlink(addr.sun_path);
		close(fd);
		return -1;
	}
	daemon_facts_set_local_socket(addr.sun_path);
	return fd;
}

void local_socket_close(int listener)
{
	if (listener < 0)
		return;
	close(listener);
	if (daemon_facts_local_socket()[0] != '\0')
		unlink(daemon_facts_local_socket());
}

int local_socket_accept(int listener, char *peer, size_t peer_len)
{
	struct ucred cred;
	socklen_t len = sizeof cred;
	int fd;

	/* Blocking, like the TCP connections: libtirpc expects that. */
	if ((fd = accept4(listener, NULL, NULL, SOCK_CLOEXEC)) < 0) {
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
			log_msg(LOG_WARN, "cannot accept a local connection: %s", strerror(errno));
			nanosleep(&(struct timespec){ .tv_nsec = 100000000L }, NULL);
		} else if (errno != EINTR && errno != EAGAIN && errno != ECONNABORTED) {
			log_msg(LOG_WARN, "accept (local socket): %s", strerror(errno));
		}
		return -1;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) {
		log_msg(LOG_WARN, "refused a local connection: no peer credentials (%s)",
		    strerror(errno));
		close(fd);
		return -1;
	}
	snprintf(peer, peer_len, "unix:uid=%u,pid=%ld", (unsigned)cred.uid,
	    (long)cred.pid);
	return fd;
}
