/*
 * svc_ring.c -- ONCUDA_LOCAL_RING and _START: the records of a same-host
 * session through rings in shared memory (common/ring_channel.h).
 *
 * The client makes the memory and both eventfds and passes them as it
 * passes page-locked memory (svc_local.c): the server makes nothing the
 * client could keep it from releasing, and the session process, the
 * client's alone, is all that a client who lies can disturb.  What it
 * sends is checked all the same: the memfd's seals and size, and that the
 * two other descriptors are eventfds (a pipe in their place could hold
 * the session in a read); the rings themselves check every index the
 * client writes.
 *
 * The switch: RING replies on the socket, then takes the descriptors;
 * START replies on the socket too and only then hands the rings to the
 * transport, so the client, which sends nothing before that reply, finds
 * every later record's reply in the rings.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cuda.h>

#include "common/ring_channel.h"
#include "gen/cuda_names.h"
#include "server/session/log.h"
#include "server/session/transport.h"
#include "server/svc/svc_local.h"

/* The rings of the last RING, waiting for START. */
static struct ring_channel *offered;

/* Whether fd is an eventfd: its fdinfo has a counter (proc(5)). */
static bool is_eventfd(int fd)
{
	char path[64], line[128];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof path, "/proc/self/fdinfo/%d", fd);
	if ((f = fopen(path, "re")) == NULL)
		return false;
	while (!found && fgets(line, sizeof line, f) != NULL)
		found = strncmp(line, "eventfd-count:", 14) == 0;
	fclose(f);
	return found && (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0;
}

/* The memfd mapped when it is sealed against shrinking and bytes long. */
static void *map_region(int fd, size_t bytes)
{
	struct stat st;
	int seals = fcntl(fd, F_GET_SEALS);
	void *p;

	if (seals < 0 || !(seals & F_SEAL_SHRINK) || fstat(fd, &st) < 0 ||
	    !S_ISREG(st.st_mode) || st.st_size < 0 ||
	    (uint64_t)st.st_size < bytes)
		return NULL;
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

/* The rings over fds (memfd, the server's eventfd, the client's), or
 * NULL (logged); the eventfds are the channel's then, the memfd closed. */
static struct ring_channel *open_rings(int fds[3], uint32_t ring_bytes,
    int sock)
{
	size_t bytes = ring_channel_region_bytes(ring_bytes);
	struct ring_channel *ch = NULL;
	void *region = NULL;

	if (!is_eventfd(fds[1]) || !is_eventfd(fds[2]))
		log_msg(LOG_WARN, "the client's rings came without two "
		    "non-blocking eventfds: refused");
	else if ((region = map_region(fds[0], bytes)) == NULL)
		log_msg(LOG_WARN, "the client's rings are not a memfd of %zu "
		    "bytes sealed against shrinking: refused", bytes);
	else if ((ch = ring_channel_open(region, bytes, ring_bytes,
	    RING_SIDE_SERVER, fds[1], fds[2], sock)) == NULL)
		log_msg(LOG_WARN, "cannot use the client's rings: %s",
		    strerror(errno));
	close(fds[0]);
	if (ch == NULL) {
		if (region != NULL)
			munmap(region, bytes);
		close(fds[1]);
		close(fds[2]);
	}
	return ch;
}

bool_t oncuda_local_ring_svc(u_int ring_bytes, res_none *r,
    struct svc_req *rq)
{
	int sock = rq->rq_xprt->xp_fd, fds[3];

	ring_channel_close(offered);
	offered = NULL;
	if (!local_on_unix_socket(sock)) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	if (ring_channel_region_bytes(ring_bytes) == 0) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = CUDA_SUCCESS;
	/* Our own reply, then the descriptors; FALSE: the dispatcher sends none. */
	if (!svc_sendreply(rq->rq_xprt, (xdrproc_t)xdr_res_none, (char *)r))
		return FALSE;
	if (local_receive_descriptors(sock, fds, 3, "rings"))
		offered = open_rings(fds, ring_bytes, sock);
	return FALSE;
}

bool_t oncuda_local_ring_start_svc(res_none *r, struct svc_req *rq)
{
	struct ring_channel *ch = offered;

	offered = NULL;
	/* Bytes after this call would be lost to the switch: the client
	 * sends none before the reply, and one that did is refused. */
	if (ch != NULL && transport_pending(rq->rq_xprt)) {
		log_msg(LOG_WARN, "the client sent more after ONCUDA_LOCAL_RING_START: "
		    "its rings refused");
		ring_channel_close(ch);
		ch = NULL;
	}
	r->err = ch != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	if (!svc_sendreply(rq->rq_xprt, (xdrproc_t)xdr_res_none, (char *)r) ||
	    ch == NULL) {
		ring_channel_close(ch);
		return FALSE;
	}
	transport_use_ring(rq->rq_xprt, ch);
	log_msg(LOG_INFO, "calls and replies through rings in shared memory");
	return FALSE;
}
