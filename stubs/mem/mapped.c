/*
 * mapped.c -- mapped page-locked host memory, kept coherent at the points
 * where CUDA promises coherence.
 *
 * The problem.  A mapped buffer is one memory to CUDA: the program writes
 * it, a kernel reads it through a device address, and the other way round.
 * Here it is two: the program's copy (client memory) and the server's
 * page-locked mirror, which is what the device address reaches.  Nothing
 * tells us when either side writes, so the copies are reconciled at the
 * moments CUDA makes promises about what each side sees (idl/cuda.x lists
 * them): before work is queued, the GPU must see what the program wrote
 * (mapped_push); after a call that guarantees completed work, the program
 * must see what the GPU wrote (mapped_pull).  Between those points CUDA
 * promises nothing, and a program that looks anyway sees stale bytes here
 * where it would see a race on a GPU.
 *
 * Shadows.  Sending whole buffers both ways would be wrong, not just slow:
 * a push of bytes the program never touched would overwrite what an
 * earlier kernel wrote and we have not fetched yet, and a pull would undo
 * what the program wrote since the last push.  So each side keeps a shadow
 * of every tracked buffer: the bytes both sides last agreed on.  A push
 * sends the bytes where the program's copy differs from the shadow; a pull
 * returns the bytes where the mirror differs from the server's shadow.
 * Both shadows then take the new bytes, so they stay equal.  Applying a
 * run, a side changes only the bytes that differ from its shadow, and the
 * client keeps a byte the program changed and has not yet sent (the GPU
 * changing the same byte in the meantime would be a race in CUDA too).
 * That rule lets runs span short equal gaps (mapped_diff.h).
 *
 * Which buffers.  A kernel can reach a mirror only through a device
 * address the server handed out; the program's own pointer, valid in
 * kernels under unified addressing, is meaningless on the server (a
 * limitation the README states).  So a buffer is tracked from the moment
 * the client hands out its device address (hostmem.c), whether or not it
 * was allocated with CU_MEMHOSTALLOC_DEVICEMAP, and never before: until
 * then nothing but the program can have written either copy.  Tracking
 * starts from zero on both sides (CU_MAPPED_TRACK zeroes the mirror, which
 * nothing can have written), and is announced lazily by the first push,
 * which always comes before any work that could use the address.
 *
 * Not covered: a copy whose host side is a tracked buffer reads or writes
 * the program's copy at the call, so a synchronous copy from it does not
 * see what queued kernels have yet to write there (the README says so).
 * Turning such a copy into one from the device address would fix that.
 *
 * Managed memory (managed.c) is tracked the same way, from its birth, at
 * one address on both sides, with two differences (idl/cuda.x, managed
 * memory): a push compares only the pages the program wrote since the
 * last one (dirty_pages.h) instead of whole buffers, and a pull applying
 * the GPU's bytes opens the write-protected pages for the time it writes.
 *
 * Skipped pulls.  A pull after a synchronizing call finds nothing when no
 * work can have run since the last pull.  Each push (every queued work
 * comes after one) notes the context it was made in as busy; a pull made
 * by a call that waited for all of its context's work (mapped_pull_settled,
 * cuCtxSynchronize) notes that context idle once it has pulled.  A pull is
 * skipped when no context of its server is busy.  Stream and event waits
 * leave other streams' work running, so they never mark a context idle.
 *
 * Cost, with tracked buffers of B bytes in all (none: nothing at all):
 * memory, B more here and B more on the server for the shadows; each
 * queued launch, copy or memset compares B bytes and makes a call only
 * when the program changed something; each synchronizing call makes one
 * more round trip, in which the server compares B bytes (of managed
 * memory, only the 64 KiB blocks whose hash its GPU found changed:
 * server/svc/svc_mapped.c), and the changed bytes travel once.  Measured over loopback with the CPU stand-in and
 * one 1 MiB buffer: cuCtxSynchronize 42 us without it, 110 us with it
 * unchanged; an asynchronous memset 77 us with it unchanged; 1.7 ms when
 * the program rewrote all of it first, or a kernel did.  For managed
 * buffers the client compares only written pages (above); mapped buffers
 * are not write-protected, being page-locked memory that programs often
 * fill by system calls (read(2) into a staging buffer), which would fail
 * with EFAULT on a protected page.
 *
 * Pageable memory.  A graph's memcpy node or a captured copy may name the
 * program's pageable memory (idl/cuda.x, memcpy_node); host_mirror.c has
 * the server make a mirror for its bytes and tracks the pair here from
 * then on, with two differences: such a buffer is skipped while the
 * program has its pages unmapped (it may free the memory once no graph
 * that could read it is launched again: read, it would fault), and after
 * a context died (context.h) the server is asked which of them are gone
 * with their context (CU_HOST_MIRRORS_ALIVE) before the next push or pull
 * on its connection; those are forgotten.  Two such buffers may cover the
 * same bytes of the program's: each keeps its own shadow, so each gets
 * the program's changes and gives back the GPU's.
 *
 * Downloads.  An asynchronous download into page-locked memory lands in
 * the mirror first (downloads.h).  Every pull lands those complete before
 * it compares, and compares even when no context is known busy once one
 * landed: the landed bytes are the mirror's, so both shadows then take
 * them and the program's later stores are changes from them.  A buffer
 * that starts to be tracked has its mirror set to zeros, so downloads
 * pending into it land before (announce), and the push sends them.
 *
 * A child after fork() starts with nothing tracked: its session is new.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/context/context.h"
#include "stubs/mem/dirty_pages.h"
#include "stubs/mem/downloads.h"
#include "stubs/mem/mapped.h"
#include "common/huge_pages.h"
#include "common/mapped_diff.h"
#include "common/xdrproc.h"
#include "stubs/route/call.h"
#include "stubs/wire/rpc.h"

/* What one push or pull message carries at most. */
#define MESSAGE_BYTES ONCUDA_CHUNK_DEFAULT
#define MESSAGE_RUNS ONCUDA_MAPPED_RUNS_MAX

struct tracked {
	unsigned char *client;	/* the program's copy */
	uint64_t server;	/* the mirror */
	size_t size;
	unsigned char *shadow;	/* what both sides last agreed on */
	bool announced;		/* the server tracks it too */
	bool paged;		/* written pages are watched (dirty_pages.h) */
	bool pageable;		/* the program's pageable memory (host_mirror.c) */
	uint64_t id;		/* a pageable one's number (CU_HOST_MIRROR_ALLOC) */
	uint64_t deaths_seen;	/* context_deaths() when it was last known alive */
	unsigned link;		/* the server of the mirror (rpc.h) */
	struct tracked *next;
};

/*
 * Every server's buffers, in one list: a push or pull on a connection
 * deals with that server's only.  buffers_lock guards the list (the
 * connections' locks do not: two threads may each hold one) and is held
 * across a whole push or pull, for their message buffer too.
 */
static pthread_mutex_t buffers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tracked *buffers;
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

/*
 * The contexts with work queued since they were last known idle (see
 * "Skipped pulls"); past BUSY_MAX of them, every pull is made.  Guarded by
 * buffers_lock.
 */
#define BUSY_MAX 16
static struct busy {
	unsigned link;
	cu_handle ctx;
} busy[BUSY_MAX];
static unsigned busy_count;
static bool busy_overflow;

/* The child's session knows no mirrors; the records are its heap's to free. */
static void forget_all_in_child(void)
{
	while (buffers != NULL) {
		struct tracked *t = buffers;

		buffers = t->next;
		free(t->shadow);
		free(t);
	}
	busy_count = 0;
	busy_overflow = false;
	dirty_pages_forget_all();
}

static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, forget_all_in_child);
}

static struct tracked *find_pair(const void *client, uint64_t server)
{
	struct tracked *t;

	for (t = buffers; t != NULL; t = t->next)
		if (t->client == client && t->server == server)
			return t;
	return NULL;
}

/* Adds a tracked buffer; with buffers_lock held.  false: out of memory. */
static bool add(void *client, uint64_t server, size_t size, bool paged)
{
	struct tracked *t;

	if ((t = calloc(1, sizeof(*t))) == NULL)
		return false;
	if ((t->shadow = calloc(1, size)) == NULL) {
		free(t);
		return false;
	}
	/* A managed buffer's shadow takes its bytes whole at the first
	 * push: in huge pages, a fault each 2 MiB (huge_pages.h). */
	if (paged)
		(void)huge_pages_advise(t->shadow, size, false);
	t->client = client;
	t->server = server;
	t->size = size;
	t->link = rpc_held_server();
	/* A managed allocation's server made its shadow with the memory
	 * (CU_MEM_ALLOC_MANAGED); a mirror is announced by the first push. */
	t->announced = paged;
	t->paged = paged;
	t->next = buffers;
	buffers = t;
	return true;
}

bool mapped_track(void *client, uint64_t server, size_t size)
{
	bool ok = true;

	pthread_once(&fork_once, register_fork_handler);
	pthread_mutex_lock(&buffers_lock);
	if (find_pair(client, server) == NULL)
		ok = add(client, server, size, false);
	pthread_mutex_unlock(&buffers_lock);
	return ok;
}

bool mapped_track_pageable(void *client, uint64_t server, size_t size,
    uint64_t id)
{
	bool ok = true;

	pthread_once(&fork_once, register_fork_handler);
	pthread_mutex_lock(&buffers_lock);
	if (find_pair(client, server) == NULL &&
	    (ok = add(client, server, size, false))) {
		buffers->pageable = true;
		buffers->id = id;
		buffers->deaths_seen = context_deaths();
	}
	pthread_mutex_unlock(&buffers_lock);
	return ok;
}

bool mapped_tracks(unsigned link, uint64_t server)
{
	bool found = false;

	pthread_mutex_lock(&buffers_lock);
	for (struct tracked *t = buffers; t != NULL && !found; t = t->next)
		found = t->link == link && t->server == server;
	pthread_mutex_unlock(&buffers_lock);
	return found;
}

/* Whether t is a pageable buffer of link not known alive since deaths. */
static bool to_check(const struct tracked *t, unsigned link, uint64_t deaths)
{
	return t->pageable && t->link == link && t->deaths_seen != deaths;
}

/*
 * Asks about up to ONCUDA_HOST_MIRRORS_MAX of link's pageable buffers not
 * known alive since deaths, and forgets those gone; *more: others are left
 * to ask about.  With buffers_lock.
 */
static enum clnt_stat check_some(CLIENT *c, unsigned link, uint64_t deaths,
    bool *more, int *err)
{
	static host_mirror_ref refs[ONCUDA_HOST_MIRRORS_MAX];	/* buffers_lock */
	struct tracked **at, *t;
	host_mirror_refs list = { 0, refs };
	enum clnt_stat st;
	res_alive r;
	u_int i = 0;

	*more = false;
	for (t = buffers; t != NULL; t = t->next) {
		if (!to_check(t, link, deaths))
			continue;
		if (list.host_mirror_refs_len == ONCUDA_HOST_MIRRORS_MAX) {
			*more = true;
			break;
		}
		refs[list.host_mirror_refs_len].host = t->server;
		refs[list.host_mirror_refs_len++].id = t->id;
	}
	if (list.host_mirror_refs_len == 0)
		return RPC_SUCCESS;
	memset(&r, 0, sizeof(r));
	if ((st = cu_host_mirrors_alive(list, &r, c)) != RPC_SUCCESS)
		return st;
	if (r.err != CUDA_SUCCESS ||
	    r.res_alive_u.alive.alive_len != list.host_mirror_refs_len) {
		*err = r.err != CUDA_SUCCESS ? r.err : CUDA_ERROR_UNKNOWN;
		xdr_free(XDRPROC(xdr_res_alive), (char *)&r);
		return RPC_SUCCESS;
	}
	/* The buffers to check come in the order they were asked about. */
	for (at = &buffers; (t = *at) != NULL && i < list.host_mirror_refs_len;) {
		if (!to_check(t, link, deaths)) {
			at = &t->next;
			continue;
		}
		if (r.res_alive_u.alive.alive_val[i++]) {
			t->deaths_seen = deaths;
			at = &t->next;
			continue;
		}
		*at = t->next;
		free(t->shadow);
		free(t);
	}
	xdr_free(XDRPROC(xdr_res_alive), (char *)&r);
	return RPC_SUCCESS;
}

/* After a context death: forgets link's pageable buffers that went with
 * it.  With buffers_lock. */
static enum clnt_stat check_pageable(CLIENT *c, unsigned link, int *err)
{
	uint64_t deaths = context_deaths();
	enum clnt_stat st = RPC_SUCCESS;
	bool more = true;

	while (more && st == RPC_SUCCESS && *err == CUDA_SUCCESS)
		st = check_some(c, link, deaths, &more, err);
	return st;
}

enum clnt_stat mapped_check_pageable(CLIENT *c, int *err)
{
	enum clnt_stat st;

	pthread_mutex_lock(&buffers_lock);
	st = check_pageable(c, rpc_held_server(), err);
	pthread_mutex_unlock(&buffers_lock);
	return st;
}

/* Whether the program still has every page of t mapped. */
static bool still_mapped(const struct tracked *t)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)t->client & ~(page - 1);

	/* msync answers ENOMEM for a range with unmapped pages, and does
	 * nothing to private anonymous memory. */
	return msync((void *)start, (uintptr_t)t->client + t->size - start,
	    MS_ASYNC) == 0;
}

bool mapped_track_paged(void *client, size_t size)
{
	bool ok;

	pthread_once(&fork_once, register_fork_handler);
	pthread_mutex_lock(&buffers_lock);
	ok = add(client, (uint64_t)(uintptr_t)client, size, true);
	pthread_mutex_unlock(&buffers_lock);
	return ok;
}

void mapped_forget(const void *client)
{
	struct tracked **at;

	pthread_mutex_lock(&buffers_lock);
	for (at = &buffers; *at != NULL; at = &(*at)->next) {
		struct tracked *t = *at;

		if (t->client == client && !t->pageable) {
			*at = t->next;
			free(t->shadow);
			free(t);
			break;
		}
	}
	pthread_mutex_unlock(&buffers_lock);
}

/* A refusal of the server's: the program gets its error, and is told once. */
static void note_refusal(const char *what, int err)
{
	static bool said;

	if (!said)
		oncuda_say("oncudad refused to %s mapped host memory (error %d): "
		    "the program and the GPU may see different bytes of it",
		    what, err);
	said = true;
}

static enum clnt_stat announce(CLIENT *c, struct tracked *t, int *err)
{
	enum clnt_stat st;
	bool landed;
	res_none r;

	/* The mirror's bytes become zeros: downloads into it land first
	 * (the push that follows sends them, as the program's). */
	st = downloads_settle(c, t->client, t->size, &landed, err);
	if (st != RPC_SUCCESS || *err != CUDA_SUCCESS)
		return st;
	memset(&r, 0, sizeof(r));
	st = cu_mapped_track(t->server, &r, c);
	if (st == RPC_SUCCESS && r.err != CUDA_SUCCESS) {
		note_refusal("track", r.err);
		*err = r.err;
	}
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		t->announced = true;
	return st;
}

/* Runs gathered for one CU_MAPPED_PUSH. */
struct outgoing {
	mapped_run runs[MESSAGE_RUNS];
	unsigned int count;
	size_t bytes;
};

static enum clnt_stat send_runs(CLIENT *c, struct outgoing *out, int *err)
{
	mapped_runs list = { out->count, out->runs };
	enum clnt_stat st;
	res_none r;

	memset(&r, 0, sizeof(r));
	st = cu_mapped_push(list, &r, c);
	if (st == RPC_SUCCESS && r.err != CUDA_SUCCESS) {
		note_refusal("update", r.err);
		*err = r.err;
	}
	out->count = 0;
	out->bytes = 0;
	return st;
}

/*
 * Adds t's changed bytes in [at, end) to out, sending whenever it is full.
 * The shadow takes each run first and the message carries the shadow's
 * bytes: what was sent is what the shadow says, even if the program writes
 * on meanwhile.
 */
static enum clnt_stat push_range(CLIENT *c, struct tracked *t, size_t at,
    size_t end, struct outgoing *out, int *err)
{
	enum clnt_stat st = RPC_SUCCESS;
	size_t len = 0;

	while (st == RPC_SUCCESS && *err == CUDA_SUCCESS &&
	    (at = mapped_next_run(t->client, t->shadow, end, at,
	    MESSAGE_BYTES - out->bytes, &len)) < end) {
		mapped_run *run = &out->runs[out->count++];

		assert(len <= MESSAGE_BYTES - out->bytes);
		memcpy(t->shadow + at, t->client + at, len);
		run->at = t->server + at;
		run->bytes.bytes_len = (u_int)len;
		run->bytes.bytes_val = (char *)(t->shadow + at);
		out->bytes += len;
		at += len;
		if (out->count == MESSAGE_RUNS || out->bytes == MESSAGE_BYTES)
			st = send_runs(c, out, err);
	}
	return st;
}

/* Adds t's changed bytes to out: of the written pages only, when watched. */
static enum clnt_stat push_buffer(CLIENT *c, struct tracked *t,
    struct outgoing *out, int *err)
{
	enum clnt_stat st = RPC_SUCCESS;
	size_t at = 0, len = 0;

	if (!t->paged)
		return push_range(c, t, 0, t->size, out, err);
	while (st == RPC_SUCCESS && *err == CUDA_SUCCESS &&
	    (at = dirty_pages_take(t->client, t->size, at, &len)) < t->size) {
		st = push_range(c, t, at, at + len, out, err);
		at += len;
	}
	return st;
}

/* Work is about to be queued in the held context. */
static void note_busy(unsigned link)
{
	cu_handle ctx = rpc_held_context();

	for (unsigned i = 0; i < busy_count; i++)
		if (busy[i].link == link && busy[i].ctx == ctx)
			return;
	if (busy_count == BUSY_MAX) {
		busy_overflow = true;
		return;
	}
	busy[busy_count].link = link;
	busy[busy_count++].ctx = ctx;
}

/* All the held context's work is done. */
static void note_idle(unsigned link)
{
	cu_handle ctx = rpc_held_context();

	for (unsigned i = 0; i < busy_count; i++) {
		if (busy[i].link == link && busy[i].ctx == ctx) {
			busy[i] = busy[--busy_count];
			return;
		}
	}
}

static bool any_busy(unsigned link)
{
	if (busy_overflow)
		return true;
	for (unsigned i = 0; i < busy_count; i++)
		if (busy[i].link == link)
			return true;
	return false;
}

enum clnt_stat mapped_push(CLIENT *c, int *err)
{
	static struct outgoing out;	/* big; guarded by buffers_lock */
	enum clnt_stat st = RPC_SUCCESS;
	unsigned link = rpc_held_server();
	struct tracked *t;

	pthread_mutex_lock(&buffers_lock);
	st = check_pageable(c, link, err);
	note_busy(link);
	out.count = 0;
	out.bytes = 0;
	for (t = buffers; t != NULL && st == RPC_SUCCESS &&
	    *err == CUDA_SUCCESS; t = t->next) {
		if (t->link != link || (t->pageable && !still_mapped(t)))
			continue;
		if (!t->announced)
			st = announce(c, t, err);
		if (st == RPC_SUCCESS && *err == CUDA_SUCCESS)
			st = push_buffer(c, t, &out, err);
	}
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS && out.count > 0)
		st = send_runs(c, &out, err);
	pthread_mutex_unlock(&buffers_lock);
	return st;
}

static struct tracked *find_server(unsigned link, uint64_t at, size_t len)
{
	struct tracked *t;

	for (t = buffers; t != NULL; t = t->next)
		if (t->link == link && at >= t->server && at - t->server <= t->size &&
		    len <= t->size - (at - t->server))
			return t;
	return NULL;
}

/* Takes the GPU's bytes, except where the program changed its copy. */
/* Bytes compared at once when a pull's run is applied. */
#define APPLY_BLOCK 4096

static bool apply_run(unsigned link, const mapped_run *run)
{
	const unsigned char *in = (const unsigned char *)run->bytes.bytes_val;
	size_t len = run->bytes.bytes_len;
	struct tracked *t = find_server(link, run->at, len);
	unsigned char *now, *shadow;

	if (t == NULL)
		return false;
	now = t->client + (run->at - t->server);
	shadow = t->shadow + (run->at - t->server);
	if (t->paged)
		dirty_pages_open(now, len);
	for (size_t i = 0; i < len; ) {
		size_t n = len - i < APPLY_BLOCK ? len - i : APPLY_BLOCK;

		/* A block the program left alone takes the GPU's bytes whole. */
		if (memcmp(now + i, shadow + i, n) == 0) {
			memcpy(now + i, in + i, n);
			memcpy(shadow + i, in + i, n);
			i += n;
			continue;
		}
		for (size_t end = i + n; i < end; i++) {
			if (in[i] == shadow[i])
				continue;
			if (now[i] == shadow[i])
				now[i] = in[i];
			shadow[i] = in[i];
		}
	}
	if (t->paged)
		dirty_pages_close(now, len);
	return true;
}

static bool any_announced(unsigned link)
{
	struct tracked *t;

	for (t = buffers; t != NULL; t = t->next)
		if (t->link == link && t->announced)
			return true;
	return false;
}

/* settled: as mapped_pull_settled; fresh: as mapped_pull_fresh. */
static enum clnt_stat pull(CLIENT *c, int *err, bool settled, bool fresh)
{
	enum clnt_stat st = RPC_SUCCESS;
	unsigned link = rpc_held_server();
	bool landed, more;

	/* Downloads into page-locked memory that are complete land first;
	 * their bytes are the mirrors', which the shadows then take. */
	if ((st = downloads_land(c, &landed, err)) != RPC_SUCCESS ||
	    *err != CUDA_SUCCESS)
		return st;
	pthread_mutex_lock(&buffers_lock);
	st = check_pageable(c, link, err);
	more = any_announced(link) && (fresh || landed || any_busy(link));

	while (more && st == RPC_SUCCESS && *err == CUDA_SUCCESS) {
		res_mapped_update r;
		mapped_update *u = &r.res_mapped_update_u.value;

		memset(&r, 0, sizeof(r));
		if ((st = cu_mapped_pull(&r, c)) != RPC_SUCCESS)
			break;
		if (r.err != CUDA_SUCCESS) {
			note_refusal("fetch", r.err);
			*err = r.err;
			break;
		}
		for (u_int i = 0; i < u->runs.mapped_runs_len; i++) {
			if (!apply_run(link, &u->runs.mapped_runs_val[i])) {
				oncuda_say("oncudad sent bytes of mapped memory "
				    "the client does not track; rebuild client "
				    "and server from the same sources");
				*err = CUDA_ERROR_UNKNOWN;
				break;
			}
		}
		more = u->more;
		xdr_free(XDRPROC(xdr_res_mapped_update), (char *)&r);
	}
	if (settled && st == RPC_SUCCESS && *err == CUDA_SUCCESS)
		note_idle(link);
	pthread_mutex_unlock(&buffers_lock);
	return st;
}

enum clnt_stat mapped_pull(CLIENT *c, int *err)
{
	return pull(c, err, false, false);
}

enum clnt_stat mapped_pull_settled(CLIENT *c, int *err)
{
	return pull(c, err, true, false);
}

enum clnt_stat mapped_pull_fresh(CLIENT *c, int *err)
{
	return pull(c, err, false, true);
}

enum clnt_stat mapped_settle(CLIENT *c, const void *p, size_t len, int *err)
{
	enum clnt_stat st;
	bool landed;

	st = downloads_settle(c, p, len, &landed, err);
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS && landed)
		st = pull(c, err, false, true);
	return st;
}
