/*
 * local_share.c -- page-locked memory shared with a server on this host
 * (local_share.h).
 *
 * The memory is a memfd: it has no name, so a client killed at any point
 * leaves nothing behind in /dev/shm, and it can be handed to a server that
 * runs as another user.  It is sealed against resizing before the server
 * sees it, so the server's mapping cannot be cut short under it.  The
 * descriptor travels on the connection's own socket in the pause the
 * protocol makes for it (ONCUDA_LOCAL_OFFER, see idl/cuda.x), and is
 * closed on both sides once mapped: the two mappings keep the memory.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gen/cuda_names.h"
#include "stubs/mem/local_share.h"

/* One byte carrying fd, on the connection's socket. */
static bool send_descriptor(CLIENT *c, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} control;
	char byte = 'M';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control.buf, .msg_controllen = sizeof control.buf };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
	int sock;
	ssize_t n;

	if (!clnt_control(c, CLGET_FD, (char *)&sock))
		return false;
	memset(control.buf, 0, sizeof control.buf);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof fd);
	do
		n = sendmsg(sock, &msg, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n == 1;
}

/* A sealed memfd of size bytes mapped here; -1 when the kernel refuses. */
static int make_memory(size_t size, void **p)
{
	int fd = memfd_create("oncuda-hostmem", MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (fd < 0)
		return -1;
	if (ftruncate(fd, (off_t)size) < 0 ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0 ||
	    (*p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) ==
	    MAP_FAILED) {
		close(fd);
		return -1;
	}
	return fd;
}

enum clnt_stat local_share(CLIENT *c, size_t size, unsigned int flags,
    void **client, uint64_t *server, int *err)
{
	res_none offer;
	res_handle reg;
	enum clnt_stat st;
	void *p = NULL;
	int fd;

	if ((fd = make_memory(size, &p)) < 0) {
		*err = CUDA_ERROR_OUT_OF_MEMORY;
		return RPC_SUCCESS;
	}
	memset(&offer, 0, sizeof offer);
	memset(&reg, 0, sizeof reg);
	st = oncuda_local_offer(size, (uint64_t)(uintptr_t)p, &offer, c);
	*err = st == RPC_SUCCESS ? offer.err : CUDA_ERROR_UNKNOWN;
	/* The server waits for the descriptor only after a successful offer. */
	if (st == RPC_SUCCESS && offer.err == CUDA_SUCCESS) {
		if (!send_descriptor(c, fd))
			st = RPC_CANTSEND;
		else
			st = oncuda_local_register(flags, &reg, c);
		if (st == RPC_SUCCESS)
			*err = reg.err;
	}
	close(fd);
	if (st != RPC_SUCCESS || *err != CUDA_SUCCESS) {
		munmap(p, size);
		return st;
	}
	*client = p;
	*server = reg.res_handle_u.value;
	return RPC_SUCCESS;
}
