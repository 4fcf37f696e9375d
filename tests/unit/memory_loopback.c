/*
 * tests/unit/memory_loopback.c -- the loopback's plumbing (see
 * memory_loopback.h): the connection functions of stubs/wire/rpc.h, a CLIENT
 * whose call method runs the server in the same process, and the fake
 * memory.  The procedures themselves are in memory_loopback_serve.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/context/context.h"
#include "memory_loopback.h"
#include "gen/glue_client.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"

#define BUF_BYTES (ONCUDA_CHUNK_MAX + 65536)

struct loopback loopback;
struct block loopback_allocations[BLOCKS_MAX], loopback_mirrors[BLOCKS_MAX];

static uint64_t device_next, mirror_next;
static char call_buffer[BUF_BYTES], reply_buffer[BUF_BYTES];

static pthread_mutex_t connection = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local bool holding;

void loopback_reset(void)
{
	if (loopback.device == NULL && (loopback.device = malloc(FAKE_DEVICE_BYTES)) == NULL)
		abort();
	memset(loopback.device, 0, FAKE_DEVICE_BYTES);
	memset(loopback_allocations, 0, sizeof loopback_allocations);
	memset(loopback_mirrors, 0, sizeof loopback_mirrors);
	device_next = FAKE_DEVICE_BASE;
	mirror_next = FAKE_MIRROR_BASE;
	loopback.calls = 0;
	loopback.data_calls_before_failure = -1;
	loopback.dtoh_extra_bytes = 0;
	loopback.offline = false;
}

unsigned char *loopback_device(uint64_t dptr)
{
	return loopback.device + (dptr - FAKE_DEVICE_BASE);
}

unsigned int loopback_count(rpcproc_t proc)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < loopback.calls && i < LOG_MAX; i++)
		n += loopback.log[i].proc == proc;
	return n;
}

struct block *loopback_block(struct block *table, uint64_t addr, uint64_t len)
{
	for (int i = 0; i < BLOCKS_MAX; i++) {
		struct block *b = &table[i];
		uint64_t offset = addr - b->base;

		if (!b->live || addr < b->base || offset >= b->size)
			continue;
		if (len <= b->size - offset)
			return b;
	}
	return NULL;
}

static struct block *new_block(struct block *table, uint64_t *next, uint64_t size,
    uint64_t align)
{
	for (int i = 0; i < BLOCKS_MAX; i++) {
		if (!table[i].live) {
			table[i] = (struct block){ *next, size, 0, true, false };
			*next += (size + align - 1) / align * align;
			return &table[i];
		}
	}
	return NULL;
}

struct block *loopback_new_allocation(uint64_t size)
{
	if (device_next - FAKE_DEVICE_BASE + size > FAKE_DEVICE_BYTES)
		return NULL;
	return new_block(loopback_allocations, &device_next, size, 256);
}

struct block *loopback_new_mirror(uint64_t size)
{
	return new_block(loopback_mirrors, &mirror_next, size, 4096);
}

struct logged_call *loopback_log(rpcproc_t proc)
{
	static struct logged_call scratch;
	struct logged_call *l = loopback.calls < LOG_MAX ?
	    &loopback.log[loopback.calls] : &scratch;

	memset(l, 0, sizeof *l);
	l->proc = proc;
	l->thread = pthread_self();
	loopback.calls++;
	return l;
}

bool loopback_injected_failure(void)
{
	if (loopback.data_calls_before_failure < 0)
		return false;
	return loopback.data_calls_before_failure-- == 0;
}

bool loopback_decode(xdrproc_t decoder, void *args, u_int len)
{
	XDR x;
	bool_t ok;

	xdrmem_create(&x, call_buffer, len, XDR_DECODE);
	ok = decoder(&x, args);
	xdr_destroy(&x);
	return ok;
}

enum clnt_stat loopback_answer(xdrproc_t encoder, void *res, xdrproc_t xres, void *resp)
{
	XDR x;
	u_int len;
	bool_t ok;

	xdrmem_create(&x, reply_buffer, sizeof reply_buffer, XDR_ENCODE);
	ok = encoder(&x, res);
	len = xdr_getpos(&x);
	xdr_destroy(&x);
	if (!ok)
		return RPC_SYSTEMERROR;
	xdrmem_create(&x, reply_buffer, len, XDR_DECODE);
	ok = xres(&x, resp);
	xdr_destroy(&x);
	return ok ? RPC_SUCCESS : RPC_CANTDECODERES;
}

static enum clnt_stat loop_call(CLIENT *cl, rpcproc_t proc, xdrproc_t xargs,
    void *argsp, xdrproc_t xres, void *resp, struct timeval timeout)
{
	XDR x;
	u_int len;
	bool_t ok;

	(void)cl;
	(void)timeout;
	if (!holding) {
		fprintf(stderr, "loopback: a call without rpc_begin\n");
		abort();
	}
	xdrmem_create(&x, call_buffer, sizeof call_buffer, XDR_ENCODE);
	ok = xargs(&x, argsp);
	len = xdr_getpos(&x);
	xdr_destroy(&x);
	if (!ok)
		return RPC_CANTENCODEARGS;
	return loopback_serve(proc, len, xres, resp);
}

static struct clnt_ops loop_ops = { .cl_call = loop_call };
static CLIENT loop_client = { .cl_ops = &loop_ops };

CLIENT *rpc_begin(void)
{
	if (holding) {
		/* The real connection lock is not recursive: this would hang. */
		fprintf(stderr, "loopback: rpc_begin while this thread holds the connection\n");
		abort();
	}
	if (loopback.offline)
		return NULL;
	pthread_mutex_lock(&connection);
	holding = true;
	return &loop_client;
}

CUresult rpc_end(enum clnt_stat st)
{
	holding = false;
	pthread_mutex_unlock(&connection);
	return st == RPC_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_DEVICE_UNAVAILABLE;
}

/* The loopback's results are the stand-in driver's own. */
CUresult rpc_server_result(int err)
{
	return (CUresult)err;
}

CUresult rpc_unavailable(void)
{
	return CUDA_ERROR_DEVICE_UNAVAILABLE;
}

/* The generated glue's plain_cuStreamIsCapturing, which the client's
 * asynchronous copies ask while a capture is under way: none is here. */
CUresult plain_cuStreamIsCapturing(CUstream stream,
    CUstreamCaptureStatus *status)
{
	(void)stream;
	*status = CU_STREAM_CAPTURE_STATUS_NONE;
	return CUDA_SUCCESS;
}

/* The generated glue's plain_cuMemcpyDtoDAsync, which the client's
 * cuMemcpyDtoDAsync (and so cuMemcpyAsync) calls. */
CUresult plain_cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t size,
    CUstream stream)
{
	res_none r;
	CLIENT *c;
	CUresult e;

	memset(&r, 0, sizeof r);
	if ((c = rpc_begin()) == NULL)
		return rpc_unavailable();
	e = rpc_end(cu_memcpy_dtod_async(dst, src, size,
	    (cu_handle)(uintptr_t)stream, &r, c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

/*
 * One-way calls (stubs/wire/batch.h) are served like the others, and their
 * result is dropped, as the real server keeps it for a later call.
 */
enum clnt_stat batch_send(CLIENT *c, rpcproc_t proc, xdrproc_t xdr_args,
    void *args)
{
	struct timeval wait = { 25, 0 };
	res_none r;

	memset(&r, 0, sizeof r);
	return clnt_call(c, proc, xdr_args, args,
	    (xdrproc_t)(void (*)(void))xdr_res_none, (char *)&r, wait);
}

/* No context dies here (stubs/context/context.h). */
uint64_t context_deaths(void)
{
	return 0;
}
