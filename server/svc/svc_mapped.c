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
 * Mirrors of page-locked host memory are read and written by the CPU.
 * Managed memory is read and written by the copy engine
 * (server/copy/managed_copy.h: why, and why its private stream orders
 * correctly), which leaves its pages where they are: a pull copies the
 * blocks of a managed mirror that may have changed into page-locked slots
 * a piece at a time, the next piece copied while this one is compared
 * with the shadow; a push writes each run into the shadow and copies the
 * run from there into the mirror.  Where the copy engine fails, the CPU
 * does it, as for host memory.  Which blocks may have changed, the GPU
 * says: its hashes of the mirror's blocks (server/copy/managed_hash.h)
 * against those of the shadow's (mapped_shadow.h), see next_piece.
 *
 * Calls svc_hostmem.c (which mirrors there are), mapped_shadow.c and the
 * copy engine's managed_copy.c and managed_hash.c; the shadows live in
 * mapped_shadow.c, not here, so that svc_hostmem.c can drop the shadow of
 * a mirror it frees without calling this file.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "common/block_hash.h"
#include "server/copy/managed_copy.h"
#include "server/copy/managed_hash.h"
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

/* The copy engine's series (managed_copy.h) of a push or pull: not tried
 * yet, open, or not to be had. */
enum engine { ENGINE_UNTRIED, ENGINE_OPEN, ENGINE_NONE };

/* Bytes compared at once: a block equal to the shadow is skipped whole. */
#define APPLY_BLOCK 4096

/*
 * Writes the bytes of a run that differ from what the client last knew.
 *
 * Into managed memory, through the copy engine: the shadow takes the
 * changed bytes, and the run's span from its first changed byte to its
 * last is copied from the shadow into the mirror.  Bytes of the span that
 * did not change (a run spans short equal gaps, mapped_diff.h) are the
 * shadow's, which is what the mirror holds too unless the GPU wrote them
 * since the last pull.  The program wrote the run's bytes since then,
 * which CUDA allows only once the work that may reach the memory is
 * waited for, and the wait pulled what it wrote
 * (CONCURRENT_MANAGED_ACCESS is 0 through oncuda, idl/cuda.x): in a
 * correct program no byte of the GPU's is undone.
 */
static void apply_run(const mapped_run *run, enum engine *engine)
{
	const unsigned char *in = (const unsigned char *)run->bytes.bytes_val;
	size_t len = run->bytes.bytes_len;
	struct mapped_shadow *t = mapped_shadow_holding(run->at, len);
	size_t offset, first = len, end = 0;
	unsigned char *shadow;
	bool whole;

	if (t == NULL) {
		log_msg(LOG_DEBUG, "mapped memory: ignored %zu bytes at %#llx, "
		    "in no tracked mirror", len, (unsigned long long)run->at);
		return;
	}
	offset = run->at - (uintptr_t)t->mirror;
	shadow = t->shadow + offset;
	if (t->managed && *engine == ENGINE_UNTRIED)
		*engine = managed_copy_begin(t->ctx) ? ENGINE_OPEN : ENGINE_NONE;
	/*
	 * A run as the client makes them begins and ends with a byte that
	 * differs from the shadow (mapped_diff.h): its span is the whole
	 * run, taken without comparing the bytes between, which cost a pass
	 * over a buffer the program rewrote whole.  Only a run cut at a
	 * message's end may end on an equal byte: compared as below.
	 */
	whole = t->managed && *engine == ENGINE_OPEN && len > 0 &&
	    in[0] != shadow[0] && in[len - 1] != shadow[len - 1];
	if (whole) {
		memcpy(shadow, in, len);
		first = 0;
		end = len;
	}
	/*
	 * Block by block, the equal ones skipped with memcmp: compared a
	 * byte at a time, a push of 4 MiB cost the server some 8 ms of its
	 * CPU (bench/managed_phases), more than the wire.
	 */
	for (size_t i = 0; !whole && i < len; i += APPLY_BLOCK) {
		size_t n = len - i < APPLY_BLOCK ? len - i : APPLY_BLOCK;

		if (memcmp(in + i, shadow + i, n) == 0)
			continue;
		if (t->managed && *engine == ENGINE_OPEN) {
			size_t lo = i, hi = i + n;

			/* memcmp found a difference: both loops stop at it. */
			while (in[lo] == shadow[lo])
				lo++;
			while (in[hi - 1] == shadow[hi - 1])
				hi--;
			/* Equal bytes between are the shadow's: see above. */
			memcpy(shadow + lo, in + lo, hi - lo);
			first = lo < first ? lo : first;
			end = hi;
			continue;
		}
		for (size_t j = i; j < i + n; j++) {
			if (in[j] != shadow[j]) {
				t->mirror[offset + j] = in[j];
				shadow[j] = in[j];
				first = j < first ? j : first;
				end = j + 1;
			}
		}
	}
	if (first < end)
		mapped_shadow_changed(t, offset + first, end - first);
	if (!t->managed || *engine != ENGINE_OPEN || first >= end)
		return;
	offset += first;
	if (!managed_copy_write((CUdeviceptr)(uintptr_t)(t->mirror + offset),
	    t->shadow + offset, end - first))
		memcpy(t->mirror + offset, t->shadow + offset, end - first);
}

/*
 * A copy into managed memory failed after it was queued: the runs are
 * written again by the CPU, from the shadows, which hold their bytes.
 */
static void rewrite_managed(const mapped_runs *runs)
{
	for (u_int i = 0; i < runs->mapped_runs_len; i++) {
		const mapped_run *run = &runs->mapped_runs_val[i];
		size_t len = run->bytes.bytes_len;
		struct mapped_shadow *t = mapped_shadow_holding(run->at, len);
		size_t offset;

		if (t == NULL || !t->managed)
			continue;
		offset = run->at - (uintptr_t)t->mirror;
		memcpy(t->mirror + offset, t->shadow + offset, len);
	}
}

/*
 * The shadows' blocks changed since the last complete pull are hashed
 * again (the pulls' filter, below), at the end of a pull that is not
 * full: once for a block however many runs or replies changed it.  Not
 * at a push: a block the push changed is compared by the next pull
 * (whose copy is of one block where a page changed, of all where all
 * did, which that pull reads anyway) and hashed once after it, where
 * hashing at the push too cost a second pass of the CPU over a buffer
 * rewritten whole (some 0.3 s a GiB).
 */
static void agree_all(void)
{
	for (struct mapped_shadow *t = mapped_shadows(); t != NULL;
	    t = t->next)
		mapped_shadow_agree(t);
}

bool_t cu_mapped_push_svc(mapped_runs runs, res_none *r,
    struct svc_req *rq)
{
	enum engine engine = ENGINE_UNTRIED;

	(void)rq;
	for (u_int i = 0; i < runs.mapped_runs_len; i++)
		apply_run(&runs.mapped_runs_val[i], &engine);
	/* The copies are done before the reply: the client queues work next. */
	if (engine == ENGINE_OPEN && !managed_copy_end())
		rewrite_managed(&runs);
	r->err = CUDA_SUCCESS;
	return TRUE;
}

/* A pull reply being filled, within the limits of one message. */
struct reply {
	mapped_update *u;
	u_int capacity;		/* runs allocated */
	size_t bytes;
};

/* Adds the run of len bytes at offset at of t, whose bytes are now now. */
static bool add_run(struct reply *out, struct mapped_shadow *t, size_t at,
    const unsigned char *now, size_t len)
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
	memcpy(copy, now, len);
	memcpy(t->shadow + at, copy, len);
	mapped_shadow_changed(t, at, len);
	run = &out->u->runs.mapped_runs_val[out->u->runs.mapped_runs_len++];
	run->at = (uintptr_t)t->mirror + at;
	run->bytes.bytes_len = (u_int)len;
	run->bytes.bytes_val = copy;
	out->bytes += len;
	return true;
}

static bool full(const struct reply *out)
{
	return out->bytes == ONCUDA_CHUNK_DEFAULT ||
	    out->u->runs.mapped_runs_len == ONCUDA_MAPPED_RUNS_MAX;
}

/*
 * Adds the changed bytes of t in [from, to) to out, now holding the
 * mirror's bytes from offset base (base <= from) to `to`: the mirror
 * itself, or a piece of it the copy engine read.  false when out is
 * full, with *stop where the next reply should begin.  Memory running
 * out ends the reply too: what it holds is sent, the rest waits for the
 * next pull (the shadow takes only what a reply carries).
 */
static bool collect(struct reply *out, struct mapped_shadow *t,
    const unsigned char *now, size_t base, size_t from, size_t to,
    size_t *stop)
{
	const unsigned char *shadow = t->shadow + base;
	size_t at = from - base, end = to - base, len = 0;

	assert(base <= from && from <= to && to <= t->size);
	while (at < end) {
		*stop = base + at;
		if (full(out))
			return false;
		at = mapped_next_run(now, shadow, end, at,
		    ONCUDA_CHUNK_DEFAULT - out->bytes, &len);
		if (at == end)
			break;
		*stop = base + at;
		if (!add_run(out, t, base + at, now + at, len))
			return false;
		at += len;
	}
	return true;
}

/*
 * The pulls of one sequence: a pull begun afresh, and the pulls that go on
 * where it stopped (resume, below).  The GPU's hashes of a mirror are
 * taken once a sequence, at its first pull that reaches the mirror: the
 * rest of the sequence uses them, as it uses the point reached, and what
 * changes meanwhile comes with the next sequence.
 */
static uint64_t sequence;

/*
 * Whether the pulls of this sequence filter t: the GPU hashed its blocks
 * (managed_hash.h), now or at an earlier pull of the sequence.  Not
 * where no block's hash is known.
 */
static bool filtered(struct mapped_shadow *t)
{
	/* Every block to compare anyway (a push rewrote them all): no hash
	 * would spare one. */
	if (t->agreed == NULL || t->unknown == block_hash_count(t->size))
		return false;
	if (t->now_sequence == sequence)
		return true;
	if (!managed_hash((CUdeviceptr)(uintptr_t)t->mirror, t->size, t->now))
		return false;
	t->now_sequence = sequence;
	return true;
}

/*
 * The next piece of t to read at or after offset at, [*start, *start +
 * *len), at most MANAGED_COPY_PIECE; false when none is left.  With the
 * filter, a piece spans blocks whose hash differs from what both sides
 * agreed on (or is not known) and skips the others.
 *
 * Why the filter is safe: a block is skipped only when the GPU's hash of
 * the mirror's block equals the hash of the shadow's, which is then
 * equal to the mirror's but for a collision of the 128-bit hash, some
 * 2^-128 for bytes not made to collide on purpose; and made on purpose,
 * the bytes are the program's own, which would only deceive itself.  A
 * block whose hash differs is compared byte for byte as without the
 * filter: a hash that differs for equal bytes costs a comparison, never
 * a wrong byte.
 */
static bool next_piece(const struct mapped_shadow *t, bool filter,
    size_t at, size_t *start, size_t *len)
{
	size_t block, count, end, limit;

	if (at >= t->size)
		return false;
	if (!filter) {
		*start = at;
		*len = t->size - at < MANAGED_COPY_PIECE ? t->size - at :
		    MANAGED_COPY_PIECE;
		return true;
	}
	count = block_hash_count(t->size);
	for (block = at / BLOCK_HASH_BYTES; block < count &&
	    mapped_shadow_block_agrees(t, block); block++)
		;
	if (block == count)
		return false;
	if (block * BLOCK_HASH_BYTES > at)
		at = block * BLOCK_HASH_BYTES;
	limit = t->size - at < MANAGED_COPY_PIECE ? t->size :
	    at + MANAGED_COPY_PIECE;
	end = (block + 1) * BLOCK_HASH_BYTES;
	while (end < limit && !mapped_shadow_block_agrees(t,
	    end / BLOCK_HASH_BYTES))
		end += BLOCK_HASH_BYTES;
	*start = at;
	*len = (end < limit ? end : limit) - at;
	return true;
}

/*
 * As collect over [from, t->size), for managed memory, which the copy
 * engine reads a piece at a time (the next piece is copied while this one
 * is compared), skipping the blocks the filter says are unchanged.  A
 * piece begins where the last stopped, so the pieces of a buffer
 * rewritten whole are the replies' bytes.  When a copy fails, *cpu is
 * where the CPU must go on from instead, comparing all.
 */
static bool collect_copied(struct reply *out, struct mapped_shadow *t,
    size_t from, size_t *stop, size_t *cpu)
{
	CUdeviceptr mirror = (CUdeviceptr)(uintptr_t)t->mirror;
	bool filter = filtered(t), more;
	size_t at, len, next_at = 0, next_len = 0;
	int slot, next;

	*cpu = t->size;
	*stop = from;
	if (!next_piece(t, filter, from, &at, &len))
		return true;
	if (full(out))
		return false;
	slot = managed_copy_read(mirror + at, len);
	for (;;) {
		const unsigned char *bytes;

		if (slot < 0 || (bytes = managed_copy_wait(slot)) == NULL) {
			*cpu = at;
			return true;
		}
		more = next_piece(t, filter, at + len, &next_at, &next_len);
		next = more ? managed_copy_read(mirror + next_at, next_len) :
		    -1;
		if (!collect(out, t, bytes, at, at, at + len, stop))
			return false;
		if (!more)
			return true;
		at = next_at;
		len = next_len;
		slot = next;
	}
}

/*
 * Adds t's changed bytes from offset at on; engine as in a push (a pull
 * opens the copy engine's series at its first managed mirror).
 */
static bool collect_mirror(struct reply *out, struct mapped_shadow *t,
    size_t at, size_t *stop, enum engine *engine, CUcontext ctx)
{
	if (t->managed && *engine == ENGINE_UNTRIED)
		*engine = managed_copy_begin(ctx) ? ENGINE_OPEN : ENGINE_NONE;
	if (t->managed && *engine == ENGINE_OPEN) {
		if (!collect_copied(out, t, at, stop, &at))
			return false;
		if (at == t->size)
			return true;
		/* The series failed: the rest is the CPU's. */
		(void)managed_copy_end();
		*engine = ENGINE_NONE;
	}
	return collect(out, t, t->mirror, 0, at, t->size, stop);
}

/* A context managed memory goes with, for when none is current; or NULL. */
static CUcontext some_context(void)
{
	struct mapped_shadow *t;

	for (t = mapped_shadows(); t != NULL; t = t->next)
		if (t->managed && t->ctx != NULL)
			return t->ctx;
	return NULL;
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

/*
 * The shadow the next pull begins in, and the offset in it; a pull begun
 * afresh begins a new sequence.
 */
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
	sequence++;
	return mapped_shadows();
}

bool_t cu_mapped_pull_svc(res_mapped_update *r, struct svc_req *rq)
{
	struct reply out = { &r->res_mapped_update_u.value, 0, 0 };
	enum engine engine = ENGINE_UNTRIED;
	CUcontext ctx = some_context();
	struct mapped_shadow *t;
	size_t at, stop = 0;

	(void)rq;
	memset(out.u, 0, sizeof(*out.u));
	r->err = CUDA_SUCCESS;
	t = resume_point(&at);
	resume.mirror = NULL;
	for (; t != NULL; t = t->next, at = 0)
		if (!collect_mirror(&out, t, at, &stop, &engine, ctx)) {
			resume.mirror = t->mirror;
			resume.at = stop;
			out.u->more = TRUE;
			break;
		}
	if (engine == ENGINE_OPEN)
		(void)managed_copy_end();
	if (!out.u->more)
		agree_all();
	if (out.u->more && out.u->runs.mapped_runs_len == 0) {
		log_msg(LOG_WARN, "mapped memory: no memory to collect the "
		    "bytes the GPU changed");
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}
