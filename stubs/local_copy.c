/*
 * local_copy.c -- copies on the same-host path (local.h).
 *
 * A copy from or to shared memory (cuMemAllocHost, cuMemHostAlloc) is one
 * call naming the range; the server's driver copies straight between the
 * shared pages and the GPU, as fast as it would for its own pinned memory.
 *
 * Pageable memory goes through a staging area shared with the server and
 * registered there once, at the first such copy: the client copies a piece
 * in and the server's driver moves it to the GPU (or the reverse), piece
 * after piece, with nothing allocated per call.  Each piece waits for the
 * one before; a pipeline (filling piece k+1 while the GPU takes piece k)
 * would need calls that do not wait for their reply.
 *
 * The server keeps the staging area for the whole session, registered
 * with the driver whatever contexts come and go (svc_local.c); it is
 * addressed as base 0.  Each same-host connection (one per server of
 * ONCUDA_SERVER) has its own, found here by the inode of the connection's
 * socket: a connection made again (as after fork) is a new socket, and a
 * new session whose server has no staging area yet.
 */
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "cuda_rpc.h"
#include "hostmem.h"
#include "local.h"
#include "mapped.h"
#include "route.h"
#include "rpc.h"

/* Bytes staged per call: large enough that the call's cost (~15 us) is small. */
#define STAGING_BYTES (8u << 20)

/* How a copy runs on the server (ONCUDA_LOCAL_HTOD in idl/cuda.x). */
enum copy_how { HOW_SYNC = 0, HOW_ON_STREAM = 1, HOW_ON_STREAM_WAIT = 2 };

/* The staging areas, this process's view; used under the connections' locks. */
struct staging {
	ino_t socket;		/* the connection's socket; 0: a free slot */
	void *memory;
};
static pthread_mutex_t staging_lock = PTHREAD_MUTEX_INITIALIZER;
static struct staging stagings[ROUTE_SERVERS_MAX];
static unsigned next_victim;

static ino_t socket_of(CLIENT *c)
{
	struct stat st;
	int fd;

	if (!clnt_control(c, CLGET_FD, (char *)&fd) || fstat(fd, &st) < 0)
		return 0;
	return st.st_ino;
}

/*
 * c's staging area, made on first use; NULL with *err set when the server
 * would not take it.  Threads holding different connections come here at
 * once, hence the lock; an area is only made under its connection's hold.
 */
static void *staging_of(CLIENT *c, enum clnt_stat *st, int *err)
{
	ino_t socket = socket_of(c);
	struct staging *slot = NULL;
	uint64_t unused;
	void *memory = NULL;
	unsigned i;

	*st = RPC_SUCCESS;
	pthread_mutex_lock(&staging_lock);
	for (i = 0; i < ROUTE_SERVERS_MAX && slot == NULL; i++)
		if (stagings[i].socket == socket && socket != 0)
			slot = &stagings[i];
	pthread_mutex_unlock(&staging_lock);
	if (slot != NULL)
		return slot->memory;
	*st = local_share(c, STAGING_BYTES, ONCUDA_LOCAL_STAGING, &memory,
	    &unused, err);
	if (*st != RPC_SUCCESS || *err != CUDA_SUCCESS)
		return NULL;
	pthread_mutex_lock(&staging_lock);
	/* A full table holds areas of connections gone (made again after a
	 * fork, say): one of them makes room. */
	for (i = 0; i < ROUTE_SERVERS_MAX && slot == NULL; i++)
		if (stagings[i].socket == 0)
			slot = &stagings[i];
	if (slot == NULL) {
		slot = &stagings[next_victim++ % ROUTE_SERVERS_MAX];
		munmap(slot->memory, STAGING_BYTES);
	}
	slot->socket = socket;
	slot->memory = memory;
	pthread_mutex_unlock(&staging_lock);
	return memory;
}

static enum clnt_stat call(CLIENT *c, bool to_device, uint64_t base,
    uint64_t offset, CUdeviceptr dev, size_t len, const struct copy_stream *s,
    enum copy_how how, int *err)
{
	res_none r;
	enum clnt_stat st;

	memset(&r, 0, sizeof r);
	if (to_device)
		st = oncuda_local_htod_13000(base, offset, dev, len, s->handle,
		    how, &r, c);
	else
		st = oncuda_local_dtoh_13000(base, offset, dev, len, s->handle,
		    how, &r, c);
	*err = r.err;
	return st;
}

/* One piece through the staging area. */
static enum clnt_stat staged_piece(CLIENT *c, bool to_device, CUdeviceptr dev,
    char *host, size_t len, const struct copy_stream *s, int *err)
{
	enum copy_how how = s->async ? HOW_ON_STREAM_WAIT : HOW_SYNC;
	enum clnt_stat st;
	char *staging = staging_of(c, &st, err);

	if (staging == NULL)
		return st;
	if (to_device)
		memcpy(staging, host, len);
	st = call(c, to_device, 0, 0, dev, len, s, how, err);
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS && !to_device)
		memcpy(host, staging, len);
	return st;
}

CUresult local_copy(CLIENT *c, bool to_device, CUdeviceptr dev,
    const void *host, size_t count, const struct copy_stream *s)
{
	enum clnt_stat st;
	uint64_t base, offset;
	int err = CUDA_SUCCESS;
	CUresult e;

	st = mapped_push(c, &err);
	if (st != RPC_SUCCESS || err != CUDA_SUCCESS) {
		/* as far as it got */
	} else if (hostmem_shared_range(host, count, &base, &offset)) {
		st = call(c, to_device, base, offset, dev, count, s,
		    s->async ? HOW_ON_STREAM : HOW_SYNC, &err);
	} else {
		for (size_t done = 0; done < count && st == RPC_SUCCESS &&
		    err == CUDA_SUCCESS; done += STAGING_BYTES) {
			size_t len = count - done < STAGING_BYTES ?
			    count - done : STAGING_BYTES;

			st = staged_piece(c, to_device, dev + done,
			    (char *)(uintptr_t)host + done, len, s, &err);
		}
	}
	if (!s->async && st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = mapped_pull(c, &err);
	if ((e = rpc_end(st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}
