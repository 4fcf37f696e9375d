/*
 * fake_conn.c - the connection and CU_PARAM_LAYOUT, faked for the unit
 * tests of stubs/ (see fake_conn.h).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fake_conn.h"
#include "stubs/context/context.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/mapped.h"
#include "unit_check.h"

CLIENT fake_client;
int fake_sections;
int fake_open_section;
const char *fake_unsupported;
enum clnt_stat fake_layout_status = RPC_SUCCESS;
void (*fake_during_layout)(void);

static pthread_mutex_t connection = PTHREAD_MUTEX_INITIALIZER;
static unsigned int layout_calls;

struct fake_function {
	uint64_t handle;
	unsigned int count;
	param_slot slot[5];
};

static const struct fake_function functions[] = {
	{ FAKE_VEC_ADD, 4, { { 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 4 } } },
	{ FAKE_MIXED_ARGS, 5, { { 0, 1 }, { 8, 32 }, { 40, 2 }, { 48, 8 },
				{ 56, 8 } } },
	{ FAKE_NO_PARAMS, 0, { { 0, 0 } } },
	{ FAKE_KERNEL, 3, { { 0, 8 }, { 8, 4 }, { 12, 4 } } },
	{ FAKE_TOO_BIG, 2, { { 0, 8 }, { 32760, 16 } } },
	/* What a tampered reply could say (issue 17, finding 3). */
	{ FAKE_OVERLAP, 2, { { 0, 8 }, { 4, 8 } } },
	{ FAKE_EMPTY_PARAM, 2, { { 0, 8 }, { 8, 0 } } },
	{ FAKE_HUGE_PARAM, 1, { { 0, 32744 } } },
	{ FAKE_TAMPERED, 4, { { 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 8 } } },
};

CLIENT *rpc_begin(void)
{
	pthread_mutex_lock(&connection);
	CHECK(fake_open_section == 0);
	fake_open_section = ++fake_sections;
	return &fake_client;
}

CUresult rpc_end(enum clnt_stat st)
{
	CHECK(fake_open_section != 0);
	fake_open_section = 0;
	pthread_mutex_unlock(&connection);
	return st == RPC_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_DEVICE_UNAVAILABLE;
}

CUresult rpc_unavailable(void)
{
	return CUDA_ERROR_DEVICE_UNAVAILABLE;
}

void oncuda_unsupported(const char *name)
{
	fake_unsupported = name;
}

uint64_t fake_context_deaths;

uint64_t context_deaths(void)
{
	return fake_context_deaths;
}

int fake_said;

void oncuda_say(const char *fmt, ...)
{
	(void)fmt;
	fake_said++;
}

/* The results these tests' fake server gives are the driver's own. */
CUresult rpc_server_result(int err)
{
	return (CUresult)err;
}

/* These tests use no mapped host memory: there is never anything to send. */
enum clnt_stat mapped_push(CLIENT *c, int *err)
{
	(void)c;
	(void)err;
	return RPC_SUCCESS;
}

/* Nor page-locked memory: no argument can point into it. */
bool hostmem_track_reachable(const void *args, size_t len)
{
	(void)args;
	(void)len;
	return true;
}

unsigned int fake_layout_calls(void)
{
	unsigned int n;

	pthread_mutex_lock(&connection);
	n = layout_calls;
	pthread_mutex_unlock(&connection);
	return n;
}

/* Answers as the XDR decoder would: the array from malloc, for xdr_free. */
enum clnt_stat cu_param_layout(cu_handle h, res_param_layout *r,
				     CLIENT *c)
{
	size_t i;

	CHECK(c == &fake_client && fake_open_section != 0);
	layout_calls++;
	if (fake_during_layout != NULL)
		fake_during_layout();
	if (fake_layout_status != RPC_SUCCESS)
		return fake_layout_status;
	r->err = CUDA_ERROR_INVALID_HANDLE;
	for (i = 0; i < sizeof(functions) / sizeof(functions[0]); i++) {
		const struct fake_function *f = &functions[i];

		if (f->handle != h)
			continue;
		r->err = CUDA_SUCCESS;
		r->res_param_layout_u.params.params_len = f->count;
		r->res_param_layout_u.params.params_val =
			malloc(sizeof(param_slot) * (f->count + 1));
		if (r->res_param_layout_u.params.params_val == NULL)
			abort();
		memcpy(r->res_param_layout_u.params.params_val, f->slot,
		       sizeof(param_slot) * f->count);
	}
	return RPC_SUCCESS;
}
