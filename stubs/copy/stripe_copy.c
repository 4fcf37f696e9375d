/*
 * stubs/copy/stripe_copy.c -- a striped copy (stripe_copy.h).
 *
 * The control call (ONCUDA_STRIPE_HTOD or _DTOH) goes on the control
 * connection, in order with every other call, while one thread per data
 * connection sends that connection's frames from the program's memory or
 * receives them straight into it at their offsets (the plan is
 * common/stripe_plan.h's, the same on both ends); each frame must go or
 * come whole within ONCUDA_TIMEOUT (common/stripe_io.h).  The reply comes once
 * the server has every frame of an upload, or has sent every frame of a
 * download; the copy returns once every thread is done with it, so the
 * bytes are where they belong when it does.
 *
 * The threads live with the data connections (stripes.h, stripe_crew.h),
 * as the server's do: a synchronous 1 MiB copy striped over 8 took about
 * 4.2 ms on the stand-in over loopback (2 cores) when both ends started
 * and joined a thread per connection at each copy, 1.3 ms with this
 * end's threads kept, 0.4-0.7 ms with both; 0.3 ms on one connection.
 *
 * A data connection that fails, on either end, makes the copy fall back:
 * the data connections are closed (shut down first, to wake the threads)
 * and the copy is made again on the control connection, which then
 * carries every copy; an upload written twice lands the same bytes.
 *
 * The bytes of a large download that landed in its mirror on the server
 * come the same way (ONCUDA_MIRROR_DTOH): frames of a download, sent from
 * the mirror.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "common/stripe_crew.h"
#include "common/stripe_io.h"
#include "common/stripe_plan.h"
#include "gen/cuda_names.h"
#include "stubs/copy/stripe_copy.h"
#include "stubs/copy/stripes.h"
#include "stubs/link/env_count.h"
#include "stubs/link/say.h"
#include "stubs/wire/rpc.h"

struct lane {
	int fd;
	struct frame_seal *seal;	/* inside TLS: the connection's own */
	unsigned conn, count;
	bool to_device;
	char *host;
	uint64_t size;
	uint64_t chunk;		/* stripe_chunk_for(size, count) */
	uint32_t serial;
	unsigned timeout_seconds;	/* of each frame (ONCUDA_TIMEOUT) */
	bool failed;		/* the connection is no longer at a frame's start */
};

static void lane_failed(struct lane *l)
{
	l->failed = true;
}

/* Thread index's part of a copy: copy is the copy's array of lanes. */
static void lane_run(void *copy, unsigned index)
{
	struct lane *l = (struct lane *)copy + index;
	uint64_t frames = stripe_chunks_on(l->size, l->chunk, l->count,
	    l->conn);
	struct stripe_deadline d;
	struct stripe_frame f;

	for (uint64_t k = 0; k < frames; k++) {
		struct stripe_chunk c = stripe_chunk_at(l->size,
		    l->chunk, l->count, l->conn, k);

		if (l->to_device) {
			f = (struct stripe_frame){ l->serial, 0, c.offset,
			    c.length };
			if (!stripe_send_frame(l->fd, l->seal, &f,
			    l->host + c.offset, l->timeout_seconds)) {
				lane_failed(l);
				return;
			}
			continue;
		}
		stripe_deadline_start(&d, l->timeout_seconds);
		/* Only the frame due lands, and only where it belongs. */
		if (!stripe_read_header(l->fd, l->seal, &f, &d) ||
		    !stripe_frame_expected(&f, l->serial, &c, true)) {
			lane_failed(l);
			return;
		}
		if (f.status != 0)
			return;		/* the copy failed: the reply says how */
		if (!stripe_read_bytes(l->fd, l->seal, l->host + c.offset,
		    (size_t)c.length, &d)) {
			lane_failed(l);
			return;
		}
	}
}

static pthread_once_t min_once = PTHREAD_ONCE_INIT;
static size_t min_bytes;

static void min_setup(void)
{
	min_bytes = (size_t)env_count("ONCUDA_STRIPE_MIN", 1, SIZE_MAX,
	    STRIPE_MIN_DEFAULT);
}

size_t stripe_min_bytes(void)
{
	pthread_once(&min_once, min_setup);
	return min_bytes;
}

/* Which control call carries a striped copy. */
enum stripe_call { STRIPE_HTOD, STRIPE_DTOH, STRIPE_MIRROR };

/* A striped copy by call `call` of a (its serial filled here) between the
 * data connections' frames and host; as copy_striped. */
static enum clnt_stat run(CLIENT *c, enum stripe_call call, stripe_copy a,
    void *host, int *err, bool *done)
{
	unsigned server = rpc_held_index(), n, i;
	bool to_device = call == STRIPE_HTOD;
	size_t count = (size_t)a.size;
	struct lane lanes[ONCUDA_STRIPE_MAX];
	struct stripe_crew *crew;
	res_stripe r;
	enum clnt_stat st;
	const int *fds;
	struct frame_seal *const *seals;
	bool broken = false;

	*done = false;
	if ((st = stripes_ready(c, server, &n, &fds, &seals, &crew)) !=
	    RPC_SUCCESS)
		return st;
	if (n == 0)
		return RPC_SUCCESS;
	assert(crew->count == n);
	a.serial = stripes_serial(server);
	for (i = 0; i < n; i++)
		lanes[i] = (struct lane){ fds[i], seals[i], i, n, to_device, host,
		    count, stripe_chunk_for(count, n), a.serial,
		    rpc_server_target(server)->timeout_seconds, false };
	/* The connections' threads move the frames while this one makes
	 * the call. */
	stripe_crew_begin(crew, lane_run, lanes);
	memset(&r, 0, sizeof r);
	if (call == STRIPE_HTOD) {
		st = oncuda_stripe_htod(a, &r, c);
	} else if (call == STRIPE_DTOH) {
		st = oncuda_stripe_dtoh(a, &r, c);
	} else {
		st = oncuda_mirror_dtoh(a, &r, c);
	}
	if (st != RPC_SUCCESS || r.lost)
		for (i = 0; i < n; i++)
			shutdown(fds[i], SHUT_RDWR);
	stripe_crew_wait(crew);
	for (i = 0; i < n; i++)
		broken |= lanes[i].failed;
	if (st != RPC_SUCCESS || r.lost || broken) {
		stripes_drop(server, "a data connection failed");
		return st;
	}
	*err = r.err;
	*done = true;
	return RPC_SUCCESS;
}

enum clnt_stat copy_striped(CLIENT *c, bool to_device, CUdeviceptr dev,
    void *host, size_t count, const struct copy_stream *s, int *err,
    bool *done)
{
	stripe_copy a = { dev, count, s->handle, s->async, 0 };

	*done = false;
	if (count < stripe_min_bytes())
		return RPC_SUCCESS;
	return run(c, to_device ? STRIPE_HTOD : STRIPE_DTOH, a, host, err,
	    done);
}

enum clnt_stat copy_striped_mirror(CLIENT *c, uint64_t mirror, void *host,
    size_t count, int *err, bool *done)
{
	stripe_copy a = { mirror, count, 0, false, 0 };

	*done = false;
	if (count == 0)
		return RPC_SUCCESS;
	return run(c, STRIPE_MIRROR, a, host, err, done);
}

enum clnt_stat copy_stripes_bound(CLIENT *c, bool *bound)
{
	const int *fds;
	struct frame_seal *const *seals;
	struct stripe_crew *crew;
	enum clnt_stat st;
	unsigned n = 0;

	st = stripes_ready(c, rpc_held_index(), &n, &fds, &seals, &crew);
	*bound = st == RPC_SUCCESS && n > 0;
	return st;
}
