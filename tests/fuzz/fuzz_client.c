/*
 * tests/fuzz/fuzz_client.c -- libFuzzer target: arbitrary replies from a
 * server into the client library.
 *
 * One input is one session with a malicious server.  The harness is a
 * CUDA program and its server at once: the program is a fixed scenario of
 * driver calls (below) made through the client library as it is built for
 * libcuda.so.1, every file of stubs/ but one; the server is a thread on
 * the other end of a socket pair that answers each call record the
 * library sends with the next piece of the input.  What is fuzzed is all
 * the library reads from a server: the record marks' contents, the RPC
 * reply headers (xprt.c), the XDR of every result (gen/cuda_xdr.c), and
 * what the glue does with the values (generated glue, parameter layouts,
 * sizes and lengths of copies, pointer attributes, mapped-memory runs,
 * managed memory's addresses, module and function answers...).
 *
 * What is not the library's: stubs/link/connect.c, which makes a real
 * connection (TCP or rpcbind, ping, revision, key, same-host socket), is
 * replaced by connect_server() here, which hands the library the socket
 * pair; everything above it is the library's own code.  Between inputs
 * rpc_new_session() drops the connection as a fork's child does, so each
 * input starts with cuInit on a new connection.  The callback connection
 * (host functions) is not opened: a second connect_server in one input
 * fails, as an unreachable server does.
 *
 * The input: pieces joined by SEPARATOR (fuzz_format.h).  The first piece
 * chooses the scenario's groups (its first 4 bytes, little-endian, a mask;
 * fewer bytes: every group), so that an input reaches a late group
 * without passing the early ones.  Each further piece answers one call:
 * its first byte says how,
 *
 *   0  the piece's other bytes are the results, after a reply header the
 *      harness writes (the call's xid, accepted, AUTH_NONE, SUCCESS);
 *   1  they are the whole reply record, header and all;
 *   2  as 1, with the call's xid written over the first 4 bytes;
 *   3  as 0, and the record is sent in fragments of the piece's second
 *      byte (plus 1) bytes;
 *
 * and one-way calls, which the library sends and does not wait for, are
 * not answered.  When the pieces run out the harness closes its end: the
 * library sees a server that went away.
 *
 * A kernel's parameter layout is checked by the library against the
 * driver's limit of 32764 bytes only (params.c): the harness's argument
 * buffers are that large, so that reading a parameter the server
 * described as larger than the kernel's is not reported here.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "gen/cuda_names.h"
#include "stubs/link/connect.h"
#include "stubs/link/xprt.h"
#include "stubs/wire/rpc.h"

#include "fuzz_format.h"

/* The procedures the library sends without waiting for an answer; the
 * other mark of the file is the server's alone. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "gen/oneway_procs.inc"
#pragma GCC diagnostic pop

#define RECORD_MAX (64u << 20)	/* what the harness reads of one call */
#define LAST_FRAGMENT 0x80000000u

/* The session the server thread plays; one at a time. */
struct session {
	const uint8_t *input;
	size_t size;
	size_t at;		/* the next piece starts here */
	int fd;			/* the server's end */
	bool connected;		/* connect_server was called */
	pthread_t thread;
	uint8_t *request;	/* RECORD_MAX bytes */
};

static struct session session;

/* The next piece of the input; false when none is left. */
static bool next_piece(struct session *s, const uint8_t **piece, size_t *len)
{
	const uint8_t *start, *sep;

	if (s->at > s->size)
		return false;
	start = s->input + s->at;
	sep = memmem(start, s->size - s->at, SEPARATOR, SEPARATOR_BYTES);
	*piece = start;
	*len = sep != NULL ? (size_t)(sep - start) : s->size - s->at;
	s->at += *len + SEPARATOR_BYTES;
	return true;
}

static bool read_all(int fd, void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len > 0) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

static bool write_all(int fd, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/* One call record into s->request; its length, or -1 at the end. */
static long read_request(struct session *s)
{
	size_t len = 0;
	uint32_t mark;

	do {
		uint32_t frag;

		if (!read_all(s->fd, &mark, 4))
			return -1;
		mark = ntohl(mark);
		frag = mark & ~LAST_FRAGMENT;
		if (frag > RECORD_MAX - len)
			return -1;
		if (!read_all(s->fd, s->request + len, frag))
			return -1;
		len += frag;
	} while (!(mark & LAST_FRAGMENT));
	return (long)len;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

/* Sends body (after a header, unless raw) as one record in fragments of
 * at most frag bytes. */
static bool send_reply(int fd, uint32_t xid, const uint8_t *body, size_t len,
    bool raw, size_t frag)
{
	size_t header_len = raw ? 0 : 24, total = header_len + len, sent = 0;
	uint8_t *record = malloc(total + 1), mark[4];
	bool ok = record != NULL;

	if (!raw && ok) {
		put_be32(record, xid);
		put_be32(record + 4, 1);	/* REPLY */
		put_be32(record + 8, 0);	/* MSG_ACCEPTED */
		put_be32(record + 12, 0);	/* AUTH_NONE */
		put_be32(record + 16, 0);	/* no verifier bytes */
		put_be32(record + 20, 0);	/* SUCCESS */
	}
	if (ok && len > 0)
		memcpy(record + header_len, body, len);
	while (ok) {
		size_t n = total - sent < frag ? total - sent : frag;

		put_be32(mark, (uint32_t)n |
		    (sent + n == total ? LAST_FRAGMENT : 0));
		ok = write_all(fd, mark, 4) && write_all(fd, record + sent, n);
		sent += n;
		if (sent == total)
			break;
	}
	free(record);
	return ok;
}

/* The server: answers each call with the next piece, until none is left. */
static void *serve(void *arg)
{
	struct session *s = arg;
	const uint8_t *piece;
	size_t len;
	long n;

	while ((n = read_request(s)) >= 0) {
		uint32_t xid, proc;
		uint8_t how;

		if (n < 24)
			break;
		xid = get_be32(s->request);
		proc = get_be32(s->request + 20);
		if (marked_oneway(proc))
			continue;
		if (!next_piece(s, &piece, &len))
			break;
		how = len > 0 ? piece[0] % 4 : 0;
		if (len > 0) {
			piece++;
			len--;
		}
		if (how == 2 && len >= 4) {
			uint8_t *copy = malloc(len);
			bool ok;

			if (copy == NULL)
				break;
			memcpy(copy, piece, len);
			put_be32(copy, xid);
			ok = send_reply(s->fd, xid, copy, len, true, SIZE_MAX);
			free(copy);
			if (!ok)
				break;
		} else if (how == 3 && len > 0) {
			if (!send_reply(s->fd, xid, piece + 1, len - 1, false,
			    (size_t)piece[0] + 1))
				break;
		} else if (!send_reply(s->fd, xid, piece, len, how != 0,
		    SIZE_MAX)) {
			break;
		}
	}
	shutdown(s->fd, SHUT_RDWR);
	return NULL;
}

/*
 * In place of stubs/link/connect.c: the session's socket pair, once per
 * input.  The timeout is what connect.c sets (CLSET_TIMEOUT), short.
 */
CLIENT *connect_server(const struct server_target *target)
{
	struct timeval timeout = { .tv_sec = 2 };
	struct session *s = &session;
	int fds[2];
	CLIENT *c;

	(void)target;
	if (s->connected)
		return NULL;
	s->connected = true;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
		return NULL;
	if ((c = xprt_create(fds[0], ONCUDA_PROG, ONCUDA_VERSION)) == NULL) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	clnt_control(c, CLSET_TIMEOUT, (char *)&timeout);
	s->fd = fds[1];
	if (pthread_create(&s->thread, NULL, serve, s) != 0) {
		clnt_destroy(c);
		close(fds[1]);
		s->fd = -1;
		return NULL;
	}
	return c;
}

/* ------------------------------------------------------------ the program */

/* A cubin of tests/kernels, read once; its vec_add(a, b, c, n). */
static void *cubin;

#define ARG_BYTES 32768
static uint8_t args[4][ARG_BYTES];

enum group {
	G_DEVICE = 1u << 0,
	G_CONTEXT = 1u << 1,
	G_MEMORY = 1u << 2,
	G_MODULE = 1u << 3,
	G_STREAM = 1u << 4,
	G_MAPPED = 1u << 5,
	G_MANAGED = 1u << 6,
	G_LIBRARY = 1u << 7,
	G_ASYNC = 1u << 8,
	G_EXPORT = 1u << 9,
};

static void device_queries(void)
{
	char name[256];
	CUuuid uuid;
	CUdevice dev;
	size_t bytes;
	int n, v;

	cuDeviceGetCount(&n);
	cuDriverGetVersion(&v);
	cuDeviceGet(&dev, 0);
	cuDeviceGetName(name, sizeof(name), 0);
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0);
	cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 0);
	cuDeviceTotalMem(&bytes, 0);
	cuDeviceGetUuid(&uuid, 0);
	cuDeviceGetPCIBusId(name, sizeof(name), 0);
}

static void memory(void)
{
	uint8_t host[4096];
	CUdeviceptr p = 0, base;
	CUpointer_attribute which[3] = { CU_POINTER_ATTRIBUTE_CONTEXT,
		CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_RANGE_SIZE };
	uint64_t values[3][2];
	void *data[3] = { values[0], values[1], values[2] };
	size_t size, free_bytes, total;
	unsigned int type;

	memset(host, 0x5a, sizeof(host));
	cuMemGetInfo(&free_bytes, &total);
	if (cuMemAlloc(&p, sizeof(host)) != CUDA_SUCCESS)
		return;
	cuMemcpyHtoD(p, host, sizeof(host));
	cuMemcpyDtoH(host, p, sizeof(host));
	cuMemcpyDtoH(host, p + 100, 17);
	cuMemsetD8(p, 1, sizeof(host));
	cuMemGetAddressRange(&base, &size, p + 8);
	cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, p);
	cuPointerGetAttributes(3, which, data, p);
	cuMemFree(p);
}

static void module(void)
{
	CUdeviceptr global = 0, a = 0;
	void *params[4] = { args[0], args[1], args[2], args[3] };
	CUfunction fn;
	CUmodule mod;
	size_t offset, size;
	int v;

	if (cubin == NULL || cuModuleLoadData(&mod, cubin) != CUDA_SUCCESS)
		return;
	if (cuModuleGetFunction(&fn, mod, "vec_add") == CUDA_SUCCESS) {
		cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, fn);
		cuFuncGetParamInfo(fn, 3, &offset, &size);
		cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
		cuCtxSynchronize();
	}
	cuModuleGetGlobal(&global, &size, mod, "g_value");
	if (cuMemAlloc(&a, 64) == CUDA_SUCCESS) {
		cuMemcpyDtoD(a, global, 4);
		cuMemFree(a);
	}
	cuModuleUnload(mod);
}

/*
 * A linked image as the CUDA runtime registers relocatable device code: a
 * wrapper of version 2 whose list of prelinked fatbins is staged and kept
 * (CU_IMAGE_KEEP_PRELINKED) before the linked fatbin is loaded.
 */
static void linked_library(void)
{
	static const struct {
		uint32_t magic;
		uint16_t version, header_size;
		uint64_t payload_size;
		uint8_t payload[16];
	} fatbin = { 0xBA55ED50u, 1, 16, 16, { 0 } };
	static const void *const prelinked[] = { &fatbin, &fatbin, NULL };
	static const struct {
		uint32_t magic, version;
		const void *data;
		const void *const *fatbins;
	} wrapper = { 0x466243b1u, 2, &fatbin, prelinked };
	CUlibrary lib;

	if (cuLibraryLoadData(&lib, &wrapper, NULL, NULL, 0, NULL, NULL, 0) ==
	    CUDA_SUCCESS)
		cuLibraryUnload(lib);
}

static void library(void)
{
	void *params[4] = { args[0], args[1], args[2], args[3] };
	CUlibrary lib;
	CUkernel kernel;
	CUdeviceptr managed;
	size_t offset, size;

	if (cubin == NULL || cuLibraryLoadData(&lib, cubin, NULL, NULL, 0,
	    NULL, NULL, 0) != CUDA_SUCCESS)
		return;
	if (cuLibraryGetKernel(&kernel, lib, "vec_add") == CUDA_SUCCESS) {
		cuKernelGetParamInfo(kernel, 0, &offset, &size);
		cuLaunchKernel((CUfunction)kernel, 1, 1, 1, 1, 1, 1, 0, NULL,
		    params, NULL);
	}
	/* The server places a managed variable's pages: what the library
	 * hands out must be mapped memory of its own making. */
	if (cuLibraryGetManaged(&managed, &size, lib, "g_managed") ==
	    CUDA_SUCCESS && size > 0)
		(void)*(volatile char *)(uintptr_t)(managed + size - 1);
	cuLibraryUnload(lib);
	linked_library();
}

static void streams(void)
{
	CUstream stream;
	CUevent start, end;
	float ms;

	if (cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING) != CUDA_SUCCESS)
		return;
	if (cuEventCreate(&start, 0) == CUDA_SUCCESS &&
	    cuEventCreate(&end, 0) == CUDA_SUCCESS) {
		cuEventRecord(start, stream);
		cuEventRecord(end, stream);
		cuEventSynchronize(end);
		cuEventElapsedTime(&ms, start, end);
		cuEventQuery(end);
		cuEventDestroy(start);
		cuEventDestroy(end);
	}
	cuStreamQuery(stream);
	cuStreamSynchronize(stream);
	cuStreamDestroy(stream);
}

static void async_copies(void)
{
	static uint8_t host[8192];
	CUdeviceptr p;

	if (cuMemAlloc(&p, sizeof(host)) != CUDA_SUCCESS)
		return;
	cuMemcpyHtoDAsync(p, host, sizeof(host), NULL);
	cuMemcpyDtoHAsync(host, p, sizeof(host), NULL);
	cuMemsetD32Async(p, 7, sizeof(host) / 4, NULL);
	cuStreamSynchronize(NULL);
	cuMemFree(p);
}

static void mapped(void)
{
	CUdeviceptr dev, scratch;
	uint8_t *host;

	if (cuMemHostAlloc((void **)&host, 8192, CU_MEMHOSTALLOC_DEVICEMAP) !=
	    CUDA_SUCCESS)
		return;
	memset(host, 3, 8192);
	if (cuMemHostGetDevicePointer(&dev, host, 0) == CUDA_SUCCESS &&
	    cuMemAlloc(&scratch, 16) == CUDA_SUCCESS) {
		cuMemcpyDtoD(scratch, dev + 100, 16);
		cuMemcpyDtoD(dev + 200, scratch, 16);
		cuCtxSynchronize();
		cuMemFree(scratch);
	}
	cuMemFreeHost(host);
}

static void managed(void)
{
	CUdeviceptr p;
	volatile uint8_t *bytes;

	if (cuMemAllocManaged(&p, 8192, CU_MEM_ATTACH_GLOBAL) != CUDA_SUCCESS)
		return;
	bytes = (volatile uint8_t *)(uintptr_t)p;
	bytes[10] = 1;
	cuCtxSynchronize();
	(void)bytes[4000];
	cuMemFree(p);
}

static void export_tables(void)
{
	/* CU_ETID_ToolsRuntimeCallbacks-like ids the runtime asks for are
	 * answered in the client; an unknown one must be refused. */
	static const CUuuid unknown = { { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
		12, 13, 14, 15, 16 } };
	const void *table;

	cuGetExportTable(&table, &unknown);
}

static void program(uint32_t groups)
{
	CUcontext ctx = NULL, popped;
	unsigned int version;

	if (cuInit(0) != CUDA_SUCCESS)
		return;
	if (groups & G_DEVICE)
		device_queries();
	if (groups & G_EXPORT)
		export_tables();
	if (cuCtxCreate(&ctx, NULL, 0, 0) != CUDA_SUCCESS)
		return;
	if (groups & G_CONTEXT) {
		cuCtxGetApiVersion(ctx, &version);
		cuCtxSynchronize();
	}
	if (groups & G_MEMORY)
		memory();
	if (groups & G_MODULE)
		module();
	if (groups & G_LIBRARY)
		library();
	if (groups & G_STREAM)
		streams();
	if (groups & G_ASYNC)
		async_copies();
	if (groups & G_MAPPED)
		mapped();
	if (groups & G_MANAGED)
		managed();
	cuCtxDestroy(ctx);
	/* Leave the thread's stack empty when the server would not let the
	 * context go (answered in the client). */
	while (cuCtxPopCurrent(&popped) == CUDA_SUCCESS && popped != NULL)
		;
}

/* ------------------------------------------------------------ libFuzzer */

static void *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long len;
	void *buf = NULL;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)len)) != NULL &&
	    fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *kernels = getenv("ONCUDA_TEST_KERNELS");
	char path[4096];

	(void)argc;
	(void)argv;
	/* A server named as host:port, so that nothing asks rpcbind; the
	 * harness's connect_server answers for it. */
	setenv("ONCUDA_SERVER", "127.0.0.1:1", 1);
	setenv("ONCUDA_TIMEOUT", "2", 1);
	snprintf(path, sizeof(path), "%s/kernels.cubin",
	    kernels != NULL ? kernels : "tests/kernels");
	if ((cubin = read_file(path)) == NULL)
		fprintf(stderr, "fuzz_client: no %s: modules are not loaded "
		    "(set ONCUDA_TEST_KERNELS)\n", path);
	session.request = malloc(RECORD_MAX);
	return session.request == NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session *s = &session;
	const uint8_t *first;
	uint32_t groups = UINT32_MAX;
	size_t len;

	s->input = data;
	s->size = size;
	s->at = 0;
	s->fd = -1;
	s->connected = false;
	if (next_piece(s, &first, &len) && len >= 4)
		groups = (uint32_t)first[0] | (uint32_t)first[1] << 8 |
		    (uint32_t)first[2] << 16 | (uint32_t)first[3] << 24;
	program(groups);
	if (s->fd >= 0) {
		shutdown(s->fd, SHUT_RDWR);
		pthread_join(s->thread, NULL);
		close(s->fd);
	}
	rpc_new_session();
	return 0;
}
