/*
 * state.c - the global lock, driver initialisation and the handle registry.
 *
 * Handles are serial numbers handed out in increasing order, so the
 * registry is an array that stays sorted by appending; lookups are binary
 * searches.  A handle is never reused, which lets a stale handle fail
 * cleanly even after its object's memory has been recycled.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fakecuda.h"

/* Above the special stream values 0, 1 and 2, and recognisable in a dump. */
#define FC_HANDLE_BASE	0xfc0000000ULL
#define FC_HANDLE_STEP	16

struct handle_entry {
	uintptr_t handle;
	enum fc_kind kind;
	void *object;
};

static pthread_mutex_t fc_mutex = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;

static struct handle_entry *handles;
static size_t handle_count;
static size_t handle_capacity;
static size_t handle_peak;	/* most handles alive at once */
static uintptr_t next_handle = FC_HANDLE_BASE;

void
fc_lock(void)
{
	pthread_mutex_lock(&fc_mutex);
}

void
fc_unlock(void)
{
	pthread_mutex_unlock(&fc_mutex);
}

CUresult
fc_check_init(void)
{
	return initialized ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult
fc_check_device(CUdevice dev)
{
	if (!initialized)
		return CUDA_ERROR_NOT_INITIALIZED;
	if (dev < 0 || dev >= fc_device_count())
		return CUDA_ERROR_INVALID_DEVICE;
	return CUDA_SUCCESS;
}

uintptr_t
fc_handle_new(enum fc_kind kind, void *object)
{
	if (handle_count == handle_capacity) {
		size_t capacity = handle_capacity ? handle_capacity * 2 : 64;
		struct handle_entry *grown;

		grown = realloc(handles, capacity * sizeof(*grown));
		if (grown == NULL)
			return 0;
		handles = grown;
		handle_capacity = capacity;
	}
	handles[handle_count].handle = next_handle;
	handles[handle_count].kind = kind;
	handles[handle_count].object = object;
	handle_count++;
	if (handle_count > handle_peak)
		handle_peak = handle_count;
	next_handle += FC_HANDLE_STEP;
	return handles[handle_count - 1].handle;
}

static struct handle_entry *
handle_find(uintptr_t handle)
{
	size_t lo = 0, hi = handle_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (handles[mid].handle == handle)
			return &handles[mid];
		if (handles[mid].handle < handle)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void *
fc_handle_lookup(uintptr_t handle, enum fc_kind kind)
{
	struct handle_entry *e = handle_find(handle);

	if (e == NULL || e->kind != kind)
		return NULL;
	return e->object;
}

void
fc_handle_drop(uintptr_t handle)
{
	struct handle_entry *e = handle_find(handle);
	size_t index;

	if (e == NULL)
		return;
	index = (size_t)(e - handles);
	memmove(e, e + 1, (handle_count - index - 1) * sizeof(*e));
	handle_count--;
	if (handle_count == 0) {
		free(handles);
		handles = NULL;
		handle_capacity = 0;
	}
}

/*
 * oncudad forks a process per connection.  Holding the lock across fork()
 * keeps a child from inheriting it locked by a thread it does not have.
 */
static void
lock_before_fork(void)
{
	pthread_mutex_lock(&fc_mutex);
}

static void
unlock_after_fork(void)
{
	pthread_mutex_unlock(&fc_mutex);
}

__attribute__((constructor)) static void
install_fork_handlers(void)
{
	pthread_atfork(lock_before_fork, unlock_after_fork, unlock_after_fork);
}

FC_API CUresult
cuInit(unsigned int Flags)
{
	if (Flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	if (!initialized)
		fc_visible_init();
	/* As the driver: CUDA_VISIBLE_DEVICES may hide every device. */
	initialized = fc_device_count() > 0;
	fc_unlock();
	return initialized ? CUDA_SUCCESS : CUDA_ERROR_NO_DEVICE;
}

FC_API CUresult
cuDriverGetVersion(int *driverVersion)
{
	if (driverVersion == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*driverVersion = FC_DRIVER_VERSION;
	return CUDA_SUCCESS;
}

/*
 * FAKECUDA_HANDLE_PEAK=FILE: each process appends "PID PEAK" to FILE as it
 * exits, PEAK being the most objects (contexts, streams, events, graphs...)
 * it held at once.  Lets a test see objects a server made and never
 * destroyed, which a real driver would keep on the GPU.
 */
__attribute__((destructor)) static void
report_handle_peak(void)
{
	const char *path = getenv("FAKECUDA_HANDLE_PEAK");
	FILE *f;

	if (path == NULL || *path == '\0' || (f = fopen(path, "a")) == NULL)
		return;
	fprintf(f, "%ld %zu\n", (long)getpid(), handle_peak);
	fclose(f);
}
