/*
 * local_ring.c -- switching a same-host connection to rings (local_ring.h).
 *
 * The client makes everything the rings need, a sealed memfd and the two
 * eventfds, so that the server, which checks what it is given, never
 * hands the client memory of its own; see server/svc/svc_ring.c.  The
 * exchange: ONCUDA_LOCAL_RING (its reply on the socket), the descriptors
 * in one byte, ONCUDA_LOCAL_RING_START (its reply on the socket, the last
 * there); from then on both ends use the rings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda.h>

#include "common/ring_channel.h"
#include "gen/cuda_names.h"
#include "stubs/link/local_ring.h"
#include "stubs/link/pass_fds.h"
#include "stubs/link/say.h"
#include "stubs/link/xprt.h"

static bool wanted(void)
{
	const char *v = getenv("ONCUDA_LOCAL_RING");

	return v == NULL || strcmp(v, "0") != 0;
}

/* The exchange with the server, the channel made; true with *started
 * when the server switched, false when the connection failed. */
static bool exchange(CLIENT *c, const int fds[3], bool *started)
{
	res_none r;
	enum clnt_stat st;

	*started = false;
	memset(&r, 0, sizeof r);
	st = oncuda_local_ring(RING_CHANNEL_BYTES_DEFAULT, &r, c);
	/* An older server: no such procedure, and the socket as before. */
	if (st == RPC_PROCUNAVAIL)
		return true;
	if (st != RPC_SUCCESS)
		return false;
	if (r.err != CUDA_SUCCESS)
		return true;
	/* The server waits for the descriptors only after its reply. */
	if (!pass_fds(c, fds, 3))
		return false;
	memset(&r, 0, sizeof r);
	if (oncuda_local_ring_start(&r, c) != RPC_SUCCESS)
		return false;
	*started = r.err == CUDA_SUCCESS;
	return true;
}

bool local_ring_start(CLIENT *c)
{
	size_t bytes = ring_channel_region_bytes(RING_CHANNEL_BYTES_DEFAULT);
	struct ring_channel *ch = NULL;
	int memfd = -1, wake_server = -1, wake_client = -1, sock;
	void *region = NULL;
	bool ok = true, started = false;

	if (!wanted() || !clnt_control(c, CLGET_FD, (char *)&sock))
		return true;
	if ((memfd = pass_fds_memfd("oncuda-rings", bytes, &region)) < 0 ||
	    (wake_server = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) < 0 ||
	    (wake_client = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) < 0 ||
	    (ch = ring_channel_open(region, bytes, RING_CHANNEL_BYTES_DEFAULT,
	    RING_SIDE_CLIENT, wake_client, wake_server, sock)) == NULL) {
		oncuda_say("cannot make rings in shared memory for the same-host "
		    "connection (%s); its records go over the socket",
		    strerror(errno));
		goto out;
	}
	ok = exchange(c, (int[3]){ memfd, wake_server, wake_client }, &started);
	if (started && xprt_use_ring(c, ch)) {
		ch = NULL;
	} else if (started) {
		oncuda_say("the server sent more than its reply when it switched "
		    "to the rings; dropping the connection");
		ok = started = false;
	}
out:
	if (ch != NULL) {
		ring_channel_close(ch);	/* the region and both eventfds */
	} else if (!started) {
		if (region != NULL)
			munmap(region, bytes);
		if (wake_server >= 0)
			close(wake_server);
		if (wake_client >= 0)
			close(wake_client);
	}
	if (memfd >= 0)
		close(memfd);
	return ok;
}
