/*
 * rawlocal: speaks the same-host procedures (ONCUDA_LOCAL_*) by hand over
 * oncudad's unix-domain socket, as a client that does not play by the
 * rules would, for tests/local/check.sh.
 *
 *   rawlocal SOCKET TCP_PORT
 *
 * Shares 1 MiB the proper way, then asks for copies outside it (past its
 * end, an offset that wraps, a base that is not the start of shared
 * memory, an address of the server's that was never shared), offers a
 * memfd that is not sealed, offers rings (ONCUDA_LOCAL_RING) with a pipe
 * for an eventfd, an unsealed or short memfd, and memory and rings over
 * TCP; then the
 * pipelined pieces (ONCUDA_LOCAL_STAGED_*) past a slot, in a slot that
 * does not exist, past the device allocation.  Prints one line
 * per case, "ok: ..." or "FAILED: ...", and exits 1 when any failed.
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "gen/wire_revision.h"

#define SHARED_BYTES (1u << 20)

static int failures;

static void expect(const char *what, int got, int want)
{
	if (got == want) {
		printf("ok: %s -> %d\n", what, got);
	} else {
		printf("FAILED: %s -> %d, expected %d\n", what, got, want);
		failures++;
	}
}

static CLIENT *connect_to(const struct sockaddr *addr, socklen_t len)
{
	hello_args mine = { ONCUDA_WIRE_REVISION, "rawlocal" };
	res_hello said;
	struct netbuf nb = { .maxlen = len, .len = len, .buf = (void *)addr };
	struct timeval timeout = { .tv_sec = 20 };
	CLIENT *c;
	int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0 || connect(fd, addr, len) < 0) {
		perror("rawlocal: connect");
		exit(1);
	}
	if ((c = clnt_vc_create(fd, &nb, ONCUDA_PROG, ONCUDA_VERSION, 0, 0)) == NULL) {
		fprintf(stderr, "rawlocal: clnt_vc_create failed\n");
		exit(1);
	}
	clnt_control(c, CLSET_FD_CLOSE, NULL);
	clnt_control(c, CLSET_TIMEOUT, (char *)&timeout);
	/* The protocol revision, as oncuda's client says it first. */
	memset(&said, 0, sizeof said);
	if (oncuda_hello(mine, &said, c) != RPC_SUCCESS || said.err != 0) {
		fprintf(stderr, "rawlocal: the server refused ONCUDA_HELLO\n");
		exit(1);
	}
	xdr_free((xdrproc_t)xdr_res_hello, (char *)&said);
	return c;
}

static int memfd_of(size_t size, bool sealed)
{
	int fd = memfd_create("rawlocal", MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (fd < 0 || ftruncate(fd, (off_t)size) < 0 || (sealed &&
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW) < 0)) {
		perror("rawlocal: memfd");
		exit(1);
	}
	return fd;
}

/* One byte carrying count descriptors (up to 3) on c's socket. */
static void send_fds(CLIENT *c, const int *fds, unsigned count)
{
	char buf[CMSG_SPACE(3 * sizeof(int))], byte = 'M';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = buf, .msg_controllen = CMSG_SPACE(count * sizeof(int)) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);
	int sock;

	memset(buf, 0, sizeof buf);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(count * sizeof(int));
	memcpy(CMSG_DATA(cm), fds, count * sizeof(int));
	clnt_control(c, CLGET_FD, (char *)&sock);
	if (sendmsg(sock, &msg, MSG_NOSIGNAL) != 1) {
		perror("rawlocal: sendmsg");
		exit(1);
	}
}

static void send_fd(CLIENT *c, int fd)
{
	send_fds(c, &fd, 1);
}

/*
 * Offers rings of RING_BYTES with the descriptors fds (a memfd and two
 * eventfds, or what stands in for them) and asks to start them: START's
 * error.  Only refusals are asked for: this client (libtirpc's) cannot
 * use rings, and the session must stay on the socket.
 */
#define RING_BYTES (64u << 10)
#define RING_REGION (4096 + 2 * RING_BYTES)

static int ring_start(CLIENT *c, const int fds[3])
{
	res_none r;

	memset(&r, 0, sizeof r);
	if (oncuda_local_ring(RING_BYTES, &r, c) != RPC_SUCCESS || r.err != 0) {
		fprintf(stderr, "rawlocal: ONCUDA_LOCAL_RING failed\n");
		exit(1);
	}
	send_fds(c, fds, 3);
	memset(&r, 0, sizeof r);
	if (oncuda_local_ring_start(&r, c) != RPC_SUCCESS) {
		fprintf(stderr, "rawlocal: ONCUDA_LOCAL_RING_START failed\n");
		exit(1);
	}
	for (int i = 0; i < 3; i++)
		close(fds[i]);
	return r.err;
}

static void bad_rings(CLIENT *c)
{
	int pipe_fds[2];
	res_none r;

	memset(&r, 0, sizeof r);
	(void)oncuda_local_ring(RING_BYTES + 1, &r, c);
	expect("rings of a size not a power of two", r.err,
	    CUDA_ERROR_INVALID_VALUE);
	memset(&r, 0, sizeof r);
	(void)oncuda_local_ring_start(&r, c);
	expect("RING_START without a RING", r.err, CUDA_ERROR_INVALID_VALUE);
	if (pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) < 0) {
		perror("rawlocal: pipe");
		exit(1);
	}
	close(pipe_fds[1]);
	expect("rings with a pipe for an eventfd", ring_start(c, (int[3]){
	    memfd_of(RING_REGION, true), pipe_fds[0],
	    eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC) }), CUDA_ERROR_INVALID_VALUE);
	expect("rings in a memfd that is not sealed", ring_start(c, (int[3]){
	    memfd_of(RING_REGION, false), eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC),
	    eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC) }), CUDA_ERROR_INVALID_VALUE);
	expect("rings in a memfd smaller than they need", ring_start(c, (int[3]){
	    memfd_of(4096, true), eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC),
	    eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC) }), CUDA_ERROR_INVALID_VALUE);
}

/* Offers fd (size bytes) and registers it with flags; the REGISTER result. */
static res_handle share_as(CLIENT *c, int fd, size_t size, unsigned int flags)
{
	res_none offer;
	res_handle reg;

	memset(&offer, 0, sizeof offer);
	memset(&reg, 0, sizeof reg);
	if (oncuda_local_offer(size, 0, &offer, c) != RPC_SUCCESS || offer.err != 0) {
		fprintf(stderr, "rawlocal: ONCUDA_LOCAL_OFFER failed\n");
		exit(1);
	}
	send_fd(c, fd);
	if (oncuda_local_register(flags, &reg, c) != RPC_SUCCESS) {
		fprintf(stderr, "rawlocal: ONCUDA_LOCAL_REGISTER failed\n");
		exit(1);
	}
	return reg;
}

static res_handle share(CLIENT *c, int fd, size_t size)
{
	return share_as(c, fd, size, 0);
}

/* ONCUDA_LOCAL_STAGED_DTOH's error when download, else _HTOD's (wait unused). */
static int staged_call(CLIENT *c, bool download, unsigned int slot,
    uint64_t dev, uint64_t size, unsigned int wait)
{
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	if (!download)
		st = oncuda_local_staged_htod(slot, dev, size, 0, &r, c);
	else
		st = oncuda_local_staged_dtoh(slot, dev, size, 0, wait, &r, c);
	if (st != RPC_SUCCESS) {
		fprintf(stderr, "rawlocal: the server dropped the connection\n");
		exit(1);
	}
	return r.err;
}

#define staged_up(c, slot, dev, size) staged_call(c, false, slot, dev, size, 0)
#define staged_down(c, slot, dev, size, wait) staged_call(c, true, slot, dev, size, wait)

static int htod_how(CLIENT *c, uint64_t base, uint64_t offset, uint64_t dst,
    uint64_t size, unsigned int how)
{
	res_none r;

	memset(&r, 0, sizeof r);
	if (oncuda_local_htod(base, offset, dst, size, 0, how, &r, c) != RPC_SUCCESS) {
		fprintf(stderr, "rawlocal: the server dropped the connection\n");
		exit(1);
	}
	return r.err;
}

static int htod(CLIENT *c, uint64_t base, uint64_t offset, uint64_t dst, uint64_t size)
{
	return htod_how(c, base, offset, dst, size, 0);
}

static uint64_t setup_context(CLIENT *c)
{
	res_none init, set;
	res_int dev;
	res_handle ctx;
	res_dptr mem;

	memset(&init, 0, sizeof init);
	memset(&dev, 0, sizeof dev);
	memset(&ctx, 0, sizeof ctx);
	memset(&mem, 0, sizeof mem);
	if (cu_init(0, &init, c) != RPC_SUCCESS || init.err != 0 ||
	    cu_device_get(0, &dev, c) != RPC_SUCCESS || dev.err != 0 ||
	    cu_device_primary_ctx_retain(dev.res_int_u.value, &ctx, c) != RPC_SUCCESS ||
	    ctx.err != 0) {
		fprintf(stderr, "rawlocal: cannot make a context\n");
		exit(1);
	}
	memset(&set, 0, sizeof set);
	if (cu_ctx_set_current(ctx.res_handle_u.value, &set, c) != RPC_SUCCESS ||
	    set.err != 0 || cu_mem_alloc(2 * SHARED_BYTES, &mem, c) != RPC_SUCCESS ||
	    mem.err != 0) {
		fprintf(stderr, "rawlocal: cannot allocate device memory\n");
		exit(1);
	}
	return mem.res_dptr_u.value;
}

int main(int argc, char **argv)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	struct sockaddr_in in = { .sin_family = AF_INET };
	res_handle good, unsealed;
	res_none r;
	uint64_t dev, base;
	CLIENT *c, *tcp;

	if (argc != 3) {
		fprintf(stderr, "usage: rawlocal SOCKET TCP_PORT\n");
		return 2;
	}
	snprintf(un.sun_path, sizeof un.sun_path, "%s", argv[1]);
	c = connect_to((struct sockaddr *)&un, sizeof un);
	dev = setup_context(c);

	expect("the staging area (base 0) before there is one",
	    htod(c, 0, 0, dev, 16), CUDA_ERROR_INVALID_VALUE);
	good = share(c, memfd_of(SHARED_BYTES, true), SHARED_BYTES);
	expect("a sealed memfd is shared", good.err, CUDA_SUCCESS);
	base = good.res_handle_u.value;
	expect("a copy inside it", htod(c, base, 4096, dev, 4096), CUDA_SUCCESS);
	expect("a copy of all of it", htod(c, base, 0, dev, SHARED_BYTES), CUDA_SUCCESS);
	expect("a copy one byte past its end",
	    htod(c, base, SHARED_BYTES - 4096, dev, 4097), CUDA_ERROR_INVALID_VALUE);
	expect("an offset past its end", htod(c, base, SHARED_BYTES + 1, dev, 0),
	    CUDA_ERROR_INVALID_VALUE);
	expect("an offset and size that wrap around",
	    htod(c, base, UINT64_MAX - 10, dev, 4096), CUDA_ERROR_INVALID_VALUE);
	expect("a base inside shared memory, not its start",
	    htod(c, base + 4096, 0, dev, 16), CUDA_ERROR_INVALID_VALUE);
	expect("a server address never shared (the code's own)",
	    htod(c, (uint64_t)(uintptr_t)&main, 0, dev, 16), CUDA_ERROR_INVALID_VALUE);
	expect("a device address past the client's allocation",
	    htod(c, base, 0, dev + 2 * SHARED_BYTES - 8, 16), CUDA_ERROR_INVALID_VALUE);
	expect("copy mode 7", htod_how(c, base, 0, dev, 16, 7),
	    CUDA_ERROR_INVALID_VALUE);

	/* The pipelined pieces: slots are halves of the staging area. */
	expect("a staged piece before there is a staging area",
	    staged_up(c, 0, dev, 16), CUDA_ERROR_INVALID_VALUE);
	good = share_as(c, memfd_of(SHARED_BYTES, true), SHARED_BYTES,
	    ONCUDA_LOCAL_STAGING);
	expect("a staging area is shared", good.err, CUDA_SUCCESS);
	expect("a staged piece of a whole slot", staged_up(c, 1, dev,
	    SHARED_BYTES / 2), CUDA_SUCCESS);
	expect("a staged piece one byte larger than a slot",
	    staged_up(c, 0, dev, SHARED_BYTES / 2 + 1), CUDA_ERROR_INVALID_VALUE);
	expect("a staged piece in a slot that does not exist",
	    staged_up(c, ONCUDA_LOCAL_SLOTS, dev, 16), CUDA_ERROR_INVALID_VALUE);
	expect("a staged piece past the client's allocation",
	    staged_up(c, 0, dev + 2 * SHARED_BYTES - 8, 16),
	    CUDA_ERROR_INVALID_VALUE);
	expect("a staged download, then a wait for it",
	    staged_down(c, 0, dev, 4096, 0), CUDA_SUCCESS);
	expect("a staged download past the client's allocation",
	    staged_down(c, 1, dev + 2 * SHARED_BYTES - 8, 16, 0),
	    CUDA_ERROR_INVALID_VALUE);
	expect("a wait for a slot that does not exist",
	    staged_down(c, 0, dev, 0, ONCUDA_LOCAL_SLOTS), CUDA_ERROR_INVALID_VALUE);
	expect("a wait for nothing", staged_down(c, 0, dev, 0,
	    ONCUDA_LOCAL_NO_SLOT),
	    CUDA_SUCCESS);

	bad_rings(c);

	unsealed = share(c, memfd_of(SHARED_BYTES, false), SHARED_BYTES);
	expect("a memfd that is not sealed is refused", unsealed.err,
	    CUDA_ERROR_INVALID_VALUE);
	unsealed = share(c, memfd_of(4096, true), SHARED_BYTES);
	expect("a memfd smaller than offered is refused", unsealed.err,
	    CUDA_ERROR_INVALID_VALUE);
	memset(&unsealed, 0, sizeof unsealed);
	(void)oncuda_local_register(0, &unsealed, c);
	expect("REGISTER without an OFFER", unsealed.err, CUDA_ERROR_INVALID_VALUE);

	in.sin_port = htons((uint16_t)atoi(argv[2]));
	in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	tcp = connect_to((struct sockaddr *)&in, sizeof in);
	memset(&r, 0, sizeof r);
	(void)oncuda_local_offer(4096, 0, &r, tcp);
	expect("an OFFER over TCP", r.err, CUDA_ERROR_NOT_SUPPORTED);
	memset(&r, 0, sizeof r);
	(void)oncuda_local_ring(RING_BYTES, &r, tcp);
	expect("rings over TCP", r.err, CUDA_ERROR_NOT_SUPPORTED);
	clnt_destroy(tcp);

	expect("the session still answers", htod(c, base, 0, dev, 16), CUDA_SUCCESS);
	clnt_destroy(c);
	return failures == 0 ? 0 : 1;
}
