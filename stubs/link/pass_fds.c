/*
 * pass_fds.c -- descriptors over the same-host socket (pass_fds.h).
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "stubs/link/pass_fds.h"

#define PASS_FDS_MAX 4

int pass_fds_memfd(const char *name, size_t size, void **p)
{
	int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING), saved;

	if (fd < 0)
		return -1;
	if (ftruncate(fd, (off_t)size) < 0 ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0 ||
	    (*p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) ==
	    MAP_FAILED) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

bool pass_fds(CLIENT *c, const int *fds, unsigned count)
{
	union {
		char buf[CMSG_SPACE(PASS_FDS_MAX * sizeof(int))];
		struct cmsghdr align;
	} control;
	char byte = 'M';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control.buf,
	    .msg_controllen = CMSG_SPACE(count * sizeof(int)) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
	int sock;
	ssize_t n;

	assert(count >= 1 && count <= PASS_FDS_MAX);
	if (!clnt_control(c, CLGET_FD, (char *)&sock))
		return false;
	memset(control.buf, 0, sizeof control.buf);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(count * sizeof(int));
	memcpy(CMSG_DATA(cm), fds, count * sizeof(int));
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n == 1;
}
