/*
 * test_client_procaddr.c - unit test of cuGetProcAddress: the rules of
 * stubs/answers/procaddr_rules.c on rows of its own, then the built library
 * (stubs/libcuda.so.1, loaded with dlopen; no server needed) against every
 * row of stubs/answers/procaddr-580.tsv.  Run it from the repository root, or give
 * the root as argument.  Exits 0 when every check passed.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/answers/procaddr.h"
#include "unit_check.h"

#define PER_THREAD CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM

/* Sorted by name, as the real table is. */
static const struct procaddr_row rows[] = {
	{ "cuCtxCreate", 2000, 0, "cuCtxCreate" },
	{ "cuCtxCreate", 3020, 0, "cuCtxCreate_v2" },
	{ "cuCtxCreate", 12050, 0, "cuCtxCreate_v4" },
	{ "cuMemcpyHtoD", 2000, 0, "cuMemcpyHtoD" },
	{ "cuMemcpyHtoD", 3020, 0, "cuMemcpyHtoD_v2" },
	{ "cuMemcpyHtoD", 7000, PER_THREAD, "cuMemcpyHtoD_v2_ptds" },
	{ "cuStreamGetCaptureInfo", 10010, 0, "cuStreamGetCaptureInfo" },
	{ "cuStreamGetCaptureInfo", 11030, 0, "cuStreamGetCaptureInfo_v2" },
	{ "cuStreamGetCaptureInfo", 10010, PER_THREAD, "cuStreamGetCaptureInfo_ptsz" },
	{ "cuStreamGetCaptureInfo", 11030, PER_THREAD, "cuStreamGetCaptureInfo_v2_ptsz" },
	{ "cuZebra", 5000, 0, "cuZebraMissing" },
};
#define N_ROWS (sizeof(rows) / sizeof(rows[0]))

/* What the pretend library defines. */
static const char *const defined_names[] = {
	"cuCtxCreate", "cuCtxCreate_v2", "cuCtxCreate_v4", "cuMemcpyHtoD",
	"cuMemcpyHtoD_v2", "cuMemcpyHtoD_v2_ptds", "cuStreamGetCaptureInfo",
	"cuStreamGetCaptureInfo_v2", "cuStreamGetCaptureInfo_ptsz",
	"cuStreamGetCaptureInfo_v2_ptsz", "cuExact",
};

static bool pretend_defined(const char *symbol)
{
	for (size_t i = 0; i < sizeof(defined_names) / sizeof(defined_names[0]); i++)
		if (strcmp(defined_names[i], symbol) == 0)
			return true;
	return false;
}

static void expect(const char *name, int version, cuuint64_t flags,
		   CUdriverProcAddressQueryResult status, const char *symbol)
{
	CUdriverProcAddressQueryResult got_status;
	char got[256] = "";

	got_status = procaddr_resolve(rows, N_ROWS, name, version, flags,
				      pretend_defined, got, sizeof(got));
	if (got_status != status || (status == CU_GET_PROC_ADDRESS_SUCCESS &&
				     strcmp(got, symbol) != 0)) {
		fprintf(stderr, "%s at %d flags %llu: got status %d %s, "
			"expected %d %s\n", name, version,
			(unsigned long long)flags, (int)got_status, got,
			(int)status, symbol ? symbol : "");
		unit_failures++;
	}
}

static void test_rules(void)
{
	const CUdriverProcAddressQueryResult ok = CU_GET_PROC_ADDRESS_SUCCESS;

	/* The row with the largest min_version <= version. */
	expect("cuCtxCreate", 2000, 0, ok, "cuCtxCreate");
	expect("cuCtxCreate", 3020, 0, ok, "cuCtxCreate_v2");
	expect("cuCtxCreate", 12040, 0, ok, "cuCtxCreate_v2");
	expect("cuCtxCreate", 12050, 0, ok, "cuCtxCreate_v4");
	expect("cuCtxCreate", 13000, 0, ok, "cuCtxCreate_v4");
	expect("cuCtxCreate", 1000, 0, CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT, NULL);
	/* Flags: 1 (legacy) and 0 (default) alike; 2 takes the per-thread
	 * rows, and below their first version the driver has no answer
	 * (version not sufficient, as driver 580 says); names without
	 * per-thread rows answer with the legacy ones. */
	expect("cuMemcpyHtoD", 7000, 0, ok, "cuMemcpyHtoD_v2");
	expect("cuMemcpyHtoD", 7000, 1, ok, "cuMemcpyHtoD_v2");
	expect("cuMemcpyHtoD", 7000, PER_THREAD, ok, "cuMemcpyHtoD_v2_ptds");
	expect("cuMemcpyHtoD", 12000, PER_THREAD, ok, "cuMemcpyHtoD_v2_ptds");
	expect("cuMemcpyHtoD", 6050, PER_THREAD,
	       CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT, NULL);
	expect("cuCtxCreate", 13000, PER_THREAD, ok, "cuCtxCreate_v4");
	expect("cuStreamGetCaptureInfo", 10010, PER_THREAD, ok, "cuStreamGetCaptureInfo_ptsz");
	expect("cuStreamGetCaptureInfo", 12000, PER_THREAD, ok, "cuStreamGetCaptureInfo_v2_ptsz");
	expect("cuStreamGetCaptureInfo", 12000, 0, ok, "cuStreamGetCaptureInfo_v2");
	expect("cuStreamGetCaptureInfo", 10000, PER_THREAD,
	       CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT, NULL);
	/* A row whose symbol the library lacks. */
	expect("cuZebra", 6000, 0, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);

	/* Names not in the table are names the driver does not know, even
	 * where the library has a symbol of that name: the table made by
	 * tools/procaddr-probe has rows for every name the driver answers. */
	expect("cuExact", 2000, 0, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);
	expect("cuMemcpyHtoD_v2", 13000, 0, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);
	expect("cuMemcpyHtoD_v2", 13000, PER_THREAD,
	       CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);
	expect("cuNothing", 13000, 0, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);
	expect("cu", 13000, 0, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);
	expect("", 0, 0, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, NULL);
}

typedef CUresult get_proc_v2_fn(const char *, void **, int, cuuint64_t,
				CUdriverProcAddressQueryResult *);
typedef CUresult get_proc_fn(const char *, void **, int, cuuint64_t);

/* Every row of the committed table, asked of the built library. */
static int check_table(void *lib, get_proc_v2_fn *get_proc_v2,
		       const char *root)
{
	CUdriverProcAddressQueryResult status;
	char path[4096], line[512];
	int checked = 0;
	FILE *table;

	snprintf(path, sizeof(path), "%s/stubs/answers/procaddr-580.tsv", root);
	if ((table = fopen(path, "r")) == NULL) {
		perror(path);
		unit_failures++;
		return 0;
	}
	while (fgets(line, sizeof(line), table) != NULL) {
		char name[200], symbol[200];
		int version, flags;
		void *fn = NULL, *want;

		if (line[0] == '#' || sscanf(line, "%199s %d %d %199s", name,
					     &version, &flags, symbol) != 4)
			continue;
		status = (CUdriverProcAddressQueryResult)-1;
		want = dlsym(lib, symbol);
		CHECK(want != NULL);
		CHECK_EQ(get_proc_v2(name, &fn, version, (cuuint64_t)flags,
				     &status), CUDA_SUCCESS);
		CHECK_EQ(status, CU_GET_PROC_ADDRESS_SUCCESS);
		if (fn != want) {
			fprintf(stderr, "%s at %d flags %d: not %s\n", name,
				version, flags, symbol);
			unit_failures++;
		}
		checked++;
	}
	fclose(table);
	return checked;
}

static void test_library(const char *root)
{
	CUdriverProcAddressQueryResult status;
	get_proc_v2_fn *get_proc_v2;
	get_proc_fn *get_proc;
	char path[4096];
	void *lib, *fn;

	snprintf(path, sizeof(path), "%s/stubs/libcuda.so.1", root);
	if ((lib = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		fprintf(stderr, "cannot load %s (%s): run make first\n", path,
			dlerror());
		unit_failures++;
		return;
	}
	get_proc_v2 = (get_proc_v2_fn *)dlsym(lib, "cuGetProcAddress_v2");
	get_proc = (get_proc_fn *)dlsym(lib, "cuGetProcAddress");
	CHECK(get_proc_v2 != NULL && get_proc != NULL);
	if (get_proc_v2 == NULL || get_proc == NULL)
		return;
	CHECK(check_table(lib, get_proc_v2, root) > 400);

	/* What the CUDA 13 runtime asks first, and what driver 580 answers. */
	fn = &fn;
	CHECK_EQ(get_proc_v2("", &fn, 0, 0, &status), CUDA_SUCCESS);
	CHECK(fn == NULL);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
	CHECK_EQ(get_proc_v2("cuGetProcAddress", &fn, 12000, 0, &status),
		 CUDA_SUCCESS);
	CHECK(fn == (void *)get_proc_v2);
	CHECK_EQ(get_proc("cuGetProcAddress", &fn, 11030, 0), CUDA_SUCCESS);
	CHECK(fn == (void *)get_proc);
	/* cuda.h 13 maps cuCtxCreate to _v4, introduced in 12.5. */
	CHECK_EQ(get_proc_v2("cuCtxCreate", &fn, 13000, 0, &status),
		 CUDA_SUCCESS);
	CHECK(fn == dlsym(lib, "cuCtxCreate_v4"));

	/* Too old or unknown: not an error of the call, as with driver 580;
	 * the status says why.  Beyond this driver, bad arguments: errors. */
	fn = &fn;
	CHECK_EQ(get_proc_v2("cuCtxCreate", &fn, 1000, 0, &status),
		 CUDA_SUCCESS);
	CHECK(fn == NULL);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
	fn = &fn;
	CHECK_EQ(get_proc_v2("cuNoSuchThing", &fn, 13000, 0, &status),
		 CUDA_SUCCESS);
	CHECK(fn == NULL);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
	fn = &fn;
	CHECK_EQ(get_proc("cuNoSuchThing", &fn, 13000, 0), CUDA_SUCCESS);
	CHECK(fn == NULL);
	CHECK_EQ(get_proc_v2("cuInit", &fn, 99000, 0, &status),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(get_proc_v2(NULL, &fn, 13000, 0, &status),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(get_proc_v2("cuInit", NULL, 13000, 0, &status),
		 CUDA_ERROR_INVALID_VALUE);
	/* The status is optional. */
	CHECK_EQ(get_proc_v2("cuInit", &fn, 2000, 0, NULL), CUDA_SUCCESS);
	CHECK(fn == dlsym(lib, "cuInit"));
	dlclose(lib);
}

int main(int argc, char **argv)
{
	test_rules();
	test_library(argc > 1 ? argv[1] : ".");
	return unit_report("test_client_procaddr");
}
