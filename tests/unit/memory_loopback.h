/*
 * tests/unit/memory_loopback.h -- a server in the test process, for the
 * client's memory calls.
 *
 * The test links the client's memory files with this instead of stubs/wire/rpc.c:
 * rpc_begin() hands out a CLIENT whose call method encodes the arguments with
 * the generated XDR code, decodes them as the server would, answers from a
 * fake device (a heap buffer seen at FAKE_DEVICE_BASE) and fake server host
 * memory (addresses from FAKE_MIRROR_BASE, no storage), encodes the result
 * and decodes it with the client's own decoder.  So every byte takes the
 * path it takes on the wire, without a socket.
 */
#ifndef MEMORY_LOOPBACK_H
#define MEMORY_LOOPBACK_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"

/* Outside any user-space address of x86-64 Linux, so never a test's host pointer. */
#define FAKE_DEVICE_BASE 0xd00000000000ULL
#define FAKE_DEVICE_BYTES (48u << 20)
#define FAKE_MIRROR_BASE 0xe00000000000ULL
#define FAKE_CONTEXT 0xc0ffee000ULL
#define FAKE_PITCH_ALIGN 512u

/* One call as the server saw it. */
struct logged_call {
	rpcproc_t proc;
	uint64_t addr;		/* device or server address named first */
	uint64_t len;		/* data bytes carried either way */
	uint64_t width, height, x, y;	/* 2D calls */
	uint64_t stream;
	bool async;
	pthread_t thread;
};

#define LOG_MAX 4096

struct loopback {
	unsigned char *device;		/* FAKE_DEVICE_BYTES */
	struct logged_call log[LOG_MAX];
	unsigned int calls;
	int data_calls_before_failure;	/* < 0: never fail */
	uint32_t dtoh_extra_bytes;	/* answer copies to host with this many more */
	bool offline;			/* rpc_begin returns NULL */
};

extern struct loopback loopback;

/* Forgets all memory and calls; the client's records are the test's business. */
void loopback_reset(void);

/* The fake device memory at a device address (no bounds check). */
unsigned char *loopback_device(uint64_t dptr);

/* How many logged calls were made to proc. */
unsigned int loopback_count(rpcproc_t proc);


/* ---- between memory_loopback.c and memory_loopback_serve.c ---- */

/* An allocation of device memory, or of server host memory (a mirror). */
struct block {
	uint64_t base, size, flags;
	bool live, registered;
};

#define BLOCKS_MAX 256
extern struct block loopback_allocations[BLOCKS_MAX], loopback_mirrors[BLOCKS_MAX];

/* The live block of table holding [addr, addr + len) (len 0: holding addr). */
struct block *loopback_block(struct block *table, uint64_t addr, uint64_t len);

/* A new block of size bytes: device memory, or a mirror. */
struct block *loopback_new_allocation(uint64_t size);
struct block *loopback_new_mirror(uint64_t size);

/* Decodes the arguments of the call being served. */
bool loopback_decode(xdrproc_t decoder, void *args, u_int len);

/* Encodes the server's result and decodes it with the client's decoder. */
enum clnt_stat loopback_answer(xdrproc_t encoder, void *res, xdrproc_t xres, void *resp);

struct logged_call *loopback_log(rpcproc_t proc);

/* Whether the next data call is the one a test asked to fail. */
bool loopback_injected_failure(void);

/* Serves one call whose encoded arguments (len bytes) are in the call buffer. */
enum clnt_stat loopback_serve(rpcproc_t proc, u_int len, xdrproc_t xres, void *resp);

#endif /* MEMORY_LOOPBACK_H */
