/*
 * tests/fuzz/make_seeds.c -- writes fuzz_server's seed corpus.
 *
 *   make_seeds DIR
 *
 * Each seed is one session a well-behaved client could have: RPC call
 * messages encoded with the generated XDR routines, in fuzz_server's input
 * format (fuzz_format.h), with markers where a handle or pointer the
 * server returned earlier goes.  Value numbers count the successful
 * results of 12 bytes or more, in order (fuzz_server.c): a context, an
 * allocation, a loaded module, a function, a parameter layout, the data
 * of a download, a stream, an event...
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rpc/rpc.h>

#include "gen/cuda_names.h"
#include "fuzz_format.h"

#define MESSAGE_MAX (1u << 20)

static const char ptx_image[] =
	"//\n// a PTX module naming the stand-in's kernels\n//\n"
	".version 8.0\n.target sm_90\n.address_size 64\n"
	".visible .entry vectorAdd(.param .u64 a, .param .u64 b,"
	" .param .u64 c, .param .u32 n)\n{\n\tret;\n}\n";

static FILE *seed;
static int messages;
static char message[MESSAGE_MAX];

static void begin(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((seed = fopen(path, "wb")) == NULL) {
		fprintf(stderr, "make_seeds: cannot write %s: %s\n", path,
		    strerror(errno));
		exit(1);
	}
	messages = 0;
}

static void end(void)
{
	if (fclose(seed) != 0) {
		perror("make_seeds: writing a seed");
		exit(1);
	}
}

/* Appends the call of proc with its arguments to the seed. */
static void call(rpcproc_t proc, xdrproc_t encode, void *args)
{
	struct rpc_msg m;
	XDR x;

	memset(&m, 0, sizeof(m));
	m.rm_xid = (u_int32_t)(messages + 1);
	m.rm_direction = CALL;
	m.rm_call.cb_rpcvers = RPC_MSG_VERSION;
	m.rm_call.cb_prog = ONCUDA_PROG;
	m.rm_call.cb_vers = ONCUDA_VERSION;
	m.rm_call.cb_proc = proc;
	m.rm_call.cb_cred = _null_auth;
	m.rm_call.cb_verf = _null_auth;
	xdrmem_create(&x, message, sizeof(message), XDR_ENCODE);
	if (!xdr_callmsg(&x, &m) || !encode(&x, args)) {
		fprintf(stderr, "make_seeds: cannot encode procedure %u\n", proc);
		exit(1);
	}
	if (messages++ > 0)
		fwrite(SEPARATOR, 1, SEPARATOR_BYTES, seed);
	fwrite(message, 1, xdr_getpos(&x), seed);
	xdr_destroy(&x);
}

/* xdr_void takes no arguments, which xdrproc_t cannot be cast from. */
static bool_t encode_nothing(XDR *x, void *args)
{
	(void)x;
	(void)args;
	return TRUE;
}

static void call_void(rpcproc_t proc)
{
	call(proc, (xdrproc_t)encode_nothing, NULL);
}

static void call_uint(rpcproc_t proc, u_int value)
{
	call(proc, (xdrproc_t)xdr_u_int, &value);
}

static void call_int(rpcproc_t proc, int value)
{
	call(proc, (xdrproc_t)xdr_int, &value);
}

static void call_hyper(rpcproc_t proc, cu_handle value)
{
	call(proc, (xdrproc_t)xdr_cu_handle, &value);
}

static void init_and_context(void)
{
	cu_ctx_create_argument create = { .flags = 0, .dev = 0 };

	call_uint(CU_INIT, 0);
	call(CU_CTX_CREATE, (xdrproc_t)xdr_cu_ctx_create_argument, &create);
}

static void upload(cu_dptr dst, char *bytes, u_int len)
{
	cu_memcpy_htod_argument a = { .dst = dst,
		.data = { .cu_bytes_len = len, .cu_bytes_val = bytes } };

	call(CU_MEMCPY_HTOD, (xdrproc_t)xdr_cu_memcpy_htod_argument, &a);
}

static void download(cu_dptr src, cu_size size)
{
	cu_memcpy_dtoh_argument a = { .src = src, .size = size };

	call(CU_MEMCPY_DTOH, (xdrproc_t)xdr_cu_memcpy_dtoh_argument, &a);
}

static void stage(const char *image, size_t len)
{
	cu_image_stage_argument a = { .total = len, .offset = 0,
		.bytes = { .cu_bytes_len = (u_int)len,
			   .cu_bytes_val = (char *)image } };

	call(CU_IMAGE_STAGE, (xdrproc_t)xdr_cu_image_stage_argument, &a);
}

static void get_function(cu_handle module, const char *name)
{
	cu_module_get_function_argument a = { .module = module,
		.name = (char *)name };

	call(CU_MODULE_GET_FUNCTION,
	    (xdrproc_t)xdr_cu_module_get_function_argument, &a);
}

/* vectorAdd(a, b, c, n) with values a, b and c, on stream. */
static void launch_vector_add(cu_handle func, int a, int b, int c, int n,
    cu_handle stream)
{
	unsigned long long args[4] = {
		MARKER_VALUE(a, 0), MARKER_VALUE(b, 0), MARKER_VALUE(c, 0),
		(unsigned long long)n,
	};
	u_int offsets[4] = { 0, 8, 16, 24 };
	cu_launch_kernel_argument l = {
		.func = func, .grid = { 1, 1, 1 }, .block = { 16, 1, 1 },
		.shared_mem_bytes = 0, .stream = stream,
		.args = { .bytes = { .bytes_len = 28,
				     .bytes_val = (char *)args },
			  .offsets = { .offsets_len = 4,
				       .offsets_val = offsets },
			  .by_extra = FALSE },
	};

	/* The markers are little-endian in the argument bytes, as the
	 * kernel reads them; on this little-endian machine, as written. */
	call(CU_LAUNCH_KERNEL, (xdrproc_t)xdr_cu_launch_kernel_argument,
	    &l);
}

int main(int argc, char **argv)
{
	static char data[256];
	const char *dir;

	if (argc != 2) {
		fprintf(stderr, "usage: make_seeds DIR\n");
		return 2;
	}
	dir = argv[1];
	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (char)i;

	begin(dir, "init");
	call_uint(CU_INIT, 0);
	call_void(CU_DRIVER_GET_VERSION);
	call_void(CU_DEVICE_GET_COUNT);
	end();

	/* v0 context, v1 allocation, v2 the data downloaded */
	begin(dir, "memory");
	init_and_context();
	call_hyper(CU_MEM_ALLOC, 4096);
	upload(MARKER_VALUE(1, 0), data, sizeof(data));
	upload(MARKER_VALUE(1, 4000), data, sizeof(data));
	download(MARKER_VALUE(1, 64), 128);
	call_hyper(CU_MEM_FREE, MARKER_VALUE(1, 0));
	call_hyper(CU_CTX_DESTROY, MARKER_VALUE(0, 0));
	end();

	/* v0 context, v1-v3 allocations, v4 module, v5 function, v6 layout,
	 * v7 the data downloaded */
	begin(dir, "launch");
	init_and_context();
	call_hyper(CU_MEM_ALLOC, 64);
	call_hyper(CU_MEM_ALLOC, 64);
	call_hyper(CU_MEM_ALLOC, 64);
	upload(MARKER_VALUE(1, 0), data, 64);
	upload(MARKER_VALUE(2, 0), data + 64, 64);
	stage(ptx_image, sizeof(ptx_image) - 1);
	call_void(CU_MODULE_LOAD_DATA);
	get_function(MARKER_VALUE(4, 0), "vectorAdd");
	call_hyper(CU_PARAM_LAYOUT, MARKER_VALUE(5, 0));
	launch_vector_add(MARKER_VALUE(5, 0), 1, 2, 3, 16, 0);
	download(MARKER_VALUE(3, 0), 64);
	call_hyper(CU_MODULE_UNLOAD, MARKER_VALUE(4, 0));
	end();

	/* v0 context, v1 allocation, v2 stream, v3 event */
	begin(dir, "streams");
	init_and_context();
	call_hyper(CU_MEM_ALLOC, 4096);
	call_uint(CU_STREAM_CREATE, 0);
	{
		cu_memcpy_htod_async_argument a = {
			.dst = MARKER_VALUE(1, 0), .stream = MARKER_VALUE(2, 0),
			.data = { .cu_bytes_len = sizeof(data),
				  .cu_bytes_val = data } };
		cu_memset_d8_async_argument m = {
			.dst = MARKER_VALUE(1, 256), .value = 7, .count = 256,
			.stream = MARKER_VALUE(2, 0) };
		cu_event_record_argument e = {
			.event = MARKER_VALUE(3, 0),
			.stream = MARKER_VALUE(2, 0) };

		call(CU_MEMCPY_HTOD_ASYNC,
		    (xdrproc_t)xdr_cu_memcpy_htod_async_argument, &a);
		call(CU_MEMSET_D8_ASYNC,
		    (xdrproc_t)xdr_cu_memset_d8_async_argument, &m);
		call_uint(CU_EVENT_CREATE, 0);
		call(CU_EVENT_RECORD,
		    (xdrproc_t)xdr_cu_event_record_argument, &e);
	}
	call_hyper(CU_STREAM_SYNCHRONIZE, MARKER_VALUE(2, 0));
	call_hyper(CU_STREAM_DESTROY, MARKER_VALUE(2, 0));
	end();

	/* v0 primary context, v1 page-locked host memory */
	begin(dir, "primary_hostmem");
	call_uint(CU_INIT, 0);
	call_int(CU_DEVICE_PRIMARY_CTX_RETAIN, 0);
	call_hyper(CU_CTX_SET_CURRENT, MARKER_VALUE(0, 0));
	{
		cu_mem_host_alloc_argument h = { .size = 8192,
			.flags = 0 };

		call(CU_MEM_HOST_ALLOC,
		    (xdrproc_t)xdr_cu_mem_host_alloc_argument, &h);
	}
	call_hyper(CU_MEM_FREE_HOST, MARKER_VALUE(1, 0));
	call_int(CU_DEVICE_PRIMARY_CTX_RELEASE, 0);
	end();

	/* An image in two pieces, then a library load. */
	begin(dir, "image_pieces");
	init_and_context();
	{
		size_t half = (sizeof(ptx_image) - 1) / 2;
		cu_image_stage_argument a = {
			.total = sizeof(ptx_image) - 1, .offset = 0,
			.bytes = { .cu_bytes_len = (u_int)half,
				   .cu_bytes_val = (char *)ptx_image } };
		cu_library_load_data_argument l;

		call(CU_IMAGE_STAGE,
		    (xdrproc_t)xdr_cu_image_stage_argument, &a);
		a.offset = half;
		a.bytes.cu_bytes_len = (u_int)(sizeof(ptx_image) - 1 - half);
		a.bytes.cu_bytes_val = (char *)ptx_image + half;
		call(CU_IMAGE_STAGE,
		    (xdrproc_t)xdr_cu_image_stage_argument, &a);
		memset(&l, 0, sizeof(l));
		call(CU_LIBRARY_LOAD_DATA,
		    (xdrproc_t)xdr_cu_library_load_data_argument, &l);
	}
	end();
	return 0;
}
