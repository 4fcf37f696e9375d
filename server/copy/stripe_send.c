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
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "common/stripe_crew.h"
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

/* Thread index's part: copy is the copy's senders. */
static void send_work(void *copy, unsigned index)
{
	struct sender *w = (struct sender *)copy + index;
	struct send_job *job = w->job;
	uint64_t frames = stripe_chunks_on(job->a->size, job->chunk,
	    job->count, w->conn);
	int fd = stripes_fd(w->conn);
	struct frame_seal *seal = stripes_seal(w->conn);

	for (uint64_t k = 0; k < frames; k++) {
		struct stripe_chunk c = stripe_chunk_at(job->a->size,
		    job->chunk, job->count, w->conn, k);
		struct stripe_frame f = { job->a->serial, (int32_t)job->refused,
		    c.offset, job->refused == CUDA_SUCCESS ? c.length : 0 };

		if (!stripe_send_frame(fd, seal, &f, job->refused ==
		    CUDA_SUCCESS ? job->bytes + c.offset : NULL,
		    job->timeout_seconds)) {
			fail(job, w->conn, errno);
			return;
		}
		/* The error frame ends the call on this connection. */
		if (job->refused != CUDA_SUCCESS)
			return;
	}
}

void stripe_send_host(const stripe_copy *a, const unsigned char *bytes,
    CUresult refused, unsigned timeout_seconds, res_stripe *r)
{
	struct sender senders[ONCUDA_STRIPE_MAX];
	struct stripe_crew *crew = NULL;
	struct send_job job;

	memset(r, 0, sizeof *r);
	if ((job.count = stripes_count()) == 0 || a->size == 0 ||
	    (crew = stripes_crew()) == NULL) {
		/* Nothing can be sent in step: the client reads the bytes on
		 * the control connection. */
		stripes_lost(job.count == 0 ? "none bound" : a->size == 0 ?
		    "an empty striped copy" : "no threads");
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
	for (unsigned i = 0; i < job.count; i++)
		senders[i] = (struct sender){ &job, i };
	stripe_crew_begin(crew, send_work, senders);
	stripe_crew_wait(crew);
	if (job.lost)
		stripes_lost(job.why);
	pthread_mutex_destroy(&job.lock);
	r->err = refused;
	r->lost = job.lost;
}
