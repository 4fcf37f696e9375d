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
 *   copy built from the replies then equals the mirrors.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <rpc/rpc.h>

#include "common/mapped_diff.h"
#include "gen/cuda_rpc.h"
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

int main(void)
{
	runs_match_reference();
	pulls_go_round_once();
	return unit_report("test_mapped_pull");
}
