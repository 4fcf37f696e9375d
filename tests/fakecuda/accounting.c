/*
 * accounting.c - device memory in use, as seen by every process.
 *
 * On a real GPU, memory taken by one process is missing from the free
 * memory every other process sees.  The stand-in imitates that with a small
 * shared-memory file (shm_open of $FAKECUDA_SHM, default /fakecuda-<uid>)
 * holding one slot per process: the owning process adds and subtracts its
 * bytes atomically, and readers sum the slots.  Each slot counts every
 * device apart (FAKECUDA_DEVICES), by the machine's device number.
 *
 * A slot is keyed by process id rather than kept as one global counter so
 * that a process killed without cleaning up (a crashed server, a test that
 * SIGKILLs one) does not leak its bytes forever: readers reclaim slots whose
 * process is gone, as the real driver frees a dead process's memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fakecuda.h"

#define SLOT_COUNT 256

/* pid is 0 when free and -1 while being claimed or reclaimed. */
struct slot {
	_Atomic int pid;
	_Atomic long long bytes[FC_MAX_DEVICES];
};

struct shared_area {
	struct slot slots[SLOT_COUNT];
};

/* Atomics that need a lock would not work between processes. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "int atomics must be lock-free");
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2,
    "long long atomics must be lock-free");

static struct shared_area *area;
static struct shared_area private_area;
static struct slot *own_slot;
static pid_t own_pid;

static struct shared_area *
map_area(const char *name)
{
	struct stat st;
	void *p = MAP_FAILED;
	int fd;

	fd = shm_open(name, O_RDWR | O_CREAT, 0600);
	if (fd < 0)
		return NULL;
	/* Never shrink: another process may already be using the file. */
	if (fstat(fd, &st) == 0 &&
	    (st.st_size >= (off_t)sizeof(struct shared_area) ||
	    ftruncate(fd, sizeof(struct shared_area)) == 0))
		p = mmap(NULL, sizeof(struct shared_area),
		    PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}

static struct shared_area *
get_area(void)
{
	char fallback[64];
	const char *name;

	if (area != NULL)
		return area;
	name = getenv("FAKECUDA_SHM");
	if (name == NULL || *name == '\0') {
		snprintf(fallback, sizeof(fallback), "/fakecuda-%u",
		    (unsigned int)getuid());
		name = fallback;
	}
	area = map_area(name);
	if (area == NULL) {
		fprintf(stderr, "fakecuda: cannot share the device memory "
		    "counter through shared memory \"%s\" (%s); cuMemGetInfo "
		    "will see this process only. Set FAKECUDA_SHM to a name "
		    "like /fakecuda-test that shm_open accepts.\n",
		    name, strerror(errno));
		area = &private_area;
	}
	return area;
}

/*
 * A process killed but not yet reaped by its parent (oncudad's children
 * are, until the parent's SIGCHLD handler runs) has freed its memory
 * already; kill() alone would call it alive.
 */
static bool
process_alive(int pid)
{
	char path[64], stat[256], *end;
	bool alive = true;
	FILE *f;

	if (kill(pid, 0) != 0 && errno != EPERM)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (f == NULL)
		return true;
	/* "pid (comm) state ...", where comm may itself hold ") ". */
	if (fgets(stat, sizeof(stat), f) != NULL &&
	    (end = strrchr(stat, ')')) != NULL && end[1] == ' ')
		alive = end[2] != 'Z' && end[2] != 'X';
	fclose(f);
	return alive;
}

static void
clear_slot(struct slot *s)
{
	for (int d = 0; d < FC_MAX_DEVICES; d++)
		atomic_store(&s->bytes[d], 0);
}

/* Takes slot s if its pid is still `expected`; fills it with our pid. */
static bool
take_slot(struct slot *s, int expected)
{
	if (!atomic_compare_exchange_strong(&s->pid, &expected, -1))
		return false;
	clear_slot(s);
	atomic_store(&s->pid, (int)getpid());
	return true;
}

/*
 * This process's slot.  A child created by fork() inherits the parent's
 * slot pointer, so ownership is checked against the current pid.
 */
static struct slot *
get_own_slot(void)
{
	struct shared_area *a = get_area();
	static bool warned;

	if (own_slot != NULL && own_pid == getpid())
		return own_slot;
	own_slot = NULL;
	for (int pass = 0; pass < 2 && own_slot == NULL; pass++) {
		for (int i = 0; i < SLOT_COUNT; i++) {
			struct slot *s = &a->slots[i];
			int pid = pass == 0 ? 0 : atomic_load(&s->pid);

			if (pass == 1 && (pid <= 0 || process_alive(pid)))
				continue;
			if (take_slot(s, pid)) {
				own_slot = s;
				own_pid = getpid();
				break;
			}
		}
	}
	if (own_slot == NULL && !warned) {
		fprintf(stderr, "fakecuda: all %d memory accounting slots are "
		    "held by live processes; this process's allocations will "
		    "not show in cuMemGetInfo.\n", SLOT_COUNT);
		warned = true;
	}
	return own_slot;
}

size_t
fc_accounting_used(CUdevice dev)
{
	struct shared_area *a = get_area();
	unsigned long long used = 0;
	int physical = fc_physical_device(dev);

	for (int i = 0; i < SLOT_COUNT; i++) {
		struct slot *s = &a->slots[i];
		int pid = atomic_load(&s->pid);
		long long bytes;

		if (pid <= 0)
			continue;
		if (pid != (int)getpid() && !process_alive(pid)) {
			if (atomic_compare_exchange_strong(&s->pid, &pid, -1)) {
				clear_slot(s);
				atomic_store(&s->pid, 0);
			}
			continue;
		}
		/* A forked child may free what it inherited and go negative. */
		bytes = atomic_load(&s->bytes[physical]);
		if (bytes > 0)
			used += (unsigned long long)bytes;
	}
	return used;
}

CUresult
fc_accounting_charge(CUdevice dev, size_t bytes)
{
	struct slot *s = get_own_slot();
	size_t used = fc_accounting_used(dev);

	if (used > FC_TOTAL_MEMORY || bytes > FC_TOTAL_MEMORY - used)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (s != NULL)
		atomic_fetch_add(&s->bytes[fc_physical_device(dev)],
		    (long long)bytes);
	return CUDA_SUCCESS;
}

void
fc_accounting_release(CUdevice dev, size_t bytes)
{
	struct slot *s = get_own_slot();

	if (s != NULL)
		atomic_fetch_sub(&s->bytes[fc_physical_device(dev)],
		    (long long)bytes);
}

/* A process that exits frees its device memory, as with a real GPU. */
__attribute__((destructor)) static void
release_own_slot(void)
{
	if (own_slot != NULL && own_pid == getpid()) {
		clear_slot(own_slot);
		atomic_store(&own_slot->pid, 0);
	}
}
