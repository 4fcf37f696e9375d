/*
 * server/copy/stripe_copy.c -- the server's side of a striped copy
 * (stripe_copy.h).
 *
 * Chunk i of a copy travels on data connection i mod n as the k-th frame
 * there (k = i / n, common/stripe_plan.h) and passes through that
 * connection's buffer k mod 2.  The threads of the connections only move
 * bytes between sockets and buffers; the session's thread takes the chunks
 * in the copy's order and queues each one's DMA, so a buffer's state is
 * handed between them under one lock:
 *
 *  - upload: a connection's thread reads frame k into its free buffer and
 *    marks it full; the session's thread queues its DMA and frees the
 *    connection's other buffer once that one's DMA (chunk k - 1) is done,
 *    so the next frame is read while this DMA runs;
 *  - download: the session's thread waits for a free buffer and queues
 *    the chunk's DMA into it; it waits for the DMAs in the copy's order,
 *    when a buffer is needed or at the end, and marks each buffer full;
 *    the connection's thread sends it and frees it.
 *
 * A thread whose socket fails (closed, a frame not whole within the
 * request timeout, a frame that is not the one due) marks the copy lost;
 * every wait ends then, the sockets are shut down to wake the threads
 * still in a read or write, and the session drops its data connections
 * (stripes_lost).
 *
 * The connections' threads live with the connections (stripes_crew):
 * a copy wakes them rather than starting them.  The buffers are a pinned
 * buffer set (pinned_set.h), allocated once per process for the
 * connections of the first session that stripes.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "common/stripe_crew.h"
#include "common/stripe_io.h"
#include "common/stripe_plan.h"
#include "server/copy/pinned_set.h"
#include "server/copy/stripe_copy.h"
#include "server/session/log.h"
#include "server/session/stripes.h"

/* Two per connection: one receives or sends while the other's DMA runs. */
#define PER_CONN 2
#define SLOTS (PER_CONN * ONCUDA_STRIPE_MAX)

static struct pinned_buffer ring[SLOTS];
static struct pinned_set buffers = PINNED_SET(ring,
    (size_t)ONCUDA_STRIPE_CHUNK_MAX);

/* SLOT_FILLING: a download's DMA into the buffer is queued, not yet
 * waited for. */
enum slot_state { SLOT_FREE, SLOT_FILLING, SLOT_FULL };

struct job {
	bool upload;
	uint64_t size;
	uint64_t chunk;			/* stripe_chunk_for() */
	uint32_t serial;
	unsigned count;			/* data connections */
	unsigned timeout_seconds;	/* of each frame; 0: none */
	pthread_mutex_t lock;
	pthread_cond_t changed;
	enum slot_state slots[SLOTS];
	bool ended;			/* download: nothing more is filled */
	CUresult status;		/* why, for the error frames */
	bool lost;
	char why[96];
};

struct worker {
	struct job *job;
	unsigned conn;
	int fd;
	struct frame_seal *seal;	/* inside TLS: the connection's own */
};

static unsigned slot_of(unsigned conn, uint64_t k)
{
	return conn * PER_CONN + (unsigned)(k % PER_CONN);
}

/* A connection failed: the copy is lost; the first reason is kept. */
static void fail(struct job *job, unsigned conn, const char *what, int err)
{
	pthread_mutex_lock(&job->lock);
	if (!job->lost)
		snprintf(job->why, sizeof job->why, "connection %u: %s%s%s",
		    conn, what, err != 0 ? ": " : "",
		    err == EPROTO ? "it failed its seal, changed on the way" :
		    err != 0 ? strerror(err) : "");
	job->lost = true;
	pthread_cond_broadcast(&job->changed);
	pthread_mutex_unlock(&job->lock);
}

/* Waits until slot s is in state want (or, for a download's thread, the
 * copy ended); false once the copy is lost. */
static bool wait_slot(struct job *job, unsigned s, enum slot_state want,
    bool until_ended)
{
	bool ok;

	pthread_mutex_lock(&job->lock);
	while (!job->lost && job->slots[s] != want &&
	    !(until_ended && job->ended))
		pthread_cond_wait(&job->changed, &job->lock);
	ok = !job->lost;
	pthread_mutex_unlock(&job->lock);
	return ok;
}

static void set_slot(struct job *job, unsigned s, enum slot_state state)
{
	pthread_mutex_lock(&job->lock);
	job->slots[s] = state;
	pthread_cond_broadcast(&job->changed);
	pthread_mutex_unlock(&job->lock);
}

/* Thread index's part of an upload: copy is the copy's workers. */
static void upload_work(void *copy, unsigned index)
{
	struct worker *w = (struct worker *)copy + index;
	struct job *job = w->job;
	uint64_t frames = stripe_chunks_on(job->size, job->chunk, job->count,
	    w->conn);
	struct stripe_chunk c;
	struct stripe_frame f;
	struct stripe_deadline d;

	for (uint64_t k = 0; k < frames; k++) {
		unsigned s = slot_of(w->conn, k);

		c = stripe_chunk_at(job->size, job->chunk, job->count,
		    w->conn, k);
		if (!wait_slot(job, s, SLOT_FREE, false))
			return;
		/* From the first byte the client could send: the buffer is
		 * free now. */
		stripe_deadline_start(&d, job->timeout_seconds);
		if (!stripe_read_header(w->fd, w->seal, &f, &d)) {
			fail(job, w->conn, "reading a frame", errno);
			return;
		}
		if (!stripe_frame_expected(&f, job->serial, &c, false)) {
			fail(job, w->conn, "a frame that is not the one due", 0);
			return;
		}
		if (!stripe_read_bytes(w->fd, w->seal, ring[s].bytes,
		    (size_t)c.length, &d)) {
			fail(job, w->conn, "reading a frame", errno);
			return;
		}
		set_slot(job, s, SLOT_FULL);
	}
}

/* Thread index's part of a download: copy is the copy's workers. */
static void download_work(void *copy, unsigned index)
{
	struct worker *w = (struct worker *)copy + index;
	struct job *job = w->job;
	uint64_t frames = stripe_chunks_on(job->size, job->chunk, job->count,
	    w->conn);
	struct stripe_frame f = { job->serial, 0, 0, 0 };
	struct stripe_chunk c;
	bool full;

	for (uint64_t k = 0; k < frames; k++) {
		unsigned s = slot_of(w->conn, k);

		c = stripe_chunk_at(job->size, job->chunk, job->count,
		    w->conn, k);
		if (!wait_slot(job, s, SLOT_FULL, true))
			return;
		pthread_mutex_lock(&job->lock);
		full = job->slots[s] == SLOT_FULL;
		f.status = full ? 0 : (int32_t)job->status;
		pthread_mutex_unlock(&job->lock);
		f.offset = c.offset;
		f.length = full ? c.length : 0;
		if (!stripe_send_frame(w->fd, w->seal, &f, ring[s].bytes,
		    job->timeout_seconds)) {
			fail(job, w->conn, "sending a frame", errno);
			return;
		}
		if (!full)
			return;		/* the error frame ends the call here */
		set_slot(job, s, SLOT_FREE);
	}
}

/* A download fails at its current chunk: each connection's thread sends
 * what was filled before, then its error frame. */
static void end_download(struct job *job, CUresult err)
{
	pthread_mutex_lock(&job->lock);
	job->ended = true;
	job->status = err;
	pthread_cond_broadcast(&job->changed);
	pthread_mutex_unlock(&job->lock);
}

/* The session's thread: chunk after chunk of an upload. */
static CUresult run_upload(struct job *job, CUdeviceptr dev, CUstream stream,
    CUresult err)
{
	uint64_t total = stripe_chunk_total(job->size, job->chunk);
	bool queued[SLOTS] = { false };	/* holds a chunk whose DMA was queued */
	CUresult e;

	for (uint64_t i = 0; i < total; i++) {
		unsigned conn = (unsigned)(i % job->count);
		uint64_t k = i / job->count;
		unsigned s = slot_of(conn, k);
		struct stripe_chunk c = stripe_chunk_at(job->size, job->chunk,
		    job->count, conn, k);

		if (!wait_slot(job, s, SLOT_FULL, false))
			return err;
		if (err == CUDA_SUCCESS) {
			err = cuMemcpyHtoDAsync(dev + c.offset, ring[s].bytes,
			    (size_t)c.length, stream);
			if (err == CUDA_SUCCESS)
				err = pinned_set_mark(&buffers, &ring[s],
				    stream);
			queued[s] = err == CUDA_SUCCESS;
		}
		/* A refused copy only reads its frames. */
		if (!queued[s])
			set_slot(job, s, SLOT_FREE);
		/* The connection's other buffer, its chunk's DMA queued before
		 * this one, takes the connection's next frame once done. */
		if (k > 0 && queued[slot_of(conn, k - 1)]) {
			unsigned before = slot_of(conn, k - 1);

			e = pinned_buffer_wait(&ring[before]);
			if (err == CUDA_SUCCESS)
				err = e;
			queued[before] = false;
			set_slot(job, before, SLOT_FREE);
		}
	}
	return err;
}

/* Whether slot s is in state want now. */
static bool slot_is(struct job *job, unsigned s, enum slot_state want)
{
	bool is;

	pthread_mutex_lock(&job->lock);
	is = job->slots[s] == want;
	pthread_mutex_unlock(&job->lock);
	return is;
}

/* Chunk i of a download, its DMA queued: waited for, and handed to its
 * connection's thread. */
static CUresult land(struct job *job, uint64_t i)
{
	unsigned s = slot_of((unsigned)(i % job->count), i / job->count);
	CUresult err = pinned_buffer_wait(&ring[s]);

	if (err == CUDA_SUCCESS)
		set_slot(job, s, SLOT_FULL);
	return err;
}

/*
 * The session's thread: chunk after chunk of a download.  Each chunk's
 * DMA is queued as soon as its buffer is free, and waited for only when
 * a buffer is needed or at the end, so the chunks of a copy of a few MiB
 * (one per connection) are all queued at once rather than one DMA and
 * its wait after another; they land in the copy's order.
 */
static CUresult run_download(struct job *job, CUdeviceptr dev,
    CUstream stream, CUresult err)
{
	uint64_t total = stripe_chunk_total(job->size, job->chunk);
	uint64_t landed = 0;	/* chunks before this one are FULL or sent */

	for (uint64_t i = 0; i < total && err == CUDA_SUCCESS; i++) {
		unsigned conn = (unsigned)(i % job->count);
		uint64_t k = i / job->count;
		unsigned s = slot_of(conn, k);
		struct stripe_chunk c = stripe_chunk_at(job->size, job->chunk,
		    job->count, conn, k);

		/* The buffer may hold a chunk still to land, or one its
		 * thread sends: the oldest land first, so the threads go on. */
		while (err == CUDA_SUCCESS && landed < i &&
		    !slot_is(job, s, SLOT_FREE))
			err = land(job, landed++);
		if (err != CUDA_SUCCESS)
			break;
		if (!wait_slot(job, s, SLOT_FREE, false))
			return err;
		err = cuMemcpyDtoHAsync(ring[s].bytes, dev + c.offset,
		    (size_t)c.length, stream);
		if (err == CUDA_SUCCESS)
			err = pinned_set_mark(&buffers, &ring[s], stream);
		if (err == CUDA_SUCCESS)
			set_slot(job, s, SLOT_FILLING);
	}
	while (err == CUDA_SUCCESS && landed < total)
		err = land(job, landed++);
	/* The chunks not landed go as error frames (download_work). */
	if (err != CUDA_SUCCESS)
		end_download(job, err);
	return err;
}

/* The buffers for count connections, free of earlier DMAs; false when
 * there are none. */
static bool buffers_ready(unsigned count)
{
	if (!buffers.allocated && !buffers.allocation_failed)
		buffers.count = PER_CONN * count;
	if (!pinned_set_allocate(&buffers) || buffers.count < PER_CONN * count)
		return false;
	pinned_set_drain(&buffers);
	pinned_set_register(&buffers);
	return true;
}

void stripe_copy_run(bool upload, const stripe_copy *a, CUresult refused,
    unsigned timeout_seconds, res_stripe *r)
{
	struct worker workers[ONCUDA_STRIPE_MAX];
	unsigned count = stripes_count();
	CUstream stream = a->async ? (CUstream)(uintptr_t)a->stream : NULL;
	struct stripe_crew *crew = NULL;
	static struct job job;
	CUresult err;

	memset(r, 0, sizeof *r);
	if (count == 0 || a->size == 0 || !buffers_ready(count) ||
	    (crew = stripes_crew()) == NULL) {
		/* Nothing can be read in step: the client makes the copy on
		 * the control connection. */
		stripes_lost(count == 0 ? "none bound" : a->size == 0 ?
		    "an empty striped copy" : crew == NULL ? "no threads" :
		    "no page-locked buffers");
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		r->lost = true;
		return;
	}
	memset(&job, 0, sizeof job);
	pthread_mutex_init(&job.lock, NULL);
	pthread_cond_init(&job.changed, NULL);
	job.upload = upload;
	job.size = a->size;
	job.serial = a->serial;
	job.count = count;
	job.chunk = stripe_chunk_for(a->size, count);
	job.timeout_seconds = timeout_seconds;
	if (!upload && refused != CUDA_SUCCESS)
		end_download(&job, refused);
	for (unsigned i = 0; i < count; i++)
		workers[i] = (struct worker){ &job, i, stripes_fd(i),
		    stripes_seal(i) };
	stripe_crew_begin(crew, upload ? upload_work : download_work,
	    workers);
	if (upload)
		err = run_upload(&job, (CUdeviceptr)a->dev, stream, refused);
	else
		err = run_download(&job, (CUdeviceptr)a->dev, stream, refused);
	if (job.lost) {
		for (unsigned i = 0; i < count; i++)
			shutdown(workers[i].fd, SHUT_RDWR);
	}
	stripe_crew_wait(crew);
	/* A synchronous upload returns once its bytes have landed. */
	if (upload && !a->async && !job.lost) {
		for (unsigned s = 0; s < PER_CONN * count; s++) {
			CUresult e = pinned_buffer_wait(&ring[s]);

			if (err == CUDA_SUCCESS)
				err = e;
		}
	}
	if (job.lost)
		stripes_lost(job.why);
	pthread_cond_destroy(&job.changed);
	pthread_mutex_destroy(&job.lock);
	r->err = err;
	r->lost = job.lost;
}

void stripe_copy_session_end(void)
{
	pinned_set_forget(&buffers);
}
