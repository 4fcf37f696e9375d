/*
 * server/copy/stripe_send.c -- host bytes sent striped (stripe_send.h).
 *
 * What a striped download does once its chunks are in page-locked
 * buffers, without the DMA: the bytes are host memory already (a mirror
 * whose download landed), so each data connection's thread sends its
 * chunks (common/stripe_plan.h) straight from them while the session's
 * thread waits.  No driver call is made, so the send waits for no GPU
 * work.  A thread whose connection fails shuts every connection down,
 * which ends the others' sends at once; the session then drops its data
 * connections.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "common/stripe_io.h"
#include "common/stripe_plan.h"
#include "server/copy/stripe_send.h"
#include "server/session/stripes.h"

struct send_job {
	const stripe_copy *a;
	const unsigned char *bytes;
	CUresult refused;
	unsigned count;
	uint64_t chunk;		/* stripe_chunk_for(a->size, count) */
	unsigned timeout_seconds;
	pthread_mutex_t lock;
	bool lost;
	char why[96];
};

struct sender {
	struct send_job *job;
	unsigned conn;
};

static void fail(struct send_job *job, unsigned conn, int err)
{
	pthread_mutex_lock(&job->lock);
	if (!job->lost)
		snprintf(job->why, sizeof job->why, "connection %u: sending "
		    "a frame: %s", conn, strerror(err));
	job->lost = true;
	pthread_mutex_unlock(&job->lock);
	for (unsigned i = 0; i < job->count; i++)
		shutdown(stripes_fd(i), SHUT_RDWR);
}

static void *send_thread(void *arg)
{
	struct sender *w = arg;
	struct send_job *job = w->job;
	uint64_t frames = stripe_chunks_on(job->a->size, job->chunk,
	    job->count, w->conn);
	int fd = stripes_fd(w->conn);
	struct tls_channel *tls = stripes_tls(w->conn);

	for (uint64_t k = 0; k < frames; k++) {
		struct stripe_chunk c = stripe_chunk_at(job->a->size,
		    job->chunk, job->count, w->conn, k);
		struct stripe_frame f = { job->a->serial, (int32_t)job->refused,
		    c.offset, job->refused == CUDA_SUCCESS ? c.length : 0 };

		if (!stripe_send_frame(fd, tls, &f, job->refused ==
		    CUDA_SUCCESS ? job->bytes + c.offset : NULL,
		    job->timeout_seconds)) {
			fail(job, w->conn, errno);
			return NULL;
		}
		/* The error frame ends the call on this connection. */
		if (job->refused != CUDA_SUCCESS)
			return NULL;
	}
	return NULL;
}

void stripe_send_host(const stripe_copy *a, const unsigned char *bytes,
    CUresult refused, unsigned timeout_seconds, res_stripe *r)
{
	struct sender senders[ONCUDA_STRIPE_MAX];
	pthread_t threads[ONCUDA_STRIPE_MAX];
	bool started[ONCUDA_STRIPE_MAX] = { false };
	struct send_job job;
	sigset_t all, old;

	memset(r, 0, sizeof *r);
	if ((job.count = stripes_count()) == 0 || a->size == 0) {
		/* Nothing can be sent in step: the client reads the bytes on
		 * the control connection. */
		stripes_lost(job.count == 0 ? "none bound" :
		    "an empty striped copy");
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		r->lost = true;
		return;
	}
	job.a = a;
	job.chunk = stripe_chunk_for(a->size, job.count);
	job.bytes = bytes;
	job.refused = refused;
	job.timeout_seconds = timeout_seconds;
	job.lost = false;
	job.why[0] = '\0';
	pthread_mutex_init(&job.lock, NULL);
	/* The threads take no signals: the session's thread handles them. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (unsigned i = 0; i < job.count; i++) {
		senders[i] = (struct sender){ &job, i };
		started[i] = pthread_create(&threads[i], NULL, send_thread,
		    &senders[i]) == 0;
		if (!started[i])
			fail(&job, i, EAGAIN);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	for (unsigned i = 0; i < job.count; i++)
		if (started[i])
			pthread_join(threads[i], NULL);
	if (job.lost)
		stripes_lost(job.why);
	pthread_mutex_destroy(&job.lock);
	r->err = refused;
	r->lost = job.lost;
}
