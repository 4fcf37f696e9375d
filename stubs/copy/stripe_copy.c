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
 * download; the threads are joined before the copy returns, so the bytes
 * are where they belong when it does.
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
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "common/stripe_io.h"
#include "common/stripe_plan.h"
#include "gen/cuda_names.h"
#include "stubs/copy/stripe_copy.h"
#include "stubs/copy/stripes.h"
#include "stubs/link/say.h"
#include "stubs/wire/rpc.h"

struct lane {
	int fd;
	struct tls_channel *tls;	/* inside TLS: the connection's own */
	unsigned conn, count;
	bool to_device;
	char *host;
	uint64_t size;
	uint64_t chunk;		/* stripe_chunk_for(size, count) */
	uint32_t serial;
	unsigned timeout_seconds;	/* of each frame (ONCUDA_TIMEOUT) */
	bool failed;		/* the connection is no longer at a frame's start */
};

static void *lane_failed(struct lane *l)
{
	l->failed = true;
	return NULL;
}

static void *lane_run(void *arg)
{
	struct lane *l = arg;
	uint64_t frames = stripe_chunks_on(l->size, l->chunk, l->count,
	    l->conn);
	unsigned char header[STRIPE_FRAME_BYTES];
	struct stripe_deadline d;
	struct stripe_frame f;

	for (uint64_t k = 0; k < frames; k++) {
		struct stripe_chunk c = stripe_chunk_at(l->size,
		    l->chunk, l->count, l->conn, k);

		if (l->to_device) {
			f = (struct stripe_frame){ l->serial, 0, c.offset,
			    c.length };
			if (!stripe_send_frame(l->fd, l->tls, &f,
			    l->host + c.offset, l->timeout_seconds))
				return lane_failed(l);
			continue;
		}
		stripe_deadline_start(&d, l->timeout_seconds);
		if (!stripe_read(l->fd, l->tls, header, sizeof header, &d))
			return lane_failed(l);
		stripe_frame_decode(header, &f);
		/* Only the frame due lands, and only where it belongs. */
		if (!stripe_frame_expected(&f, l->serial, &c, true))
			return lane_failed(l);
		if (f.status != 0)
			return NULL;	/* the copy failed: the reply says how */
		if (!stripe_read(l->fd, l->tls, l->host + c.offset,
		    (size_t)c.length, &d))
			return lane_failed(l);
	}
	return NULL;
}

/* ONCUDA_STRIPE_MIN, said once when it is no count of bytes. */
static size_t read_min(void)
{
	const char *text = getenv("ONCUDA_STRIPE_MIN");
	unsigned long long n;
	char *end;

	if (text == NULL || *text == '\0')
		return STRIPE_MIN_DEFAULT;
	errno = 0;
	n = strtoull(text, &end, 10);
	if (*end != '\0' || errno != 0 || n < 1 || n > SIZE_MAX ||
	    *text == '-') {
		oncuda_say("ONCUDA_STRIPE_MIN=\"%s\" is not a count of bytes "
		    "(a copy of at least that many is striped): using %zu",
		    text, STRIPE_MIN_DEFAULT);
		return STRIPE_MIN_DEFAULT;
	}
	return (size_t)n;
}

static pthread_once_t min_once = PTHREAD_ONCE_INIT;
static size_t min_bytes;

static void min_setup(void)
{
	min_bytes = read_min();
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
	pthread_t threads[ONCUDA_STRIPE_MAX];
	bool started[ONCUDA_STRIPE_MAX] = { false };
	res_stripe r;
	sigset_t all, old;
	enum clnt_stat st;
	const int *fds;
	struct tls_channel *const *tls;
	bool broken = false;

	*done = false;
	if ((st = stripes_ready(c, server, &n, &fds, &tls)) != RPC_SUCCESS)
		return st;
	if (n == 0)
		return RPC_SUCCESS;
	a.serial = stripes_serial(server);
	/* The threads take no signals: the program's handlers run on its
	 * own threads. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (i = 0; i < n; i++) {
		lanes[i] = (struct lane){ fds[i], tls[i], i, n, to_device, host,
		    count, stripe_chunk_for(count, n), a.serial,
		    rpc_server_target(server)->timeout_seconds, false };
		started[i] = pthread_create(&threads[i], NULL, lane_run,
		    &lanes[i]) == 0;
		broken |= !started[i];
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	memset(&r, 0, sizeof r);
	if (broken) {
		/* A lane without its thread: the server would wait for its
		 * frames until its timeout; the call is not made. */
		st = RPC_SUCCESS;
		r.lost = true;
	} else if (call == STRIPE_HTOD) {
		st = oncuda_stripe_htod(a, &r, c);
	} else if (call == STRIPE_DTOH) {
		st = oncuda_stripe_dtoh(a, &r, c);
	} else {
		st = oncuda_mirror_dtoh(a, &r, c);
	}
	if (st != RPC_SUCCESS || r.lost)
		for (i = 0; i < n; i++)
			shutdown(fds[i], SHUT_RDWR);
	for (i = 0; i < n; i++) {
		if (started[i])
			pthread_join(threads[i], NULL);
		broken |= !started[i] || lanes[i].failed;
	}
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
	struct tls_channel *const *tls;
	enum clnt_stat st;
	unsigned n = 0;

	st = stripes_ready(c, rpc_held_index(), &n, &fds, &tls);
	*bound = st == RPC_SUCCESS && n > 0;
	return st;
}
