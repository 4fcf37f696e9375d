/*
 * test_load_options.c - unit test of stubs/code/load_options.c: JIT and library
 * options as they travel, and the outputs written back into the program's
 * options and log buffers.  Exits 0 when every check passed.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stubs/code/load_options.h"
#include "stubs/wire/rpc.h"
#include "unit_check.h"

static const char *unsupported_said;

void oncuda_unsupported(const char *name)
{
	unsupported_said = name;
}

static void *num(uint64_t v)
{
	return (void *)(uintptr_t)v;
}

/* The logs, the sizes and a float output, as cuModuleLoadDataEx uses them. */
static void test_logs_and_outputs(void)
{
	char info[8], error[64];
	CUjit_option options[] = {
		CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER,
		CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_WALL_TIME, CU_JIT_OPTIMIZATION_LEVEL,
	};
	void *values[] = {
		num(sizeof(info)), info, error, num(sizeof(error)), NULL,
		num(3),
	};
	uint64_t returned[6];
	float wall = 1.5f;
	void *wall_slot = NULL;
	jit_output out;
	struct load_options o;

	load_options_init(&o);
	CHECK_EQ(o.jit.jit_options_len, 0);
	CHECK_EQ(o.library.library_options_len, 0);
	CHECK_EQ(load_options_jit(&o, 6, options, values), CUDA_SUCCESS);
	CHECK_EQ(o.jit.jit_options_len, 6);
	CHECK_EQ(o.jit.jit_options_val[0].option,
		 CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
	CHECK_EQ(o.jit.jit_options_val[0].value, sizeof(info));
	CHECK_EQ(o.jit.jit_options_val[1].value, sizeof(info));
	CHECK_EQ(o.jit.jit_options_val[2].value, sizeof(error));
	CHECK_EQ(o.jit.jit_options_val[3].value, sizeof(error));
	CHECK_EQ(o.jit.jit_options_val[5].option, CU_JIT_OPTIMIZATION_LEVEL);
	CHECK_EQ(o.jit.jit_options_val[5].value, 3);

	/* What a server returns: the bytes used, the server's own buffer
	 * addresses (never to be written back), a float in a void *. */
	memcpy(&wall_slot, &wall, sizeof(wall));
	returned[0] = 5;
	returned[1] = 0xdead0000;
	returned[2] = 0xbeef0000;
	returned[3] = 0;
	returned[4] = (uint64_t)(uintptr_t)wall_slot;
	returned[5] = 3;
	memset(&out, 0, sizeof(out));
	out.values.values_len = 6;
	out.values.values_val = returned;
	out.info_log = "abcdefghijkl";
	out.error_log = "";
	memset(info, 'x', sizeof(info));
	memset(error, 'x', sizeof(error));
	load_options_give_back(&o, &out);

	/* Cut to the program's 8 bytes, not to the 5 written back first. */
	CHECK(memcmp(info, "abcdefg", 8) == 0);
	CHECK_EQ(error[0], '\0');
	CHECK(values[1] == info);
	CHECK(values[2] == error);
	CHECK_EQ((uintptr_t)values[0], 5);
	CHECK_EQ((uintptr_t)values[3], 0);
	CHECK_EQ((uintptr_t)values[5], 3);
	memcpy(&wall, &values[4], sizeof(wall));
	CHECK(wall == 1.5f);
}

static void test_log_limits(void)
{
	char buf[16];
	CUjit_option options[] = {
		CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_INFO_LOG_BUFFER,
	};
	void *values[] = { buf, num(1u << 20), NULL };
	uint64_t returned[3] = { 0, 7, 0 };
	jit_output out;
	struct load_options o;

	/* A buffer over ONCUDA_LOG_MAX asks the server for that much only;
	 * a NULL buffer with no size gets no log. */
	load_options_init(&o);
	CHECK_EQ(load_options_jit(&o, 3, options, values), CUDA_SUCCESS);
	CHECK_EQ(o.jit.jit_options_val[0].value, ONCUDA_LOG_MAX);
	CHECK_EQ(o.jit.jit_options_val[1].value, ONCUDA_LOG_MAX);
	CHECK_EQ(o.jit.jit_options_val[2].value, 0);

	/* Fewer values back than options: only those are written. */
	memset(&out, 0, sizeof(out));
	out.values.values_len = 1;
	out.values.values_val = returned;
	out.info_log = "ignored";
	out.error_log = NULL;
	memset(buf, 'x', sizeof(buf));
	load_options_give_back(&o, &out);
	CHECK_EQ(buf[0], '\0');
	CHECK_EQ((uintptr_t)values[1], 1u << 20);
	CHECK(values[2] == NULL);
}

static void test_refused_jit_options(void)
{
	CUjit_option options[ONCUDA_JIT_OPTIONS_MAX + 1];
	void *values[ONCUDA_JIT_OPTIONS_MAX + 1];
	const char *names[] = { "x" };
	struct load_options o;
	unsigned int i;

	for (i = 0; i <= ONCUDA_JIT_OPTIONS_MAX; i++) {
		options[i] = CU_JIT_OPTIMIZATION_LEVEL;
		values[i] = num(1);
	}
	load_options_init(&o);
	CHECK_EQ(load_options_jit(&o, ONCUDA_JIT_OPTIONS_MAX, options, values),
		 CUDA_SUCCESS);
	load_options_init(&o);
	unsupported_said = NULL;
	CHECK_EQ(load_options_jit(&o, ONCUDA_JIT_OPTIONS_MAX + 1, options,
				  values), CUDA_ERROR_NOT_SUPPORTED);
	CHECK(unsupported_said != NULL);

	options[1] = CU_JIT_GLOBAL_SYMBOL_NAMES;
	values[1] = names;
	load_options_init(&o);
	unsupported_said = NULL;
	CHECK_EQ(load_options_jit(&o, 2, options, values),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK(unsupported_said != NULL &&
	      strstr(unsupported_said, "CU_JIT_GLOBAL_SYMBOL_NAMES") != NULL);
	options[1] = CU_JIT_REFERENCED_VARIABLE_NAMES;
	load_options_init(&o);
	CHECK_EQ(load_options_jit(&o, 2, options, values),
		 CUDA_ERROR_NOT_SUPPORTED);

	load_options_init(&o);
	CHECK_EQ(load_options_jit(&o, 1, NULL, values),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(load_options_jit(&o, 1, options, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(load_options_jit(&o, 0, NULL, NULL), CUDA_SUCCESS);
	CHECK_EQ(o.jit.jit_options_len, 0);
}

static void test_library_options(void)
{
	CUlibraryOption preserved[] = { CU_LIBRARY_BINARY_IS_PRESERVED };
	CUlibraryOption table[] = {
		CU_LIBRARY_BINARY_IS_PRESERVED,
		CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE,
	};
	CUlibraryHostUniversalFunctionAndDataTable t;
	void *values[] = { num(1), &t };
	struct load_options o;

	load_options_init(&o);
	CHECK_EQ(load_options_library(&o, 1, preserved, values, false),
		 CUDA_SUCCESS);
	CHECK_EQ(o.library.library_options_len, 1);
	CHECK_EQ(o.library.library_options_val[0].option,
		 CU_LIBRARY_BINARY_IS_PRESERVED);
	CHECK_EQ(o.library.library_options_val[0].value, 1);

	load_options_init(&o);
	CHECK_EQ(load_options_library(&o, 1, preserved, values, true),
		 CUDA_ERROR_INVALID_VALUE);

	load_options_init(&o);
	unsupported_said = NULL;
	CHECK_EQ(load_options_library(&o, 2, table, values, false),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK(unsupported_said != NULL &&
	      strstr(unsupported_said,
		     "CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE") !=
		      NULL);

	/* Values may be left out, as the driver allows: they travel as 0. */
	load_options_init(&o);
	CHECK_EQ(load_options_library(&o, 1, preserved, NULL, false),
		 CUDA_SUCCESS);
	CHECK_EQ(o.library.library_options_val[0].value, 0);

	load_options_init(&o);
	CHECK_EQ(load_options_library(&o, 1, NULL, values, false),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(load_options_library(&o, 0, NULL, NULL, true), CUDA_SUCCESS);
}

int main(void)
{
	test_logs_and_outputs();
	test_log_limits();
	test_refused_jit_options();
	test_library_options();
	return unit_report("test_load_options");
}
