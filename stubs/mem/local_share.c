/*
 * local_share.c -- page-locked memory shared with a server on this host
 * (local_share.h).
 *
 * The memory is a memfd: it has no name, so a client killed at any point
 * leaves nothing behind in /dev/shm, and it can be handed to a server that
 * runs as another user.  It is sealed against resizing before the server
 * sees it, so the server's mapping cannot be cut short under it.  The
 * descriptor travels on the connection's own socket in the pause the
 * protocol makes for it (ONCUDA_LOCAL_OFFER, see idl/cuda.x), and is
 * closed on both sides once mapped: the two mappings keep the memory.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gen/cuda_names.h"
#include "stubs/link/pass_fds.h"
#include "stubs/mem/local_share.h"

/*
 * Offers the memfd fd, mapped here at p, to the server and has it register
 * it: *server is its address there.  RPC_SUCCESS with *err set as the
 * server answered, or the status of the connection's failure.
 */
static enum clnt_stat offer_and_register(CLIENT *c, int fd, void *p,
    size_t size, unsigned int flags, uint64_t *server, int *err)
{
	res_none offer;
	res_handle reg;
	enum clnt_stat st;

	memset(&offer, 0, sizeof offer);
	memset(&reg, 0, sizeof reg);
	st = oncuda_local_offer(size, (uint64_t)(uintptr_t)p, &offer, c);
	*err = st == RPC_SUCCESS ? offer.err : CUDA_ERROR_UNKNOWN;
	/* The server waits for the descriptor only after a successful offer. */
	if (st == RPC_SUCCESS && offer.err == CUDA_SUCCESS) {
		if (!pass_fds(c, &fd, 1))
			st = RPC_CANTSEND;
		else
			st = oncuda_local_register(flags, &reg, c);
		if (st == RPC_SUCCESS)
			*err = reg.err;
	}
	*server = reg.res_handle_u.value;
	return st;
}

/*
 * The server had the program's address *p in use and mapped the memory at
 * server instead, where a kernel cannot take the program's pointer.  Each
 * kernel picks addresses for its own process (and the server's driver
 * reserves large ranges there), so the server's address is seldom in use
 * here: the memory is mapped here at server too, the server lets go of its
 * mapping and is offered the memory again at that address.  Two round
 * trips, only after a failed placement.  On success *p and *server are the
 * one new address; when the move cannot be made they are left as they
 * were, unless the server let go and then could not take the memory again:
 * then *err is its error and nothing is left mapped on its side.
 */
static enum clnt_stat follow_server(CLIENT *c, int fd, size_t size,
    unsigned int flags, void **p, uint64_t *server, int *err)
{
	void *q, *at = (void *)(uintptr_t)*server;
	res_none gone;
	enum clnt_stat st;
	uint64_t again;

	q = mmap(at, size, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	if (q == MAP_FAILED)
		return RPC_SUCCESS;
	if (q != at) {		/* kernels before 4.17 took the flag as a hint */
		munmap(q, size);
		return RPC_SUCCESS;
	}
	memset(&gone, 0, sizeof gone);
	st = cu_mem_host_unregister(*server, &gone, c);
	if (st != RPC_SUCCESS || gone.err != CUDA_SUCCESS) {
		munmap(q, size);
		return st;
	}
	st = offer_and_register(c, fd, q, size, flags, &again, err);
	if (st != RPC_SUCCESS || *err != CUDA_SUCCESS) {
		munmap(q, size);
		return st;
	}
	/* Both mappings are the one memory; keep the one the server shares. */
	if (again == *server) {
		munmap(*p, size);
		*p = q;
	} else {
		munmap(q, size);
	}
	*server = again;
	return RPC_SUCCESS;
}

enum clnt_stat local_share(CLIENT *c, size_t size, unsigned int flags,
    void **client, uint64_t *server, int *err)
{
	enum clnt_stat st;
	void *p = NULL;
	int fd;

	if ((fd = pass_fds_memfd("oncuda-hostmem", size, &p)) < 0) {
		*err = CUDA_ERROR_OUT_OF_MEMORY;
		return RPC_SUCCESS;
	}
	st = offer_and_register(c, fd, p, size, flags, server, err);
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS &&
	    *server != (uint64_t)(uintptr_t)p)
		st = follow_server(c, fd, size, flags, &p, server, err);
	close(fd);
	if (st != RPC_SUCCESS || *err != CUDA_SUCCESS) {
		munmap(p, size);
		return st;
	}
	*client = p;
	return RPC_SUCCESS;
}
