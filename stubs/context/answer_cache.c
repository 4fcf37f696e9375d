/*
 * answer_cache.c -- the driver's answers that cannot change (answer_cache.h).
 *
 * The CUDA runtime asks cuDeviceGetAttribute 111 times as it starts, and
 * frameworks ask hundreds of times more, each a round trip to oncudad.
 * Within one session (one server process, one set of devices) these
 * answers are fixed, so the first answer is kept:
 *
 * - cuDriverGetVersion, cuDeviceGetCount, cuDeviceGet, cuDeviceTotalMem;
 * - cuDeviceGetAttribute, except CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, which
 *   an administrator may change with nvidia-smi while the program runs,
 *   and CU_DEVICE_ATTRIBUTE_MPS_ENABLED, which follows the MPS daemon;
 *   attributes this cuda.h does not know are not kept either;
 * - cuFuncGetAttribute of what the compiled code fixes: MAX_THREADS_PER_
 *   BLOCK, SHARED_SIZE, CONST_SIZE, LOCAL_SIZE, NUM_REGS, PTX_VERSION,
 *   BINARY_VERSION, CACHE_MODE_CA.  The others can be set with
 *   cuFuncSetAttribute and are always asked;
 * - the occupancy calls without a callback, keyed by all their arguments;
 * - cuKernelGetFunction: a kernel's function in the current context, which
 *   the driver gives back the same each time (PyTorch asks per launch of
 *   some kernels);
 * - what a context is: its device (cuCtxGetDevice, cuCtxGetDevice_v2) and
 *   its unique ID (cuCtxGetId), keyed by the context (a NULL context is the
 *   calling thread's current one).  The CUDA runtime asks the device on
 *   every cudaGetDevice, which PyTorch calls hundreds of times a step;
 * - cuDevicePrimaryCtxGetState (flags and whether active).  A session's
 *   primary contexts belong to its server process and change only by this
 *   client's calls: retain, release, reset (context.c tells the cache) and
 *   cuDevicePrimaryCtxSetFlags (the cache marker of its Glue: line).
 *
 * A CUkernel passed as a CUfunction answers for the current context's
 * device, so function and occupancy answers are keyed by the calling
 * thread's context too.  Occupancy depends on settings a program can
 * change (dynamic shared memory limit, carveout, cache configuration) of a
 * function or of the CUkernel it came from, which the client cannot tell
 * apart: any successful cuFuncSetAttribute, cuFuncSetCacheConfig or
 * cuKernelSetAttribute forgets every occupancy answer.  Unloading a module
 * or library forgets every function answer, since the handles may come
 * back for other functions; a context that goes away, or a primary context
 * retained, released or reset, forgets those and the context answers.
 * Only successes are kept.
 *
 * An answer is kept only if nothing was forgotten while it was asked
 * (answer_cache_epoch): a thread whose reply predates another thread's
 * release of a context must not store what the release made stale.
 *
 * The table is a fixed open-addressing hash table; when it is three
 * quarters full it is emptied, which bounds its memory (about 400 KiB)
 * whatever a program asks.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "stubs/context/answer_cache.h"
#include "stubs/route/ctxstack.h"
#include "gen/cuda_names.h"

#define SLOTS 8192		/* a power of two */

struct answer {
	unsigned int proc;	/* 0: empty slot */
	unsigned int n;
	uint64_t key[ANSWER_KEY_MAX + 1];	/* + the context, where it counts */
	uint64_t value;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct answer *table;	/* SLOTS, made on first use */
static unsigned int used;
static uint64_t epoch;		/* advanced by every forgetting */

static bool per_function(unsigned int proc)
{
	switch (proc) {
	case CU_KERNEL_GET_FUNCTION:
	case CU_FUNC_GET_ATTRIBUTE:
	case CU_OCCUPANCY_MAX_ACTIVE_BLOCKS:
	case CU_OCCUPANCY_MAX_ACTIVE_BLOCKS_WITH_FLAGS:
	case CU_OCCUPANCY_AVAILABLE_DYNAMIC_SMEM:
		return true;
	}
	return false;
}

static bool is_occupancy(unsigned int proc)
{
	return per_function(proc) && proc != CU_FUNC_GET_ATTRIBUTE &&
	    proc != CU_KERNEL_GET_FUNCTION;
}

/* Answers about a context, keyed by it (the first word; 0: the current one). */
static bool per_context(unsigned int proc)
{
	return proc == CU_CTX_GET_DEVICE || proc == CU_CTX_GET_DEVICE_V2 ||
	    proc == CU_CTX_GET_ID;
}

static bool is_primary_state(unsigned int proc)
{
	return proc == CU_DEVICE_PRIMARY_CTX_GET_STATE;
}

static bool about_contexts(unsigned int proc)
{
	return per_function(proc) || per_context(proc) || is_primary_state(proc);
}

/* Whether proc's answer for these arguments (attribute first) is fixed. */
static bool keepable(unsigned int proc, const uint64_t *key, unsigned int n)
{
	if (n == 0 || n > ANSWER_KEY_MAX)
		return false;
	switch (proc) {
	case CU_DRIVER_GET_VERSION:
	case CU_DEVICE_GET_COUNT:
	case CU_DEVICE_GET:
	case CU_DEVICE_TOTAL_MEM:
		return true;
	case CU_DEVICE_GET_ATTRIBUTE:
		return key[0] < CU_DEVICE_ATTRIBUTE_MAX &&
		    key[0] != CU_DEVICE_ATTRIBUTE_COMPUTE_MODE &&
		    key[0] != CU_DEVICE_ATTRIBUTE_MPS_ENABLED;
	case CU_FUNC_GET_ATTRIBUTE:
		return key[0] <= CU_FUNC_ATTRIBUTE_CACHE_MODE_CA;
	}
	return is_occupancy(proc) || per_context(proc) ||
	    is_primary_state(proc) || proc == CU_KERNEL_GET_FUNCTION;
}

static void empty_in_child(void)
{
	pthread_mutex_init(&lock, NULL);
	if (table != NULL)
		memset(table, 0, SLOTS * sizeof(*table));
	used = 0;
	epoch = 0;
}

static void fork_prepare(void) { pthread_mutex_lock(&lock); }
static void fork_parent(void) { pthread_mutex_unlock(&lock); }

static void setup(void)
{
	pthread_atfork(fork_prepare, fork_parent, empty_in_child);
}

/*
 * The whole key: the arguments, and the context for function answers, or
 * in place of a NULL context for context answers.  0: nothing to key by
 * (no current context), so nothing is kept or found.
 */
static unsigned int full_key(unsigned int proc, const uint64_t *key,
    unsigned int n, uint64_t *out)
{
	memcpy(out, key, n * sizeof(*key));
	if (per_function(proc))
		out[n++] = (uint64_t)(uintptr_t)ctxstack_current();
	if (per_context(proc) && out[0] == 0 &&
	    (out[0] = (uint64_t)(uintptr_t)ctxstack_current()) == 0)
		return 0;
	return n;
}

static unsigned int hash(unsigned int proc, const uint64_t *key, unsigned int n)
{
	uint64_t h = 1469598103934665603ULL ^ proc;

	for (unsigned int i = 0; i < n; i++)
		h = (h ^ key[i]) * 1099511628211ULL;
	return (unsigned int)(h ^ (h >> 32)) & (SLOTS - 1);
}

/* The slot holding the key, or the empty one where it would go; locked. */
static struct answer *slot_of(unsigned int proc, const uint64_t *key,
    unsigned int n)
{
	unsigned int i = hash(proc, key, n);

	for (;; i = (i + 1) & (SLOTS - 1)) {
		struct answer *a = &table[i];

		if (a->proc == 0 || (a->proc == proc && a->n == n &&
		    memcmp(a->key, key, n * sizeof(*key)) == 0))
			return a;
	}
}

bool answer_cache_get(unsigned int proc, const uint64_t *key, unsigned int n,
    uint64_t *value)
{
	uint64_t whole[ANSWER_KEY_MAX + 1];
	struct answer *a;
	bool found = false;

	if (n > ANSWER_KEY_MAX || !keepable(proc, key, n))
		return false;
	if ((n = full_key(proc, key, n, whole)) == 0)
		return false;
	pthread_mutex_lock(&lock);
	if (table != NULL && (a = slot_of(proc, whole, n))->proc != 0) {
		*value = a->value;
		found = true;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

uint64_t answer_cache_epoch(void)
{
	uint64_t e;

	pthread_mutex_lock(&lock);
	e = epoch;
	pthread_mutex_unlock(&lock);
	return e;
}

void answer_cache_put(unsigned int proc, const uint64_t *key, unsigned int n,
    uint64_t value, uint64_t asked_at)
{
	uint64_t whole[ANSWER_KEY_MAX + 1];
	struct answer *a;

	if (n > ANSWER_KEY_MAX || !keepable(proc, key, n))
		return;
	pthread_once(&once, setup);
	if ((n = full_key(proc, key, n, whole)) == 0)
		return;
	pthread_mutex_lock(&lock);
	if (epoch != asked_at) {
		pthread_mutex_unlock(&lock);
		return;		/* something was forgotten meanwhile */
	}
	if (table == NULL)
		table = calloc(SLOTS, sizeof(*table));
	if (table != NULL) {
		if (used >= SLOTS / 4 * 3) {
			memset(table, 0, SLOTS * sizeof(*table));
			used = 0;
		}
		if ((a = slot_of(proc, whole, n))->proc == 0) {
			a->proc = proc;
			a->n = n;
			memcpy(a->key, whole, n * sizeof(*whole));
			used++;
		}
		a->value = value;
	}
	pthread_mutex_unlock(&lock);
}

/*
 * Forgets the answers of the procedures `forget` names, by rebuilding the
 * table from the others, as open addressing wants.  Locked.
 */
static void forget_where(bool (*forget)(unsigned int proc))
{
	struct answer *old = table;

	epoch++;
	if (old == NULL)
		return;
	if ((table = calloc(SLOTS, sizeof(*table))) == NULL) {
		table = old;
		memset(table, 0, SLOTS * sizeof(*table));
		used = 0;
		return;
	}
	used = 0;
	for (unsigned int i = 0; i < SLOTS; i++) {
		if (old[i].proc == 0 || forget(old[i].proc))
			continue;
		*slot_of(old[i].proc, old[i].key, old[i].n) = old[i];
		used++;
	}
	free(old);
}

void answer_cache_changed(unsigned int proc, const uint64_t *key,
    unsigned int n)
{
	(void)key;
	(void)n;
	pthread_mutex_lock(&lock);
	forget_where(proc == CU_DEVICE_PRIMARY_CTX_SET_FLAGS ?
	    is_primary_state : is_occupancy);
	pthread_mutex_unlock(&lock);
}

void answer_cache_forget_functions(void)
{
	pthread_mutex_lock(&lock);
	forget_where(per_function);
	pthread_mutex_unlock(&lock);
}

void answer_cache_forget_contexts(void)
{
	pthread_mutex_lock(&lock);
	forget_where(about_contexts);
	pthread_mutex_unlock(&lock);
}
