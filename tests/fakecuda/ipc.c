/*
 * ipc.c - IPC memory and event handles between stand-in processes.
 *
 * Device memory is anonymous private memory of one process, which no
 * other can see.  Exporting an allocation moves its pages into a memfd
 * mapped MAP_SHARED at the same address, so the exporter goes on using it
 * unchanged; the handle names the exporter's pid and the descriptor, and
 * another process of the same user opens /proc/PID/fd/FD and maps it: the
 * two then share the bytes as two processes share a GPU allocation.  The
 * descriptor stays open until the exporter exits; a handle whose exporter
 * is gone cannot be opened.  Events complete at once in the stand-in, so
 * an opened event is a new interprocess event of the opener's.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fakecuda.h"

#define MEM_MAGIC   0x4d435046u	/* "FPCM" */
#define EVENT_MAGIC 0x45435046u	/* "FPCE" */
#define OPEN_WINDOW 0x580000000000ULL	/* far from the heap, as alloc_table.c's */

struct wire {
	uint32_t magic;
	int32_t pid;
	int32_t fd;
	uint64_t mapped;
};

/* Allocations this process exported, and memory it opened. */
static struct shared {
	uintptr_t base;
	size_t mapped;
	int fd;
	bool opened;		/* else exported */
	struct shared *next;
} *shared;

static struct shared *
find(uintptr_t base, bool opened)
{
	for (struct shared *s = shared; s != NULL; s = s->next)
		if (s->base == base && s->opened == opened)
			return s;
	return NULL;
}

/* Moves a's pages into a memfd mapped at the same address. */
static CUresult
export_alloc(struct fc_alloc *a, int *fd_out)
{
	struct shared *s = find(a->base, false);
	void *copy;
	int fd;

	if (s != NULL) {
		*fd_out = s->fd;
		return CUDA_SUCCESS;
	}
	if ((s = calloc(1, sizeof *s)) == NULL ||
	    (fd = memfd_create("fakecuda-ipc", MFD_CLOEXEC)) < 0) {
		free(s);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	copy = MAP_FAILED;
	if (ftruncate(fd, (off_t)a->mapped) == 0)
		copy = mmap(NULL, a->mapped, PROT_READ | PROT_WRITE, MAP_SHARED,
		    fd, 0);
	if (copy == MAP_FAILED) {
		close(fd);
		free(s);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	memcpy(copy, (void *)a->base, a->size);
	munmap(copy, a->mapped);
	if (mmap((void *)a->base, a->mapped, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
		close(fd);
		free(s);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	s->base = a->base;
	s->mapped = a->mapped;
	s->fd = fd;
	s->next = shared;
	shared = s;
	*fd_out = fd;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuIpcGetMemHandle(CUipcMemHandle *pHandle, CUdeviceptr dptr)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	struct wire w = { MEM_MAGIC, (int32_t)getpid(), -1, 0 };
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && (pHandle == NULL ||
	    (a = fc_alloc_find((uintptr_t)dptr)) == NULL ||
	    a->kind != FC_MEM_DEVICE))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = export_alloc(a, &w.fd);
	if (rc == CUDA_SUCCESS) {
		w.mapped = a->mapped;
		memset(pHandle, 0, sizeof *pHandle);
		memcpy(pHandle->reserved, &w, sizeof w);
	}
	fc_unlock();
	return rc;
}

/* Maps the exporter's memory; MAP_FAILED when it cannot. */
static void *
open_shared(const struct wire *w)
{
	static uintptr_t next = OPEN_WINDOW;
	char path[64];
	void *p;
	int fd;

	snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)w->pid, (int)w->fd);
	if ((fd = open(path, O_RDWR | O_CLOEXEC)) < 0)
		return MAP_FAILED;
	p = mmap((void *)next, w->mapped, PROT_READ | PROT_WRITE, MAP_SHARED,
	    fd, 0);
	close(fd);
	if (p != MAP_FAILED)
		next = (uintptr_t)p + w->mapped;
	return p;
}

FC_API CUresult
cuIpcOpenMemHandle_v2(CUdeviceptr *pdptr, CUipcMemHandle handle,
    unsigned int Flags)
{
	struct fc_context *ctx;
	struct shared *s = NULL;
	struct fc_alloc *a;
	struct wire w;
	void *p = MAP_FAILED;
	CUresult rc;

	memcpy(&w, handle.reserved, sizeof w);
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && (pdptr == NULL || w.magic != MEM_MAGIC ||
	    (Flags & ~(unsigned)CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS) ||
	    w.mapped == 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	/* The driver refuses a process its own handles. */
	if (rc == CUDA_SUCCESS && w.pid == (int32_t)getpid())
		rc = CUDA_ERROR_INVALID_CONTEXT;
	if (rc == CUDA_SUCCESS && ((s = calloc(1, sizeof *s)) == NULL ||
	    (p = open_shared(&w)) == MAP_FAILED))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_alloc_register(ctx, p, w.mapped, 0);
	if (rc == CUDA_SUCCESS) {
		/* Device memory, not charged here: the exporter's. */
		a = fc_alloc_find((uintptr_t)p);
		a->kind = FC_MEM_VMM_MAPPING;
		s->base = (uintptr_t)p;
		s->mapped = w.mapped;
		s->fd = -1;
		s->opened = true;
		s->next = shared;
		shared = s;
		*pdptr = (CUdeviceptr)(uintptr_t)p;
	} else {
		if (p != MAP_FAILED)
			munmap(p, w.mapped);
		free(s);
	}
	fc_unlock();
	return rc;
}

#undef cuIpcOpenMemHandle
FC_API CUresult cuIpcOpenMemHandle(CUdeviceptr *pdptr, CUipcMemHandle handle,
    unsigned int Flags);

FC_API CUresult
cuIpcOpenMemHandle(CUdeviceptr *pdptr, CUipcMemHandle handle,
    unsigned int Flags)
{
	return cuIpcOpenMemHandle_v2(pdptr, handle, Flags);
}

FC_API CUresult
cuIpcCloseMemHandle(CUdeviceptr dptr)
{
	struct shared **at = &shared, *s;
	struct fc_alloc *a;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	while (*at != NULL && !((*at)->base == (uintptr_t)dptr && (*at)->opened))
		at = &(*at)->next;
	if ((s = *at) == NULL) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		*at = s->next;
		if ((a = fc_alloc_find(s->base)) != NULL && a->base == s->base)
			fc_alloc_destroy(a);
		munmap((void *)s->base, s->mapped);
		free(s);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuIpcGetEventHandle(CUipcEventHandle *pHandle, CUevent event)
{
	struct wire w = { EVENT_MAGIC, (int32_t)getpid(), -1, 0 };
	CUresult rc = cuEventQuery(event);

	if (rc == CUDA_ERROR_NOT_READY)
		rc = CUDA_SUCCESS;
	if (rc == CUDA_SUCCESS && pHandle == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		w.mapped = (uint64_t)(uintptr_t)event;
		memset(pHandle, 0, sizeof *pHandle);
		memcpy(pHandle->reserved, &w, sizeof w);
	}
	return rc;
}

FC_API CUresult
cuIpcOpenEventHandle(CUevent *phEvent, CUipcEventHandle handle)
{
	struct wire w;

	memcpy(&w, handle.reserved, sizeof w);
	if (phEvent == NULL || w.magic != EVENT_MAGIC)
		return CUDA_ERROR_INVALID_VALUE;
	if (w.pid == (int32_t)getpid())
		return CUDA_ERROR_INVALID_CONTEXT;
	return cuEventCreate(phEvent, CU_EVENT_INTERPROCESS |
	    CU_EVENT_DISABLE_TIMING);
}
