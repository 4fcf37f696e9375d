/*
 * test_module.c - unit test of the client's module and library entry points
 * (stubs/code/module.c, with image.c, load_options.c and params.c), against a
 * fake server: the RPC procedures they call are defined here and record
 * what reached the wire.
 *
 * It checks what travels (image pieces, options), what comes back into the
 * program's memory (handles, logs, option values, globals), that an image's
 * pieces and its load share one rpc_begin/rpc_end, that unloads empty the
 * layout cache, and the errors the client answers itself.
 * Exits 0 when every check passed.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fake_conn.h"
#include "common/image.h"
#include "unit_check.h"

/* ------------------------------------------------------ the fake server */

#define MODULE  0x5000ull
#define LIBRARY 0x6000ull

static struct {
	unsigned char *image;	/* what was staged, reassembled */
	size_t total;
	int pieces;
	size_t next_offset;
	int section;		/* of the last piece */
	int refuse_piece;	/* answer this piece (1-based) with an error */
	enum clnt_stat fail_piece_with;
} stage;

static struct {
	int calls;
	int section;
	int kind;		/* 1 module, 2 ex, 3 fat binary, 4 library */
	int err;		/* what the load answers */
	unsigned int jit_count, library_count;
	jit_option jit[8];
	library_option library[8];
} loaded;

static int unloads;

enum clnt_stat cu_image_stage(cu_size total, cu_size offset,
				    cu_bytes bytes, res_none *r, CLIENT *c)
{
	CHECK(c == &fake_client && fake_open_section != 0);
	stage.pieces++;
	stage.section = fake_open_section;
	if (stage.fail_piece_with != RPC_SUCCESS &&
	    stage.pieces == stage.refuse_piece)
		return stage.fail_piece_with;
	if (stage.pieces == stage.refuse_piece) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return RPC_SUCCESS;
	}
	CHECK(bytes.cu_bytes_len <= ONCUDA_CHUNK_DEFAULT);
	/* Offset 0 starts another image, after a whole one only. */
	if (offset == 0 && stage.next_offset == stage.total)
		stage.next_offset = 0;
	CHECK_EQ(offset, stage.next_offset);
	if (offset == 0) {
		free(stage.image);
		stage.image = malloc(total);
		stage.total = total;
	}
	CHECK_EQ(total, stage.total);
	CHECK(offset + bytes.cu_bytes_len <= total);
	memcpy(stage.image + offset, bytes.cu_bytes_val, bytes.cu_bytes_len);
	stage.next_offset = offset + bytes.cu_bytes_len;
	r->err = CUDA_SUCCESS;
	return RPC_SUCCESS;
}

/* Images kept as prelinked fatbins: how many, and the size of each. */
static struct {
	int count;
	size_t sizes[4];
	int section;
} kept;

enum clnt_stat cu_image_keep_prelinked(res_none *r, CLIENT *c)
{
	CHECK(c == &fake_client && fake_open_section != 0);
	CHECK_EQ(stage.next_offset, stage.total);	/* all of it came */
	if (kept.count < 4)
		kept.sizes[kept.count] = stage.total;
	kept.count++;
	kept.section = fake_open_section;
	r->err = CUDA_SUCCESS;
	return RPC_SUCCESS;
}

/* Fills a load's result as the XDR decoder would, from malloc. */
static enum clnt_stat answer_load(int kind, const jit_options *jit,
				  const library_options *lib,
				  res_loaded_image *r)
{
	jit_output *out;
	unsigned int i;

	CHECK(fake_open_section != 0);
	CHECK_EQ(stage.next_offset, stage.total);	/* all of it came */
	loaded.calls++;
	loaded.section = fake_open_section;
	loaded.kind = kind;
	loaded.jit_count = jit != NULL ? jit->jit_options_len : 0;
	loaded.library_count = lib != NULL ? lib->library_options_len : 0;
	for (i = 0; i < loaded.jit_count && i < 8; i++)
		loaded.jit[i] = jit->jit_options_val[i];
	for (i = 0; i < loaded.library_count && i < 8; i++)
		loaded.library[i] = lib->library_options_val[i];

	r->err = loaded.err;
	out = r->err == CUDA_SUCCESS ? &r->res_loaded_image_u.value.jit :
				       &r->res_loaded_image_u.jit;
	if (r->err == CUDA_SUCCESS)
		r->res_loaded_image_u.value.handle =
			kind == 4 ? LIBRARY : MODULE;
	/* Every value back, the log sizes as the bytes used. */
	out->values.values_len = loaded.jit_count;
	out->values.values_val = calloc(loaded.jit_count + 1, sizeof(u_quad_t));
	for (i = 0; i < loaded.jit_count; i++)
		out->values.values_val[i] = jit->jit_options_val[i].value;
	for (i = 0; i < loaded.jit_count; i++)
		if (jit->jit_options_val[i].option ==
		    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			out->values.values_val[i] = 8;
	out->info_log = strdup("info: fine");
	out->error_log = strdup(r->err == CUDA_SUCCESS ? "" : "error: bad ptx");
	return RPC_SUCCESS;
}

enum clnt_stat cu_module_load_data(res_loaded_image *r, CLIENT *c)
{
	(void)c;
	return answer_load(1, NULL, NULL, r);
}

enum clnt_stat cu_module_load_data_ex(jit_options o,
					    res_loaded_image *r, CLIENT *c)
{
	(void)c;
	return answer_load(2, &o, NULL, r);
}

enum clnt_stat cu_module_load_fat_binary(res_loaded_image *r, CLIENT *c)
{
	(void)c;
	return answer_load(3, NULL, NULL, r);
}

enum clnt_stat cu_library_load_data(jit_options jit,
					  library_options lib,
					  res_loaded_image *r, CLIENT *c)
{
	(void)c;
	return answer_load(4, &jit, &lib, r);
}

enum clnt_stat cu_module_unload(cu_handle m, res_none *r, CLIENT *c)
{
	(void)c;
	CHECK_EQ(m, MODULE);
	unloads++;
	r->err = CUDA_SUCCESS;
	return RPC_SUCCESS;
}

enum clnt_stat cu_library_unload(cu_handle l, res_none *r, CLIENT *c)
{
	(void)c;
	CHECK_EQ(l, LIBRARY);
	unloads++;
	r->err = CUDA_SUCCESS;
	return RPC_SUCCESS;
}

static enum clnt_stat answer_global(const char *name, res_dev_range *r)
{
	r->err = strcmp(name, "g_value") == 0 ? CUDA_SUCCESS :
						 CUDA_ERROR_NOT_FOUND;
	r->res_dev_range_u.value.base = 0xd000;
	r->res_dev_range_u.value.size = 4;
	return RPC_SUCCESS;
}

enum clnt_stat cu_module_get_global(cu_handle m, cu_name name,
					  res_managed_var *r, CLIENT *c)
{
	res_dev_range g;

	(void)c;
	CHECK_EQ(m, MODULE);
	memset(&g, 0, sizeof(g));
	(void)answer_global(name, &g);
	memset(r, 0, sizeof(*r));
	r->err = g.err;
	r->res_managed_var_u.value.base = g.res_dev_range_u.value.base;
	r->res_managed_var_u.value.size = g.res_dev_range_u.value.size;
	return RPC_SUCCESS;
}

enum clnt_stat cu_library_get_global(cu_handle l, cu_name name,
					   res_dev_range *r, CLIENT *c)
{
	(void)c;
	CHECK_EQ(l, LIBRARY);
	return answer_global(name, r);
}

/*
 * cuLibraryGetManaged: the server's answer (side_size 0: a damaged one
 * whose variable lies outside its side), and what library.c asked of the
 * managed memory (managed.c) and mapped memory (mapped.c) layers.
 */
static struct {
	uint64_t side, side_size;
	int sides, pulls, unloaded, section;
	uint64_t side_library;
} managed;

enum clnt_stat cu_library_get_managed(cu_handle l, cu_name name,
    res_managed_var *r, CLIENT *c)
{
	(void)c;
	CHECK_EQ(l, LIBRARY);
	CHECK(strcmp(name, "counter") == 0);
	managed.section = fake_open_section;
	r->err = CUDA_SUCCESS;
	r->res_managed_var_u.value.base = 0x7f0000001008ull;
	r->res_managed_var_u.value.size = 4;
	r->res_managed_var_u.value.side = managed.side;
	r->res_managed_var_u.value.side_size = managed.side_size;
	return RPC_SUCCESS;
}

bool managed_var_side(uint64_t library, uint64_t at, size_t size)
{
	CHECK(fake_open_section == managed.section);
	CHECK_EQ(at, managed.side);
	CHECK_EQ(size, managed.side_size);
	managed.side_library = library;
	managed.sides++;
	return true;
}

/* A library's or (cuModuleUnload) a module's. */
void managed_library_unloaded(uint64_t library)
{
	CHECK(library == LIBRARY || library == MODULE);
	managed.unloaded++;
}

enum clnt_stat mapped_pull_fresh(CLIENT *c, int *err)
{
	(void)err;
	CHECK(c == &fake_client && fake_open_section == managed.section);
	managed.pulls++;
	return RPC_SUCCESS;
}

/* ---------------------------------------------------------------- tests */

static void reset_stage(void)
{
	free(stage.image);
	memset(&stage, 0, sizeof(stage));
	memset(&loaded, 0, sizeof(loaded));
}

/* A fatbin of `size` bytes in all, its payload a counting pattern. */
static unsigned char *make_fatbin(size_t size)
{
	unsigned char *f = malloc(size);
	uint32_t magic = IMAGE_FATBIN_MAGIC;
	uint16_t header = IMAGE_FATBIN_HEADER;
	uint64_t payload = size - 16;
	size_t i;

	if (f == NULL)
		abort();
	for (i = 16; i < size; i++)
		f[i] = (unsigned char)(i % 251);
	memset(f, 0, 16);
	memcpy(f, &magic, 4);
	memcpy(f + 6, &header, 2);
	memcpy(f + 8, &payload, 8);
	return f;
}

static void test_load_in_pieces(void)
{
	size_t size = 2 * ONCUDA_CHUNK_DEFAULT + 12345;
	unsigned char *fatbin = make_fatbin(size);
	struct { int magic, version; const void *data; void *rest; } wrapper = {
		(int)IMAGE_WRAPPER_MAGIC, 1, fatbin, NULL,
	};
	CUlibrary lib = NULL;
	CUmodule m = NULL;
	int before;

	reset_stage();
	before = fake_sections;
	CHECK_EQ(cuModuleLoadData(&m, fatbin), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)m, MODULE);
	CHECK_EQ(stage.pieces, 3);
	CHECK_EQ(stage.total, size);
	CHECK(memcmp(stage.image, fatbin, size) == 0);
	CHECK_EQ(loaded.kind, 1);
	/* Pieces and load in one section, and only one. */
	CHECK_EQ(fake_sections, before + 1);
	CHECK_EQ(stage.section, loaded.section);

	/* A wrapper sends the fatbin it points to, for a library only (the
	 * driver's module loads refuse wrappers). */
	reset_stage();
	CHECK_EQ(cuLibraryLoadData(&lib, &wrapper, NULL, NULL, 0, NULL, NULL,
				   0), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)lib, LIBRARY);
	CHECK_EQ(loaded.kind, 4);
	CHECK_EQ(stage.total, size);
	CHECK(memcmp(stage.image, fatbin, size) == 0);
	CHECK_EQ(kept.count, 0);

	/* A linked wrapper (version 2): its listed fatbins go first, each
	 * kept by the server, then the linked one, all in the load's call. */
	{
		unsigned char *one = make_fatbin(100), *two = make_fatbin(5000);
		const void *list[] = { one, two, NULL };

		wrapper.version = 2;
		wrapper.rest = list;
		reset_stage();
		before = fake_sections;
		CHECK_EQ(cuLibraryLoadData(&lib, &wrapper, NULL, NULL, 0, NULL,
					   NULL, 0), CUDA_SUCCESS);
		CHECK_EQ(kept.count, 2);
		CHECK_EQ(kept.sizes[0], 100);
		CHECK_EQ(kept.sizes[1], 5000);
		CHECK_EQ(kept.section, loaded.section);
		CHECK_EQ(fake_sections, before + 1);
		CHECK_EQ(stage.total, size);
		CHECK(memcmp(stage.image, fatbin, size) == 0);
		/* A module load never sends them. */
		kept.count = 0;
		CHECK_EQ(cuModuleLoadData(&m, fatbin), CUDA_SUCCESS);
		CHECK_EQ(kept.count, 0);
		wrapper.version = 1;
		wrapper.rest = NULL;
		free(one);
		free(two);
	}
	reset_stage();
	CHECK_EQ(cuModuleLoadFatBinary(&m, &wrapper), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(cuModuleLoadData(&m, &wrapper), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(stage.pieces, 0);
	reset_stage();
	CHECK_EQ(cuModuleLoadFatBinary(&m, fatbin), CUDA_SUCCESS);
	CHECK_EQ(loaded.kind, 3);

	/* The server refuses the second piece: no load. */
	reset_stage();
	stage.refuse_piece = 2;
	CHECK_EQ(cuModuleLoadData(&m, fatbin), CUDA_ERROR_OUT_OF_MEMORY);
	CHECK_EQ(stage.pieces, 2);
	CHECK_EQ(loaded.calls, 0);

	/* The connection breaks at the second piece. */
	reset_stage();
	stage.refuse_piece = 2;
	stage.fail_piece_with = RPC_TIMEDOUT;
	CHECK_EQ(cuModuleLoadData(&m, fatbin), CUDA_ERROR_DEVICE_UNAVAILABLE);
	CHECK_EQ(loaded.calls, 0);
	CHECK_EQ(fake_open_section, 0);

	/* Refused in the client: nothing is sent. */
	reset_stage();
	before = fake_sections;
	CHECK_EQ(cuModuleLoadData(&m, "bad\001image"),
		 CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(cuModuleLoadData(&m, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuModuleLoadData(NULL, fatbin), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuModuleLoad(&m, "/nonexistent/kernels.cubin"),
		 CUDA_ERROR_FILE_NOT_FOUND);
	CHECK_EQ(fake_sections, before);
	reset_stage();
	free(fatbin);
}

static void test_load_from_file(void)
{
	char path[] = "/tmp/oncuda-test-module-XXXXXX";
	static const char ptx[] = ".version 8.0\n.target sm_90\n";
	CUlibraryOption preserve[] = { CU_LIBRARY_BINARY_IS_PRESERVED };
	void *one[] = { (void *)(uintptr_t)1 };
	CUlibrary lib = NULL;
	CUmodule m = NULL;
	int fd = mkstemp(path), before;

	if (fd < 0 || write(fd, ptx, sizeof(ptx) - 1) != sizeof(ptx) - 1)
		abort();
	close(fd);

	/* The file's bytes and a NUL, PTX being text. */
	reset_stage();
	CHECK_EQ(cuModuleLoad(&m, path), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)m, MODULE);
	CHECK_EQ(stage.total, sizeof(ptx));
	CHECK(memcmp(stage.image, ptx, sizeof(ptx)) == 0);

	reset_stage();
	CHECK_EQ(cuLibraryLoadFromFile(&lib, path, NULL, NULL, 0, NULL, NULL,
				       0), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)lib, LIBRARY);
	CHECK_EQ(loaded.kind, 4);
	CHECK_EQ(cuLibraryLoadFromFile(&lib, path, NULL, NULL, 0, preserve,
				       one, 1), CUDA_ERROR_INVALID_VALUE);
	reset_stage();
	CHECK_EQ(cuLibraryLoadData(&lib, ptx, NULL, NULL, 0, preserve, one, 1),
		 CUDA_SUCCESS);
	CHECK_EQ(loaded.library_count, 1);
	CHECK_EQ(loaded.library[0].option, CU_LIBRARY_BINARY_IS_PRESERVED);
	CHECK_EQ(loaded.library[0].value, 1);
	/* An empty file is no image; the server is not asked. */
	fd = open(path, O_WRONLY | O_TRUNC);
	close(fd);
	reset_stage();
	before = fake_sections;
	CHECK_EQ(cuModuleLoad(&m, path), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(fake_sections, before);
	unlink(path);
	reset_stage();
}

/* A failed load still fills the program's logs and option values. */
static void test_jit_outputs(void)
{
	static const char ptx[] = ".version 8.0\n";
	char info[64], error[64];
	CUjit_option options[] = {
		CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_OPTIMIZATION_LEVEL,
	};
	void *values[] = {
		info, (void *)sizeof(info), error, (void *)sizeof(error),
		(void *)(uintptr_t)2,
	};
	CUjit_option pointer_option[] = { CU_JIT_GLOBAL_SYMBOL_NAMES };
	CUmodule m = NULL;

	reset_stage();
	loaded.err = CUDA_ERROR_INVALID_PTX;
	CHECK_EQ(cuModuleLoadDataEx(&m, ptx, 5, options, values),
		 CUDA_ERROR_INVALID_PTX);
	CHECK(m == NULL);
	CHECK_EQ(loaded.kind, 2);
	CHECK_EQ(loaded.jit_count, 5);
	CHECK_EQ(loaded.jit[4].value, 2);
	CHECK(strcmp(info, "info: fine") == 0);
	CHECK(strcmp(error, "error: bad ptx") == 0);
	CHECK(values[0] == info && values[2] == error);
	CHECK_EQ((uintptr_t)values[3], 8);
	CHECK_EQ((uintptr_t)values[1], sizeof(info));

	reset_stage();
	CHECK_EQ(cuModuleLoadDataEx(&m, ptx, 1, pointer_option, values),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK_EQ(stage.pieces, 0);
	reset_stage();
}

static void test_globals_and_unload(void)
{
	CUmodule m = (CUmodule)(uintptr_t)MODULE;
	CUlibrary l = (CUlibrary)(uintptr_t)LIBRARY;
	CUfunction f = (CUfunction)(uintptr_t)FAKE_VEC_ADD;
	CUdeviceptr p = 0;
	size_t bytes = 0, offset;
	char *long_name = malloc(ONCUDA_NAME_MAX + 2);
	int before;

	CHECK_EQ(cuModuleGetGlobal(&p, &bytes, m, "g_value"), CUDA_SUCCESS);
	CHECK_EQ(p, 0xd000);
	CHECK_EQ(bytes, 4);
	CHECK_EQ(cuModuleGetGlobal(NULL, &bytes, m, "g_value"), CUDA_SUCCESS);
	CHECK_EQ(cuModuleGetGlobal(NULL, NULL, m, "g_value"),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuLibraryGetGlobal(&p, NULL, l, "g_value"), CUDA_SUCCESS);
	CHECK_EQ(cuModuleGetGlobal(&p, &bytes, m, "nope"),
		 CUDA_ERROR_NOT_FOUND);
	CHECK_EQ(cuModuleGetGlobal(&p, &bytes, m, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	memset(long_name, 'a', ONCUDA_NAME_MAX + 1);
	long_name[ONCUDA_NAME_MAX + 1] = '\0';
	before = fake_sections;
	CHECK_EQ(cuModuleGetGlobal(&p, &bytes, m, long_name),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK_EQ(fake_sections, before);
	free(long_name);

	/* A managed variable: its side mapped and pulled within the call. */
	managed.side = 0x7f0000000000ull;
	managed.side_size = 0x200000;
	CHECK_EQ(cuLibraryGetManaged(&p, &bytes, l, "counter"), CUDA_SUCCESS);
	CHECK_EQ(p, 0x7f0000001008ull);
	CHECK_EQ(bytes, 4);
	CHECK_EQ(managed.sides, 1);
	CHECK_EQ(managed.pulls, 1);
	CHECK_EQ(managed.side_library, LIBRARY);
	/* A reply whose variable is outside its side maps nothing. */
	managed.side_size = 0;
	CHECK_EQ(cuLibraryGetManaged(&p, &bytes, l, "counter"),
		 CUDA_ERROR_OUT_OF_MEMORY);
	CHECK_EQ(managed.sides, 1);
	CHECK_EQ(cuLibraryGetManaged(&p, NULL, l, NULL),
		 CUDA_ERROR_INVALID_VALUE);

	/* Unloads empty the layout cache. */
	before = fake_layout_calls();
	CHECK_EQ(cuFuncGetParamInfo(f, 0, &offset, NULL), CUDA_SUCCESS);
	CHECK_EQ(cuFuncGetParamInfo(f, 1, &offset, NULL), CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 1);
	CHECK_EQ(cuModuleUnload(m), CUDA_SUCCESS);
	CHECK_EQ(cuFuncGetParamInfo(f, 1, &offset, NULL), CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 2);
	CHECK_EQ(cuLibraryUnload(l), CUDA_SUCCESS);
	CHECK_EQ(cuFuncGetParamInfo(f, 1, &offset, NULL), CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 3);
	CHECK_EQ(unloads, 2);
	CHECK_EQ(managed.unloaded, 2);
}

/* library.c's cuLibraryGetKernel and cuKernelGetFunction, module.c's
 * cuModuleGetFunction ask the server through the generated glue, which
 * this test does not link; it tests no function lookup. */
CUresult on_server_cuLibraryGetKernel(unsigned server, CUkernel *pKernel,
    CUlibrary library, const char *name);
CUresult on_server_cuLibraryGetKernel(unsigned server, CUkernel *pKernel,
    CUlibrary library, const char *name)
{
	(void)server, (void)pKernel, (void)library, (void)name;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult plain_cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel);
CUresult plain_cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel)
{
	(void)pFunc, (void)kernel;
	return CUDA_ERROR_NOT_SUPPORTED;
}

CUresult plain_cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
    const char *name);
CUresult plain_cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
    const char *name)
{
	(void)hfunc, (void)hmod, (void)name;
	return CUDA_ERROR_NOT_SUPPORTED;
}

int main(void)
{
	test_load_in_pieces();
	test_load_from_file();
	test_jit_outputs();
	test_globals_and_unload();
	/* Empty the cache, for leak checkers. */
	cuModuleUnload((CUmodule)(uintptr_t)MODULE);
	reset_stage();
	return unit_report("test_module");
}
