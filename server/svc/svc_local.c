/*
 * svc_local.c -- the server's side of the same-host path (issue 4):
 * ONCUDA_LOCAL_WHERE, _OFFER, _REGISTER, _HTOD and _DTOH.
 *
 * Memory is shared by passing a memfd the client made over the session's
 * own unix-domain socket (SCM_RIGHTS).  Why so: the descriptor needs no
 * name, so nothing is left in /dev/shm by a client killed at any moment,
 * and nothing depends on both ends running as the same user.  libtirpc owns
 * the socket and reads it in blocks, so the descriptor may only travel when
 * nothing else is in flight: OFFER replies first, the client (who waits for
 * that reply before sending anything else) then sends one byte carrying the
 * descriptor, and this procedure reads that byte itself before it returns.
 *
 * The server maps only descriptors the client sent, of memfds sealed
 * against shrinking (a file cut short under the mapping would raise SIGBUS
 * here), and a copy reaches only [base, base + size) of memory this client
 * owns: hostmem_mirror_size is the bounds check.  What was shared is page-
 * locked memory of the client like any other (svc_hostmem.c), so session
 * teardown unregisters and unmaps it.
 *
 * The staging area for pageable copies is kept apart, in
 * server/copy/local_staged.c, addressed as base 0 (why: see there).
 *
 * A device address from ONCUDA_LOCAL_HTOD or _DTOH passes the same check as
 * CU_MEMCPY_HTOD's (range_check, ranges.h).  The device alias of shared
 * mapped memory is recorded there by svc_hostmem.c, which owns the memory
 * once it is registered.
 *
 * A pageable copy larger than a slot of the staging area is pipelined:
 * its pieces but the last go through server/copy/local_staged.c.
 *
 * Calls down only: svc_hostmem.c (the client's mirrors), the staging area
 * (server/copy/local_staged.c), the local socket's settings and the
 * session's handles, ranges, limits and log.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cuda.h>

#include "common/boot_id.h"
#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/daemon_facts.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/copy/local_staged.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/svc_local.h"

/* How long OFFER waits for the descriptor after its reply (svc_local.h). */
int local_descriptor_wait_ms = 10000;

/* The memory of the last OFFER, mapped, waiting for its REGISTER. */
static void *offered;
static size_t offered_size;
static bool offered_at_client;	/* mapped at the client's own address */
static CUresult offer_error = CUDA_ERROR_INVALID_VALUE;

static void drop_offer(CUresult why)
{
	if (offered != NULL)
		munmap(offered, offered_size);
	offered = NULL;
	offered_size = 0;
	offer_error = why;
}

bool local_on_unix_socket(int sock)
{
	int domain;
	socklen_t len = sizeof domain;

	return getsockopt(sock, SOL_SOCKET, SO_DOMAIN, &domain, &len) == 0 &&
	    domain == AF_UNIX;
}

bool local_receive_descriptors(int sock, int *fds, unsigned count,
    const char *what)
{
	union {
		char buf[CMSG_SPACE(4 * sizeof(int))];
		struct cmsghdr align;
	} control;
	struct pollfd pfd = { .fd = sock, .events = POLLIN };
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control.buf, .msg_controllen = sizeof control.buf };
	struct cmsghdr *cm;
	unsigned got = 0;
	ssize_t n;

	assert(count >= 1 && count <= 4);
	if (poll(&pfd, 1, local_descriptor_wait_ms) != 1) {
		log_msg(LOG_WARN, "the client offered %s but sent no "
		    "descriptor within %d ms", what, local_descriptor_wait_ms);
		return false;
	}
	do
		n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	for (cm = CMSG_FIRSTHDR(&msg); n == 1 && cm != NULL; cm = CMSG_NXTHDR(&msg, cm)) {
		int *passed = (int *)CMSG_DATA(cm);
		size_t passed_count;

		if (cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS)
			continue;
		passed_count = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < passed_count; i++) {
			if (got < count)
				fds[got] = passed[i];
			else
				close(passed[i]);
			got++;
		}
	}
	if (n != 1 || got != count || (msg.msg_flags & MSG_CTRUNC)) {
		log_msg(LOG_WARN, "the client's message for %s was not one "
		    "byte with %u descriptor%s: refused", what, count,
		    count == 1 ? "" : "s");
		for (unsigned i = 0; i < got && i < count; i++)
			close(fds[i]);
		return false;
	}
	return true;
}

/*
 * Maps fd at exactly at when that is free here (never over our own
 * mappings), so that the program's pointer is one address in both
 * processes; NULL when it is not.
 */
static void *map_descriptor_at(int fd, size_t size, cu_hostptr at)
{
	void *p;

	if (at == 0 || at % (uint64_t)sysconf(_SC_PAGESIZE) != 0 ||
	    at > UINT64_MAX - size)
		return NULL;
	p = mmap((void *)(uintptr_t)at, size, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* Kernels before 4.17 take the flag as a hint only. */
	if ((uintptr_t)p != at) {
		munmap(p, size);
		return NULL;
	}
	return p;
}

/*
 * Maps fd when it is a sealed memfd of at least size bytes, at at when
 * that is free, else anywhere; NULL when it is not such a memfd.
 */
static void *map_descriptor(int fd, size_t size, cu_hostptr at)
{
	struct stat st;
	int seals = fcntl(fd, F_GET_SEALS);
	void *p;

	if (seals < 0 || !(seals & F_SEAL_SHRINK) || fstat(fd, &st) < 0 ||
	    !S_ISREG(st.st_mode) || st.st_size < 0 || (uint64_t)st.st_size < size) {
		log_msg(LOG_WARN, "the client's shared memory is not a memfd of "
		    "%zu bytes sealed against shrinking: refused", size);
		return NULL;
	}
	if ((p = map_descriptor_at(fd, size, at)) != NULL)
		return p;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

/* A malloc'ed copy of the system's boot id (boot_id.h), "" when unknown. */
static char *boot_id(void)
{
	char id[64];

	boot_id_read(id, sizeof id);
	return strdup(id);
}

bool_t oncuda_local_where_svc(res_local_where *r, struct svc_req *rq)
{
	(void)rq;
	r->res_local_where_u.value.socket_path = strdup(daemon_facts_local_socket());
	r->res_local_where_u.value.host_id = boot_id();
	if (r->res_local_where_u.value.socket_path == NULL ||
	    r->res_local_where_u.value.host_id == NULL) {
		free(r->res_local_where_u.value.socket_path);
		free(r->res_local_where_u.value.host_id);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = CUDA_SUCCESS;
	return TRUE;
}

bool_t oncuda_local_offer_svc(cu_size size, cu_hostptr at, res_none *r,
    struct svc_req *rq)
{
	int sock = rq->rq_xprt->xp_fd, fd;

	drop_offer(CUDA_ERROR_INVALID_VALUE);
	if (!local_on_unix_socket(sock)) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	if (size == 0 || size > SIZE_MAX / 2) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = CUDA_SUCCESS;
	/* Our own reply, then the descriptor; FALSE: the dispatcher sends none. */
	if (!svc_sendreply(rq->rq_xprt, (xdrproc_t)xdr_res_none, (char *)r))
		return FALSE;
	if (!local_receive_descriptors(sock, &fd, 1, "shared memory"))
		return FALSE;
	offered = map_descriptor(fd, (size_t)size, at);
	/* The mapping holds the memory; the descriptor is not needed. */
	close(fd);
	if (offered == NULL) {
		offer_error = CUDA_ERROR_INVALID_VALUE;
		return FALSE;
	}
	offered_size = (size_t)size;
	offered_at_client = (uintptr_t)offered == at;
	return FALSE;
}

/* Records the device alias the driver gives shared memory at p. */
static void note_alias(void *p)
{
	CUdeviceptr alias;

	if (cuMemHostGetDevicePointer(&alias, p, 0) == CUDA_SUCCESS)
		(void)hostmem_alias_given((uintptr_t)p, alias);
}

bool_t oncuda_local_register_svc(u_int flags, res_handle *r,
    struct svc_req *rq)
{
	unsigned int register_flags = 0;
	void *p = offered;
	size_t size = offered_size;
	bool at_client = offered_at_client;

	(void)rq;
	if (p == NULL) {
		r->err = offer_error;
		return TRUE;
	}
	offered = NULL;		/* from here on p is this call's */
	drop_offer(CUDA_ERROR_INVALID_VALUE);
	if (flags & ONCUDA_LOCAL_STAGING) {
		r->err = local_area_replace(p, size);
		r->res_handle_u.value = 0;
		return TRUE;
	}
	if (flags & CU_MEMHOSTALLOC_PORTABLE)
		register_flags |= CU_MEMHOSTREGISTER_PORTABLE;
	if (flags & CU_MEMHOSTALLOC_DEVICEMAP)
		register_flags |= CU_MEMHOSTREGISTER_DEVICEMAP;
	/* At the program's own address, kernels of every context may take
	 * the program's pointer, as under unified addressing natively. */
	if (at_client)
		register_flags |= CU_MEMHOSTREGISTER_PORTABLE |
		    CU_MEMHOSTREGISTER_DEVICEMAP;
	if (!memory_take(size, USAGE_PAGE_LOCKED,
	    "page-locked host memory")) {
		munmap(p, size);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemHostRegister(p, size, register_flags);
	if (r->err == CUDA_SUCCESS && !hostmem_adopt_registered(p, size)) {
		cuMemHostUnregister(p);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err != CUDA_SUCCESS) {
		memory_give(size, USAGE_PAGE_LOCKED);
		munmap(p, size);
		return TRUE;
	}
	/* Copies may then name the program's pointer as a device address;
	 * without the range they are refused, which is all a failure costs. */
	if (at_client)
		note_alias(p);
	log_msg(LOG_DEBUG, "shared %zu bytes of page-locked memory at %p", size, p);
	r->res_handle_u.value = (cu_handle)(uintptr_t)p;
	return TRUE;
}

/*
 * The server's address of [offset, offset + size) of shared memory at base
 * (0: the staging area); NULL when outside.
 */
static void *shared_range(cu_hostptr base, cu_size offset, cu_size size)
{
	size_t have;

	if (base == 0)
		return local_area_range(offset, size);
	if (!hostmem_mirror_size(base, &have))
		return NULL;
	if (offset > have || size > have - offset)
		return NULL;
	return (char *)(uintptr_t)base + offset;
}

static CUresult copy_shared(bool to_device, cu_hostptr base, cu_size offset,
    cu_dptr dev, cu_size size, cu_handle stream, local_how how)
{
	CUstream s = (CUstream)(uintptr_t)stream;
	void *host;
	CUresult err;

	/* The last piece of a pipelined copy (local_staged.c) comes after
	 * the others, and the client may touch any slot once it returns. */
	if (base == 0)
		local_staged_drain();
	host = shared_range(base, offset, size);
	/* XDR decodes any integer into an enum: only the three values pass. */
	if (host == NULL || (how != ONCUDA_LOCAL_COPY_SYNC &&
	    how != ONCUDA_LOCAL_COPY_ON_STREAM &&
	    how != ONCUDA_LOCAL_COPY_ON_STREAM_WAIT))
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = range_check(dev, size, 1, to_device ? "cuMemcpyHtoD" :
	    "cuMemcpyDtoH")) != CUDA_SUCCESS)
		return err;
	if (how == ONCUDA_LOCAL_COPY_SYNC)
		return to_device ? cuMemcpyHtoD(dev, host, (size_t)size) :
		    cuMemcpyDtoH(host, dev, (size_t)size);
	/* The program's page-locked memory, shared, lives as long as the
	 * program's allocation, as natively: only the staging area, reused
	 * by the next copy, cannot be captured (capture.h). */
	if ((err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS ||
	    (base == 0 && (err = capture_refuse_host_copy(stream, to_device ?
	    "cuMemcpyHtoDAsync" : "cuMemcpyDtoHAsync")) != CUDA_SUCCESS))
		return err;
	err = to_device ? cuMemcpyHtoDAsync(dev, host, (size_t)size, s) :
	    cuMemcpyDtoHAsync(host, dev, (size_t)size, s);
	if (err == CUDA_SUCCESS && how == ONCUDA_LOCAL_COPY_ON_STREAM_WAIT)
		err = cuStreamSynchronize(s);
	return err;
}

bool_t oncuda_local_htod_svc(cu_hostptr base, cu_size offset,
    cu_dptr dst, cu_size size, cu_handle stream, local_how how, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = copy_shared(true, base, offset, dst, size, stream, how);
	return TRUE;
}

bool_t oncuda_local_dtoh_svc(cu_hostptr base, cu_size offset,
    cu_dptr src, cu_size size, cu_handle stream, local_how how, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = copy_shared(false, base, offset, src, size, stream, how);
	return TRUE;
}

/*
 * The one-way forms: the program's shared page-locked memory only (base 0,
 * the staging area, is reused by the client's next copy, so a copy from
 * it must be waited for); the result becomes the session's deferred
 * error.
 */
static CUresult copy_queued(bool to_device, cu_hostptr base, cu_size offset,
    cu_dptr dev, cu_size size, cu_handle stream)
{
	if (base == 0)
		return CUDA_ERROR_INVALID_VALUE;
	return copy_shared(to_device, base, offset, dev, size, stream,
	    ONCUDA_LOCAL_COPY_ON_STREAM);
}

bool_t oncuda_local_htod_queued_svc(cu_hostptr base, cu_size offset,
    cu_dptr dst, cu_size size, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = copy_queued(true, base, offset, dst, size, stream);
	return TRUE;
}

bool_t oncuda_local_dtoh_queued_svc(cu_hostptr base, cu_size offset,
    cu_dptr src, cu_size size, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = copy_queued(false, base, offset, src, size, stream);
	return TRUE;
}
