/*
 * test_mapped_pull.c - the server's side of pulls (server/svc/svc_mapped.c)
 * and the runs of changed bytes (common/mapped_diff.c):
 *
 * - mapped_next_run gives the runs a byte-at-a-time reference gives, on
 *   buffers with equal bytes sprinkled at every density;
 * - a sequence of pulls, each reply full, returns every changed byte of
 *   every mirror once and compares each byte about once (counted through
 *   a wrapper of mapped_next_run), not once per reply;
 * - a byte changed behind where the last reply stopped comes with the
 *   next sequence (work still running, as CUDA sees it), and the client's
 *   copy built from the replies then equals the mirrors;
 * - managed mirrors are read and written only by the copy engine (a
 *   double, copy_engine_double.h, whose "device" memory the CPU cannot
 *   touch: a load or store by the server would crash the test), in
 *   pieces of at most MANAGED_COPY_PIECE on a non-blocking stream of its
 *   own, the pulls giving the bytes the CPU would, a buffer compared about
 *   once over a sequence of full replies, and the stream, capture mode
 *   and context stack left as they were;
 * - where no copy can be made (no context, no stream) or one fails
 *   midway, the CPU does the rest and the bytes are still right.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <rpc/rpc.h>

#include "common/mapped_diff.h"
#include "copy_engine_double.h"
#include "gen/cuda_rpc.h"
#include "common/block_hash.h"
#include "server/copy/managed_copy.h"
#include "server/copy/managed_hash.h"
#include "server/session/limits.h"
#include "server/svc/mapped_shadow.h"
#include "unit_check.h"

/* What svc_mapped.c and mapped_shadow.c ask of the rest of the server. */
void log_msg(int level, const char *fmt, ...)
{
	(void)level;
	(void)fmt;
}

bool memory_take(uint64_t bytes, enum usage_memory kind, const char *what)
{
	(void)bytes;
	(void)kind;
	(void)what;
	return true;
}

void memory_give(uint64_t bytes, enum usage_memory kind)
{
	(void)bytes;
	(void)kind;
}

bool hostmem_mirror_size(cu_hostptr ptr, size_t *size)
{
	(void)ptr;
	(void)size;
	return false;
}

/* Bytes mapped_next_run looked at: from where it began to past its run. */
static size_t scanned;
size_t __real_mapped_next_run(const unsigned char *, const unsigned char *,
    size_t, size_t, size_t, size_t *);

size_t __wrap_mapped_next_run(const unsigned char *now,
    const unsigned char *shadow, size_t size, size_t from, size_t most,
    size_t *len)
{
	size_t at = __real_mapped_next_run(now, shadow, size, from, most, len);

	scanned += (at < size ? at + *len : size) - (from < size ? from : size);
	return at;
}

/* The reference: byte by byte, as mapped_diff.h states the rule. */
static size_t naive_next_run(const unsigned char *now,
    const unsigned char *shadow, size_t size, size_t from, size_t most,
    size_t *len)
{
	size_t start = from, end, equal = 0;

	while (start < size && now[start] == shadow[start])
		start++;
	if (start >= size)
		return size;
	for (end = start + 1; end < size && end - start < most &&
	    equal < MAPPED_RUN_GAP; end++)
		equal = now[end] == shadow[end] ? equal + 1 : 0;
	*len = end - start - equal;
	return start;
}

static void runs_match_reference(void)
{
	enum { SIZE = 20000 };
	static unsigned char a[SIZE], b[SIZE];
	unsigned seed = 1;

	for (int density = 0; density <= 256; density += 16) {
		size_t most = density % 32 == 0 ? SIZE : 1 + (size_t)density * 7;
		size_t at = 0, len = 0, rat = 0, rlen = 0;
		int mismatches = 0;

		for (size_t i = 0; i < SIZE; i++) {
			seed = seed * 1103515245 + 12345;
			a[i] = (unsigned char)(seed >> 16);
			/* equal with probability density/256, in stretches */
			b[i] = (int)((seed >> 8) & 255) < density ? a[i] :
			    (unsigned char)~a[i];
			if (i % 3000 < 40)
				b[i] = a[i];	/* gaps longer than the rule's */
		}
		for (;;) {
			at = __real_mapped_next_run(a, b, SIZE, at, most, &len);
			rat = naive_next_run(a, b, SIZE, rat, most, &rlen);
			if (at != rat || (at < SIZE && len != rlen))
				mismatches++;
			if (at >= SIZE || rat >= SIZE || mismatches)
				break;
			at += len;
			rat += rlen;
		}
		CHECK_EQ(mismatches, 0);
	}
}

/* Applies a reply's runs to the client's copies (a and b, mirrored). */
static size_t apply(const mapped_update *u, unsigned char *mirror_a,
    unsigned char *client_a, size_t size_a, unsigned char *mirror_b,
    unsigned char *client_b, size_t size_b)
{
	size_t bytes = 0;

	for (u_int i = 0; i < u->runs.mapped_runs_len; i++) {
		const mapped_run *run = &u->runs.mapped_runs_val[i];
		uintptr_t at = (uintptr_t)run->at;
		unsigned char *to = NULL;

		if (at >= (uintptr_t)mirror_a && at < (uintptr_t)mirror_a + size_a)
			to = client_a + (at - (uintptr_t)mirror_a);
		else if (at >= (uintptr_t)mirror_b &&
		    at < (uintptr_t)mirror_b + size_b)
			to = client_b + (at - (uintptr_t)mirror_b);
		CHECK(to != NULL);
		if (to != NULL)
			memcpy(to, run->bytes.bytes_val, run->bytes.bytes_len);
		bytes += run->bytes.bytes_len;
	}
	return bytes;
}

static void pulls_go_round_once(void)
{
	size_t size_a = 3 * ONCUDA_CHUNK_DEFAULT + 12345;
	size_t size_b = 2 * ONCUDA_CHUNK_DEFAULT;
	unsigned char *a = malloc(size_a), *b = malloc(size_b);
	unsigned char *ca = calloc(1, size_a), *cb = calloc(1, size_b);
	size_t sent = 0, replies = 0;
	res_mapped_update r;
	bool more = true;

	CHECK(a != NULL && b != NULL && ca != NULL && cb != NULL);
	CHECK(mapped_shadow_add(a, size_a));
	CHECK(mapped_shadow_add(b, size_b));
	/* Both start equal (zeros); then "the GPU" rewrites all of both. */
	memset(a, 0, size_a);
	memset(b, 0, size_b);
	memset(a, 0x5a, size_a);
	memset(b, 0xa5, size_b);
	scanned = 0;
	while (more && replies < 100) {
		memset(&r, 0, sizeof(r));
		CHECK(cu_mapped_pull_13000_svc(&r, NULL));
		CHECK_EQ(r.err, 0);
		sent += apply(&r.res_mapped_update_u.value, a, ca, size_a, b, cb,
		    size_b);
		more = r.res_mapped_update_u.value.more;
		xdr_free((xdrproc_t)xdr_res_mapped_update, (char *)&r);
		/* Behind where the first reply stopped: the next pull's. */
		if (replies++ == 0) {
			a[7] = 1;
			b[9] = 2;
		}
	}
	CHECK_EQ(sent, size_a + size_b);
	CHECK_EQ(replies, (size_a + size_b + ONCUDA_CHUNK_DEFAULT - 1) /
	    ONCUDA_CHUNK_DEFAULT);
	/* Each byte about once; a restart per reply would be ~3x here. */
	CHECK(scanned <= (size_a + size_b) + (size_a + size_b) / 8);
	/* b, the newer mirror, comes first: its byte 9, changed after the
	 * first reply, is the next pull's; a's byte 7 came in this one. */
	memset(&r, 0, sizeof(r));
	CHECK(cu_mapped_pull_13000_svc(&r, NULL));
	CHECK_EQ(apply(&r.res_mapped_update_u.value, a, ca, size_a, b, cb,
	    size_b), 1);
	CHECK(!r.res_mapped_update_u.value.more);
	xdr_free((xdrproc_t)xdr_res_mapped_update, (char *)&r);
	CHECK(memcmp(ca, a, size_a) == 0);
	CHECK(memcmp(cb, b, size_b) == 0);

	/* Nothing changed since: one reply, empty, done. */
	memset(&r, 0, sizeof(r));
	CHECK(cu_mapped_pull_13000_svc(&r, NULL));
	CHECK_EQ(r.res_mapped_update_u.value.runs.mapped_runs_len, 0);
	CHECK(!r.res_mapped_update_u.value.more);
	xdr_free((xdrproc_t)xdr_res_mapped_update, (char *)&r);

	/* A mirror gone while a sequence is under way: the next pull begins
	 * at the first mirror, and nothing of the freed one comes back. */
	memset(a, 0x11, size_a);
	memset(&r, 0, sizeof(r));
	CHECK(cu_mapped_pull_13000_svc(&r, NULL));
	CHECK(r.res_mapped_update_u.value.more);
	xdr_free((xdrproc_t)xdr_res_mapped_update, (char *)&r);
	mapped_shadow_mirror_gone(a);
	memset(b, 0x22, 100);
	memset(&r, 0, sizeof(r));
	CHECK(cu_mapped_pull_13000_svc(&r, NULL));
	CHECK_EQ(r.res_mapped_update_u.value.runs.mapped_runs_len, 1);
	CHECK_EQ(r.res_mapped_update_u.value.runs.mapped_runs_val[0].at,
	    (uintptr_t)b);
	CHECK(!r.res_mapped_update_u.value.more);
	xdr_free((xdrproc_t)xdr_res_mapped_update, (char *)&r);
	mapped_shadow_mirror_gone(b);
	free(a);
	free(b);
	free(ca);
	free(cb);
}

/* A mirror and the client's copy of it. */
struct pair {
	unsigned char *mirror;
	unsigned char *client;
	size_t size;
};

/* Pulls until a reply is not full, applying the runs; bytes received. */
static size_t pull_all(struct pair *pairs, int count, unsigned int *replies)
{
	size_t bytes = 0;
	bool more = true;

	*replies = 0;
	while (more && *replies < 100) {
		res_mapped_update r;
		mapped_update *u = &r.res_mapped_update_u.value;

		memset(&r, 0, sizeof(r));
		CHECK(cu_mapped_pull_13000_svc(&r, NULL));
		CHECK_EQ(r.err, 0);
		for (u_int i = 0; i < u->runs.mapped_runs_len; i++) {
			const mapped_run *run = &u->runs.mapped_runs_val[i];
			uintptr_t at = (uintptr_t)run->at;
			int k;

			for (k = 0; k < count; k++)
				if (at >= (uintptr_t)pairs[k].mirror &&
				    at - (uintptr_t)pairs[k].mirror <
				    pairs[k].size)
					break;
			CHECK(k < count);
			if (k == count)
				continue;
			memcpy(pairs[k].client + (at - (uintptr_t)pairs[k].mirror),
			    run->bytes.bytes_val, run->bytes.bytes_len);
			bytes += run->bytes.bytes_len;
		}
		more = u->more;
		xdr_free((xdrproc_t)xdr_res_mapped_update, (char *)&r);
		(*replies)++;
	}
	return bytes;
}

/* The series of copies left nothing behind in the thread. */
/* After a series: what it changed undone; the stream it made for its
 * context, if it made one, kept (managed_copy.c). */
static void engine_left_clean(CUcontext current)
{
	CHECK(engine.streams_alive == 0 || engine.streams_alive == 1);
	CHECK_EQ(engine.pushes, 0);
	CHECK(engine.current == current);
	CHECK_EQ(engine.mode, CU_STREAM_CAPTURE_MODE_GLOBAL);
}

static void push_run(uintptr_t at, const unsigned char *bytes, size_t len)
{
	mapped_run run = { at, { (u_int)len, (char *)bytes } };
	mapped_runs runs = { 1, &run };
	res_none r;

	memset(&r, 0, sizeof(r));
	CHECK(cu_mapped_push_13000_svc(runs, &r, NULL));
	CHECK_EQ(r.err, 0);
}

static void managed_through_copies(void)
{
	size_t size = 3 * MANAGED_COPY_PIECE + 8192;
	struct window w = window_make(size);
	size_t host_size = 100000;
	unsigned char *host = calloc(1, host_size);
	struct pair pairs[2] = {
		{ w.device, calloc(1, size), size },
		{ host, calloc(1, host_size), host_size },
	};
	unsigned char in[64];
	unsigned int replies;

	CHECK(pairs[0].client != NULL && host != NULL && pairs[1].client != NULL);
	if (w.device == NULL || pairs[0].client == NULL)
		return;
	engine_reset();
	/* A context's first series makes its stream. */
	managed_copy_context_gone((CUcontext)(uintptr_t)0x1000);
	/* Page-locked host memory beside it: still the CPU's. */
	CHECK(mapped_shadow_add(host, host_size));
	CHECK(mapped_shadow_add_managed(w.device, size, NULL));

	/* A kernel rewrote all of it: every byte once, in pieces. */
	memset(w.alias, 0x5a, size);
	memset(host + 10, 0x77, 30);
	scanned = 0;
	CHECK_EQ(pull_all(pairs, 2, &replies), size + 30);
	CHECK_EQ(engine.streams_alive, 1);	/* one, for all its replies */
	CHECK(memcmp(pairs[0].client, w.alias, size) == 0);
	CHECK(memcmp(pairs[1].client, host, host_size) == 0);
	CHECK_EQ(replies, (size + 30 + ONCUDA_CHUNK_DEFAULT - 1) /
	    ONCUDA_CHUNK_DEFAULT);
	CHECK(engine.biggest_read <= MANAGED_COPY_PIECE);
	/* Each piece once, but for the one read ahead when a reply fills. */
	CHECK(engine.read_bytes >= size);
	CHECK(engine.read_bytes <= size + replies * MANAGED_COPY_PIECE);
	CHECK(scanned <= size + host_size + size / 8);
	engine_left_clean((CUcontext)(uintptr_t)0x1000);

	/* One byte changed: one reply, the buffer hashed once and only the
	 * block holding the byte read, on the stream kept for the context
	 * (none made). */
	engine_reset();
	w.alias[size / 2 + 3] = 7;
	CHECK_EQ(pull_all(pairs, 2, &replies), 1);
	CHECK_EQ(replies, 1);
	CHECK_EQ(engine.streams_alive, 0);
	CHECK_EQ(engine.launches, 1);
	CHECK_EQ(engine.hashed_bytes, size);
	CHECK_EQ(engine.read_bytes, BLOCK_HASH_BYTES);
	CHECK_EQ(engine.reads, 1);
	CHECK(memcmp(pairs[0].client, w.alias, size) == 0);

	/* A push: the changed span of a run is copied, gaps and all. */
	engine_reset();
	memcpy(in, w.alias + 1000, sizeof(in));
	in[0] = 1;
	in[40] = 2;	/* bytes 1..39 equal: a gap the run spans */
	w.alias[1020] = 9;	/* the GPU's, behind the program's back */
	w.alias[1050] = 9;
	push_run((uintptr_t)w.device + 1000, in, sizeof(in));
	CHECK_EQ(engine.writes, 1);
	CHECK_EQ(w.alias[1000], 1);
	CHECK_EQ(w.alias[1040], 2);
	CHECK_EQ(w.alias[1041], 0x5a);
	CHECK_EQ(w.alias[1020], 0x5a);	/* a race CUDA forbids: undone */
	CHECK_EQ(w.alias[1050], 9);	/* past the last change: not copied */
	w.alias[1050] = 0x5a;
	engine_left_clean((CUcontext)(uintptr_t)0x1000);
	/* A run that changes nothing copies nothing. */
	push_run((uintptr_t)w.device + 1000, in, sizeof(in));
	CHECK_EQ(engine.writes, 1);
	/* The shadow took the push: the next pull brings nothing back. */
	memcpy(pairs[0].client + 1000, in, sizeof(in));
	CHECK_EQ(pull_all(pairs, 2, &replies), 0);

	/* A run into host memory is stored by the CPU. */
	engine_reset();
	push_run((uintptr_t)host + 5, in, 8);
	CHECK(memcmp(host + 5, in, 8) == 0);
	CHECK_EQ(engine.writes, 0);
	CHECK_EQ(engine.streams_alive, 0);
	memcpy(pairs[1].client + 5, in, 8);

	mapped_shadow_mirror_gone(w.device);
	mapped_shadow_mirror_gone(host);
	window_drop(&w);
	free(pairs[0].client);
	free(pairs[1].client);
	free(host);
}

static void managed_falls_back(void)
{
	size_t size = MANAGED_COPY_PIECE * 2 + 4096, other_size = 8192;
	struct window w = window_make(size), o = window_make(other_size);
	struct pair pairs[2] = {
		{ w.device, calloc(1, size), size },
		{ o.device, calloc(1, other_size), other_size },
	};
	CUcontext ctx = (CUcontext)(uintptr_t)0x4000;
	unsigned int replies;

	CHECK(pairs[0].client != NULL && pairs[1].client != NULL);
	if (w.device == NULL || o.device == NULL || pairs[0].client == NULL)
		return;
	CHECK(mapped_shadow_add_managed(w.device, size, NULL));

	/* No context current, none to use: the CPU reads. */
	engine_reset();
	engine.current = NULL;
	window_cpu(&w, true);
	memset(w.alias + 10, 3, 20);
	CHECK_EQ(pull_all(pairs, 1, &replies), 20);
	CHECK_EQ(engine.reads, 0);
	CHECK(memcmp(pairs[0].client, w.alias, size) == 0);
	window_cpu(&w, false);

	/* No context current, but one the memory goes with: pushed for the
	 * copies (of every managed mirror), popped after. */
	CHECK(mapped_shadow_add_managed(o.device, other_size, ctx));
	engine_reset();
	engine.current = NULL;
	memset(w.alias + 50, 4, 20);
	memset(o.alias, 5, other_size);
	CHECK_EQ(pull_all(pairs, 2, &replies), 20 + other_size);
	CHECK(engine.reads > 0);
	engine_left_clean(NULL);
	CHECK(memcmp(pairs[0].client, w.alias, size) == 0);
	CHECK(memcmp(pairs[1].client, o.alias, other_size) == 0);

	/* A copy failing midway: the CPU goes on from there. */
	engine_reset();
	engine.fail_read = 2;
	window_cpu(&w, true);
	window_cpu(&o, true);
	memset(w.alias, 6, size);
	memset(o.alias, 7, other_size);
	CHECK_EQ(pull_all(pairs, 2, &replies), size + other_size);
	CHECK(memcmp(pairs[0].client, w.alias, size) == 0);
	CHECK(memcmp(pairs[1].client, o.alias, other_size) == 0);
	engine_left_clean((CUcontext)(uintptr_t)0x1000);

	/* No stream to be had (the context new: its kept one gone with the
	 * old): the CPU reads, and stores a push. */
	managed_copy_context_gone((CUcontext)(uintptr_t)0x1000);
	engine_reset();
	engine.no_stream = true;
	memset(w.alias + size - 10, 8, 10);
	CHECK_EQ(pull_all(pairs, 2, &replies), 10);
	CHECK_EQ(engine.reads, 0);
	CHECK(memcmp(pairs[0].client, w.alias, size) == 0);
	push_run((uintptr_t)w.device, (const unsigned char *)"\x01\x02", 2);
	CHECK_EQ(w.alias[0], 1);
	CHECK_EQ(w.alias[1], 2);
	engine_left_clean((CUcontext)(uintptr_t)0x1000);

	mapped_shadow_mirror_gone(w.device);
	mapped_shadow_mirror_gone(o.device);
	window_drop(&w);
	window_drop(&o);
	free(pairs[0].client);
	free(pairs[1].client);
}

/*
 * The filter: bytes changed in two distant blocks and in the last,
 * partial one cost those three blocks' reads; a change that leaves a
 * block's bytes as they were reads nothing; a full reply's sequence reads the rest
 * with the hashes taken at its start; without the kernel, or with one
 * whose hashes are wrong, all is read and the bytes are still right.
 * Blocks a push changed are compared by the next pull, then agreed on.
 */
static void managed_filtered(void)
{
	size_t size = 2 * MANAGED_COPY_PIECE + 3 * BLOCK_HASH_BYTES + 100;
	size_t last = (size / BLOCK_HASH_BYTES) * BLOCK_HASH_BYTES;
	struct window w = window_make((size + 4095) / 4096 * 4096);
	struct pair pair = { w.device, calloc(1, size), size };
	CUcontext other = (CUcontext)(uintptr_t)0x7000;
	unsigned char in[16];
	unsigned int replies;

	CHECK(pair.client != NULL);
	if (w.device == NULL || pair.client == NULL)
		return;
	engine_reset();
	CHECK(mapped_shadow_add_managed(w.device, size, NULL));

	w.alias[5] = 1;
	w.alias[MANAGED_COPY_PIECE + 7 * BLOCK_HASH_BYTES + 9] = 2;
	w.alias[size - 1] = 3;
	CHECK_EQ(pull_all(&pair, 1, &replies), 3);
	CHECK_EQ(engine.read_bytes, 2 * BLOCK_HASH_BYTES + (size - last));
	CHECK_EQ(engine.reads, 3);
	CHECK(memcmp(pair.client, w.alias, size) == 0);

	/* Written and written back: the hash agrees, nothing is read. */
	engine_reset();
	w.alias[70000] = 9;
	w.alias[70000] = 0;
	CHECK_EQ(pull_all(&pair, 1, &replies), 0);
	CHECK_EQ(engine.reads, 0);
	CHECK_EQ(engine.launches, 1);

	/* Two bytes swapped within a word and two words swapped: seen. */
	engine_reset();
	w.alias[200000] = 4;
	w.alias[200008] = 5;
	CHECK_EQ(pull_all(&pair, 1, &replies), 9);	/* one run, the gap too */
	w.alias[200000] = 5;
	w.alias[200008] = 4;
	CHECK_EQ(pull_all(&pair, 1, &replies), 9);
	CHECK(memcmp(pair.client, w.alias, size) == 0);

	/* A push: the next pull compares its block, the one after none. */
	engine_reset();
	memset(in, 0x11, sizeof(in));
	push_run((uintptr_t)w.device + 300000, in, sizeof(in));
	CHECK_EQ(engine.writes, 1);	/* whole, its ends differing */
	CHECK(memcmp(w.alias + 300000, in, sizeof(in)) == 0);
	memcpy(pair.client + 300000, in, sizeof(in));
	CHECK_EQ(pull_all(&pair, 1, &replies), 0);
	CHECK_EQ(engine.reads, 1);
	CHECK_EQ(engine.read_bytes, BLOCK_HASH_BYTES);
	engine_reset();
	CHECK_EQ(pull_all(&pair, 1, &replies), 0);
	CHECK_EQ(engine.reads, 0);

	/* Rewritten whole: sent over several replies, hashed once. */
	engine_reset();
	memset(w.alias, 0x3c, size);
	CHECK_EQ(pull_all(&pair, 1, &replies), size);
	CHECK(replies > 1);
	CHECK_EQ(engine.launches, 1);
	CHECK(memcmp(pair.client, w.alias, size) == 0);
	/* Each piece once, but for the one read ahead when a reply fills. */
	CHECK(engine.read_bytes <= size + replies * MANAGED_COPY_PIECE);
	engine_reset();
	CHECK_EQ(pull_all(&pair, 1, &replies), 0);
	CHECK_EQ(engine.reads, 0);

	/* A stream of the client's still busy (its kernel may hold every
	 * multiprocessor, and a copy of managed memory waited for it on the
	 * H200): no hashing kernel, no copy, the CPU reads, still right. */
	engine_reset();
	engine.client_busy = true;
	window_cpu(&w, true);
	w.alias[size / 5] = 4;
	CHECK_EQ(pull_all(&pair, 1, &replies), 1);
	CHECK_EQ(engine.launches, 0);
	CHECK_EQ(engine.reads, 0);
	CHECK(memcmp(pair.client, w.alias, size) == 0);
	/* Nor the kernel's load and check, in a context that has yet to
	 * load it: that kernel would wait as well. */
	engine_reset();
	engine.client_busy = true;
	engine.current = other;
	w.alias[size / 6] = 5;
	CHECK_EQ(pull_all(&pair, 1, &replies), 1);
	CHECK_EQ(engine.launches, 0);
	CHECK_EQ(engine.reads, 0);
	CHECK(memcmp(pair.client, w.alias, size) == 0);
	window_cpu(&w, false);
	engine.client_busy = false;

	/* In a context whose kernel does not load: all read, still right. */
	engine_reset();
	engine.current = other;
	engine.no_kernel = true;
	w.alias[size / 3] = 6;
	CHECK_EQ(pull_all(&pair, 1, &replies), 1);
	CHECK_EQ(engine.read_bytes, size);
	CHECK(memcmp(pair.client, w.alias, size) == 0);
	managed_hash_context_gone(other);

	/* A kernel whose hashes are not the CPU's fails its check. */
	engine_reset();
	engine.current = other;
	engine.wrong_hashes = true;
	w.alias[size / 4] = 8;
	CHECK_EQ(pull_all(&pair, 1, &replies), 1);
	CHECK_EQ(engine.read_bytes, size);
	CHECK_EQ(engine.launches, 1);	/* the check's, not the pull's */
	CHECK(memcmp(pair.client, w.alias, size) == 0);
	managed_hash_context_gone(other);
	managed_copy_context_gone(other);

	mapped_shadow_mirror_gone(w.device);
	window_drop(&w);
	free(pair.client);
}

int main(void)
{
	runs_match_reference();
	pulls_go_round_once();
	managed_through_copies();
	managed_falls_back();
	managed_filtered();
	return unit_report("test_mapped_pull");
}
