/*
 * svc_mapped.c -- the server's side of keeping mapped host memory coherent
 * (CU_MAPPED_TRACK, CU_MAPPED_PUSH, CU_MAPPED_PULL; the design is told in
 * stubs/mem/mapped.c).
 *
 * For each mirror the client tracks, a shadow holds the bytes both sides
 * last agreed on.  The client's pushes land in the mirror and the shadow;
 * a pull returns where the mirror differs from the shadow, which is what
 * the GPU (or a copy or memset) wrote since.  Only mirrors of this client
 * are ever read or written: a run must lie inside a tracked mirror.
 *
 * Calls svc_hostmem.c (which mirrors there are) and mapped_shadow.c; the
 * shadows live there, not here, so that svc_hostmem.c can drop the shadow
 * of a mirror it frees without calling this file.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/log.h"
#include "common/mapped_diff.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/mapped_shadow.h"

bool_t cu_mapped_track_svc(cu_hostptr ptr, res_none *r,
    struct svc_req *rq)
{
	void *mirror = (void *)(uintptr_t)ptr;
	size_t size;

	(void)rq;
	r->err = CUDA_SUCCESS;
	if (!hostmem_mirror_size(ptr, &size)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if (mapped_shadow_of(mirror) != NULL)
		return TRUE;
	if (!mapped_shadow_add(mirror, size)) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	/* Both sides start from zeros; nothing can have used the mirror yet. */
	memset(mirror, 0, size);
	return TRUE;
}

/* Writes the bytes of a run that differ from what the client last knew. */
static void apply_run(const mapped_run *run)
{
	const unsigned char *in = (const unsigned char *)run->bytes.bytes_val;
	size_t len = run->bytes.bytes_len;
	struct mapped_shadow *t = mapped_shadow_holding(run->at, len);
	size_t offset;

	if (t == NULL) {
		log_msg(LOG_DEBUG, "mapped memory: ignored %zu bytes at %#llx, "
		    "in no tracked mirror", len, (unsigned long long)run->at);
		return;
	}
	offset = run->at - (uintptr_t)t->mirror;
	for (size_t i = 0; i < len; i++) {
		if (in[i] != t->shadow[offset + i]) {
			t->mirror[offset + i] = in[i];
			t->shadow[offset + i] = in[i];
		}
	}
}

bool_t cu_mapped_push_svc(mapped_runs runs, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	for (u_int i = 0; i < runs.mapped_runs_len; i++)
		apply_run(&runs.mapped_runs_val[i]);
	r->err = CUDA_SUCCESS;
	return TRUE;
}

/* A pull reply being filled, within the limits of one message. */
struct reply {
	mapped_update *u;
	u_int capacity;		/* runs allocated */
	size_t bytes;
};

static bool add_run(struct reply *out, struct mapped_shadow *t, size_t at,
    size_t len)
{
	mapped_run *run;
	char *copy;

	if (out->u->runs.mapped_runs_len == out->capacity) {
		u_int more = out->capacity == 0 ? 64 : out->capacity * 2;

		if (more > ONCUDA_MAPPED_RUNS_MAX)
			more = ONCUDA_MAPPED_RUNS_MAX;
		run = realloc(out->u->runs.mapped_runs_val, more * sizeof(*run));
		if (run == NULL)
			return false;
		out->u->runs.mapped_runs_val = run;
		out->capacity = more;
	}
	if ((copy = malloc(len)) == NULL)
		return false;
	/* The shadow takes what is sent, even if the GPU writes on meanwhile. */
	memcpy(copy, t->mirror + at, len);
	memcpy(t->shadow + at, copy, len);
	run = &out->u->runs.mapped_runs_val[out->u->runs.mapped_runs_len++];
	run->at = (uintptr_t)t->mirror + at;
	run->bytes.bytes_len = (u_int)len;
	run->bytes.bytes_val = copy;
	out->bytes += len;
	return true;
}

/*
 * Adds the changed bytes of t in [from, to) to out; false when out is
 * full, with *stop where the next reply should begin.  Memory running
 * out ends the reply too: what it holds is sent, the rest waits for the
 * next pull (the shadow takes only what a reply carries).
 */
static bool collect(struct reply *out, struct mapped_shadow *t, size_t from,
    size_t to, size_t *stop)
{
	size_t at = from, len = 0;

	assert(from <= to && to <= t->size);
	while (at < to) {
		*stop = at;
		if (out->bytes == ONCUDA_CHUNK_DEFAULT ||
		    out->u->runs.mapped_runs_len == ONCUDA_MAPPED_RUNS_MAX)
			return false;
		at = mapped_next_run(t->mirror, t->shadow, to, at,
		    ONCUDA_CHUNK_DEFAULT - out->bytes, &len);
		if (at == to)
			break;
		*stop = at;
		if (!add_run(out, t, at, len))
			return false;
		at += len;
	}
	return true;
}

/*
 * Where the last pull stopped, its reply full (`more`): the next one, the
 * client's "and the rest?", begins there; one begun afresh (after a reply
 * that was not full) begins at the first mirror.  Begun at the first
 * mirror each time, the pulls after a kernel rewrote a 1.4 GB managed
 * buffer compared again all they had sent before (some 350 replies of 4
 * MiB: quadratic; numba's managed-memory test took minutes).  Bytes
 * changed behind the point reached are work still running, which CUDA
 * promises nothing about until the next synchronization, whose pull
 * brings them.  A mirror freed meanwhile makes the next pull begin at
 * the first one.
 */
static struct {
	const unsigned char *mirror;	/* NULL: begin at the first mirror */
	size_t at;
} resume;

/* The shadow the next pull begins in, and the offset in it. */
static struct mapped_shadow *resume_point(size_t *at)
{
	struct mapped_shadow *t;

	*at = 0;
	for (t = mapped_shadows(); t != NULL && resume.mirror != NULL;
	    t = t->next)
		if (t->mirror == resume.mirror && resume.at < t->size) {
			*at = resume.at;
			return t;
		}
	return mapped_shadows();
}

bool_t cu_mapped_pull_svc(res_mapped_update *r, struct svc_req *rq)
{
	struct reply out = { &r->res_mapped_update_u.value, 0, 0 };
	struct mapped_shadow *t;
	size_t at, stop = 0;

	(void)rq;
	memset(out.u, 0, sizeof(*out.u));
	r->err = CUDA_SUCCESS;
	t = resume_point(&at);
	resume.mirror = NULL;
	for (; t != NULL; t = t->next, at = 0)
		if (!collect(&out, t, at, t->size, &stop)) {
			resume.mirror = t->mirror;
			resume.at = stop;
			out.u->more = TRUE;
			break;
		}
	if (out.u->more && out.u->runs.mapped_runs_len == 0) {
		log_msg(LOG_WARN, "mapped memory: no memory to collect the "
		    "bytes the GPU changed");
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}
