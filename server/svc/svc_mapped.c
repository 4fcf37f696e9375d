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
 * Adds t's changed bytes to out; false when out is full.  Memory running
 * out ends the reply too: what it holds is sent, the rest waits for the
 * next pull (the shadow takes only what a reply carries).
 */
static bool collect(struct reply *out, struct mapped_shadow *t)
{
	size_t at = 0, len = 0;

	while ((at = mapped_next_run(t->mirror, t->shadow, t->size, at,
	    &len)) < t->size) {
		if (out->bytes == ONCUDA_CHUNK_DEFAULT ||
		    out->u->runs.mapped_runs_len == ONCUDA_MAPPED_RUNS_MAX)
			return false;
		if (len > ONCUDA_CHUNK_DEFAULT - out->bytes)
			len = ONCUDA_CHUNK_DEFAULT - out->bytes;
		if (!add_run(out, t, at, len))
			return false;
		at += len;
	}
	return true;
}

bool_t cu_mapped_pull_svc(res_mapped_update *r, struct svc_req *rq)
{
	struct reply out = { &r->res_mapped_update_u.value, 0, 0 };
	struct mapped_shadow *t;

	(void)rq;
	memset(out.u, 0, sizeof(*out.u));
	r->err = CUDA_SUCCESS;
	for (t = mapped_shadows(); t != NULL; t = t->next) {
		if (!collect(&out, t)) {
			out.u->more = TRUE;
			break;
		}
	}
	if (out.u->more && out.u->runs.mapped_runs_len == 0) {
		log_msg(LOG_WARN, "mapped memory: no memory to collect the "
		    "bytes the GPU changed");
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}
