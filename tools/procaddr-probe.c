/*
 * procaddr-probe -- ask a real NVIDIA driver how it answers cuGetProcAddress,
 * and write the table oncuda's own cuGetProcAddress answers from.
 *
 *     tools/procaddr-probe [LIBCUDA [NAMES...]] > stubs/answers/procaddr-580.tsv
 *
 * LIBCUDA is the driver to ask ("libcuda.so.1", found as the dynamic
 * linker finds it, unless a path is given); NAMES are files of entry point
 * names, one a line ("#" lines are comments), by default
 * stubs/answers/driver-exports.txt.  The driver is loaded with dlopen, so the probe
 * builds and links without one.
 *
 * Why: cuGetProcAddress(name, version, flags) names an ABI, not a symbol.
 * The CUDA runtime asks for "cuMemcpyHtoD" at version 3020 and must get
 * cuMemcpyHtoD_v2; with flags 2 (per-thread default stream) at 7000 it
 * must get cuMemcpyHtoD_v2_ptds.  Only the driver knows its answers, so
 * we ask it every name x every CUDA version x flags 0, 1 and 2, and
 * commit what it says.
 *
 * What is asked: each name of NAMES as it is, and its base names without
 * the suffixes _ptds/_ptsz and _vN (cuMemcpyHtoD_v2_ptds is asked as
 * itself, cuMemcpyHtoD_v2 and cuMemcpyHtoD); the versions are 0 and every
 * MAJOR*1000 + MINOR*10 from 1000 up to the driver's own version: every
 * CUDA release and more, which does no harm, as the driver only compares
 * numbers.  An answered address is named by the exported names of NAMES
 * at that address, else by dladdr when it names the address exactly
 * (procaddr-names.h); an address no symbol names exactly is never given
 * a name, but written as a "# unnamed" comment line.
 *
 * What is written: the rows of stubs/answers/procaddr.h, "from min_version on,
 * with these flags, the driver answers symbol", only where an answer
 * changes: for flags 0 every change; for flags 2 every change from the
 * first version where the answer differs from that of flags 0 (below it
 * the rules answer from the flags-0 rows).  The rules answer flags 1 from
 * the flags-0 rows, and a name without rows as one the driver does not
 * know.  Then every row is read back through stubs/answers/procaddr_rules.c, the
 * rules oncuda answers with, for every name, version and flags asked;
 * where they would answer otherwise than the driver did, a "# differs"
 * comment line says so, and the count goes to stderr.  So the table is
 * either exact or says where it is not.  The output does not depend on
 * when or how often the probe runs.
 *
 * Following a new CUDA release: on a machine with the new driver,
 * refresh stubs/answers/driver-exports.txt (its header gives the command), run
 *     make tools/procaddr-probe
 *     tools/procaddr-probe > stubs/procaddr-<driver>.tsv
 * read the "# differs" lines and the summary on stderr, commit the table,
 * point stubs/build.mk and stubs/answers/procaddr.c at it, and rebuild;
 * tools/procaddr-check.py then asks the built library every answer the
 * driver was seen giving real programs.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda.h>

#include "procaddr-names.h"
#include "stubs/answers/procaddr.h"

typedef CUresult get_proc_fn(const char *symbol, void **pfn, int version,
    cuuint64_t flags, CUdriverProcAddressQueryResult *status);
typedef CUresult init_fn(unsigned int flags);
typedef CUresult version_fn(int *version);

enum { N_FLAGS = 3, PER_THREAD = CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM };

/* One answer of the driver: its return code, status and address. */
struct answer {
	CUresult rc;
	int status;
	void *address;
};

static void *driver;
static get_proc_fn *get_proc;
static struct name_list names;	/* what is asked, sorted, each once */
static struct export_map *exports;
static int *versions;
static size_t n_versions;

/* How many answers came with each return code and status. */
static struct kind {
	int rc, status;
	unsigned long count;
} kinds[16];
static size_t n_kinds;
static unsigned long n_aliased, n_unnamed, n_differs;

/*
 * 0, then every MAJOR * 1000 + MINOR * 10 (MINOR 0 to 9) from 1.0 up to
 * the driver's version: a superset of the CUDA releases.
 */
static void list_versions(int driver_version)
{
	versions = calloc(1 + (size_t)(driver_version / 1000) * 10,
	    sizeof(*versions));
	if (versions == NULL) {
		perror("procaddr-probe");
		exit(1);
	}
	versions[n_versions++] = 0;
	for (int major = 1; major * 1000 <= driver_version; major++)
		for (int minor = 0; minor < 10; minor++)
			if (major * 1000 + minor * 10 <= driver_version)
				versions[n_versions++] = major * 1000 + minor * 10;
}

static bool same(const struct answer *a, const struct answer *b)
{
	return a->rc == b->rc && a->status == b->status &&
	    a->address == b->address;
}

static void count_kind(const struct answer *a)
{
	size_t i = 0;

	while (i < n_kinds && (kinds[i].rc != (int)a->rc ||
	    kinds[i].status != a->status))
		i++;
	if (i == n_kinds && n_kinds < sizeof(kinds) / sizeof(kinds[0]))
		kinds[n_kinds++] = (struct kind){ (int)a->rc, a->status, 0 };
	if (i < n_kinds)
		kinds[i].count++;
	else	/* more kinds than anyone expects: count them as the last */
		kinds[n_kinds - 1].count++;
}

static void ask(const char *name, struct answer *out)
{
	for (int flags = 0; flags < N_FLAGS; flags++) {
		for (size_t i = 0; i < n_versions; i++) {
			CUdriverProcAddressQueryResult status =
			    (CUdriverProcAddressQueryResult)-1;
			struct answer *a = &out[flags * n_versions + i];
			void *fn = NULL;

			a->rc = get_proc(name, &fn, versions[i],
			    (cuuint64_t)flags, &status);
			a->status = (int)status;
			a->address = a->rc == CUDA_SUCCESS ? fn : NULL;
			count_kind(a);
		}
	}
}

/*
 * Appends a row for answer a at version index i, unless it is no answer
 * or an address nothing names exactly: that one is written as a comment,
 * and the read-back reports what the rules answer in its place.
 */
static void add_row(struct procaddr_row *rows, size_t *n_rows,
    const char *name, size_t i, int flags, const struct answer *a)
{
	const char *symbol;
	char said[300];
	bool aliased;

	if (a->address == NULL)
		return;
	if ((symbol = export_map_name(exports, a->address, name,
	    &aliased)) == NULL) {
		printf("# unnamed\t%s\t%d\t%d\t%s\n", name, versions[i], flags,
		    export_map_describe(exports, a->address, name, said,
		    sizeof(said)));
		n_unnamed++;
		return;
	}
	n_aliased += aliased;
	rows[(*n_rows)++] = (struct procaddr_row){ name, versions[i], flags,
	    symbol };
}

/* The rows of one name (stubs/answers/procaddr.h), from its answers. */
static size_t make_rows(const char *name, const struct answer *answers,
    struct procaddr_row *rows)
{
	const struct answer *legacy = answers, *per_thread =
	    &answers[PER_THREAD * n_versions];
	size_t n_rows = 0, i;

	for (i = 0; i < n_versions; i++)
		if (i == 0 || !same(&legacy[i], &legacy[i - 1]))
			add_row(rows, &n_rows, name, i, 0, &legacy[i]);
	for (i = 0; i < n_versions && same(&per_thread[i], &legacy[i]); i++)
		;
	for (size_t first = i; i < n_versions; i++)
		if (i == first || !same(&per_thread[i], &per_thread[i - 1]))
			add_row(rows, &n_rows, name, i, PER_THREAD,
			    &per_thread[i]);
	return n_rows;
}

static bool driver_defines(const char *symbol)
{
	return dlsym(driver, symbol) != NULL;
}

/* Reads the rows back through oncuda's rules; says where they differ. */
static void check_rows(const char *name, const struct answer *answers,
    const struct procaddr_row *rows, size_t n_rows)
{
	for (int flags = 0; flags < N_FLAGS; flags++) {
		size_t differ = 0, first = 0;
		struct answer want = { CUDA_SUCCESS, 0, NULL };

		for (size_t i = 0; i < n_versions; i++) {
			const struct answer *got = &answers[flags * n_versions + i];
			char symbol[256];
			struct answer rule = { CUDA_SUCCESS, 0, NULL };

			rule.status = (int)procaddr_resolve(rows, n_rows, name,
			    versions[i], (cuuint64_t)flags, driver_defines,
			    symbol, sizeof(symbol));
			if (rule.status == CU_GET_PROC_ADDRESS_SUCCESS)
				rule.address = dlsym(driver, symbol);
			/* oncuda's return code is its own (procaddr.c); the
			 * summary counts the driver's. */
			if (got->status == rule.status &&
			    got->address == rule.address)
				continue;
			if (differ++ == 0) {
				first = i;
				want = rule;
			}
		}
		if (differ > 0) {
			const struct answer *got =
			    &answers[flags * n_versions + first];
			char said[300], ours[300];

			printf("# differs\t%s\tflags %d\t%zu of %zu versions, "
			    "first %d: driver %s (status %d, rc %d), rules %s "
			    "(status %d)\n", name, flags, differ, n_versions,
			    versions[first], export_map_describe(exports,
			    got->address, name, said, sizeof(said)),
			    got->status, (int)got->rc, export_map_describe(
			    exports, want.address, name, ours, sizeof(ours)),
			    want.status);
			n_differs++;
		}
	}
}

static void print_header(const char *lib, char **name_files, int n_files,
    int driver_version)
{
	const char *file = lib;
	char *real = NULL;
	Dl_info info;

	if (dladdr((void *)get_proc, &info) != 0 && info.dli_fname != NULL &&
	    (real = realpath(info.dli_fname, NULL)) != NULL)
		file = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
	fprintf(stderr, "procaddr-probe: asking %s (%s), version %d\n",
	    real ? real : lib, lib, driver_version);
	printf("# cuGetProcAddress answers of the NVIDIA driver %s "
	    "(cuDriverGetVersion %d):\n", file, driver_version);
	printf("# from min_version on, with these flags, the driver answers "
	    "symbol.\n");
	printf("# Made by tools/procaddr-probe (which says how rows are chosen)"
	    " from the driver's\n# answers for %zu names (", names.n);
	for (int i = 0; i < n_files; i++)
		printf("%s%s", i ? ", " : "", name_files[i]);
	printf(", each as it is and its base names)\n# x %zu versions "
	    "(0, 1000, 1010 ... %d) x flags 0, 1, 2.  Do not edit: "
	    "regenerate.\n# name\tmin_version\tflags\tsymbol\n", n_versions,
	    versions[n_versions - 1]);
	free(real);
}

static void print_summary(size_t n_rows, double seconds)
{
	unsigned long asked = 0;

	/* The status is a CUdriverProcAddressQueryResult; -1 is unset. */
	for (size_t i = 0; i < n_kinds; i++) {
		printf("# answers with CUresult %d and status %d: %lu\n",
		    kinds[i].rc, kinds[i].status, kinds[i].count);
		asked += kinds[i].count;
	}
	fprintf(stderr, "procaddr-probe: %lu requests in %.1f s; %zu rows; "
	    "%lu answers named among aliases; %lu addresses without a name; "
	    "%lu \"# differs\" lines%s\n", asked, seconds, n_rows, n_aliased,
	    n_unnamed, n_differs, n_differs ? ": read them" : "");
}

static void *need(const char *lib, const char *symbol)
{
	void *p = dlsym(driver, symbol);

	if (p == NULL) {
		fprintf(stderr, "procaddr-probe: %s has no %s: is it a CUDA "
		    "driver of CUDA 12.0 or later?\n", lib, symbol);
		exit(1);
	}
	return p;
}

int main(int argc, char **argv)
{
	static char *default_names[] = { "stubs/answers/driver-exports.txt" };
	const char *lib = argc > 1 ? argv[1] : "libcuda.so.1";
	char **name_files = argc > 2 ? argv + 2 : default_names;
	int n_files = argc > 2 ? argc - 2 : 1, driver_version = 0;
	struct procaddr_row *rows;
	struct answer *answers;
	struct timespec start, end;
	size_t n_rows = 0;
	CUresult rc;

	for (int i = 0; i < n_files; i++)
		name_list_read(&names, name_files[i]);
	name_list_sort(&names);
	if ((driver = dlopen(lib, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		fprintf(stderr, "procaddr-probe: cannot load %s (%s): give the "
		    "driver's path as the first argument\n", lib, dlerror());
		return 1;
	}
	get_proc = (get_proc_fn *)need(lib, "cuGetProcAddress_v2");
	/* The CUDA runtime asks cuGetProcAddress before cuInit, so the
	 * answers should not depend on it; a failure is worth a word only. */
	if ((rc = ((init_fn *)need(lib, "cuInit"))(0)) != CUDA_SUCCESS)
		fprintf(stderr, "procaddr-probe: cuInit(0) returned %d; "
		    "asking all the same\n", (int)rc);
	if (((version_fn *)need(lib, "cuDriverGetVersion"))(&driver_version)
	    != CUDA_SUCCESS || driver_version < 1000) {
		fprintf(stderr, "procaddr-probe: cuDriverGetVersion failed; "
		    "asking up to %d, the version of cuda.h\n", CUDA_VERSION);
		driver_version = CUDA_VERSION;
	}
	exports = export_map_make(driver, &names);
	list_versions(driver_version);
	print_header(lib, name_files, n_files, driver_version);

	answers = calloc(N_FLAGS * n_versions, sizeof(*answers));
	rows = calloc(2 * n_versions, sizeof(*rows));
	if (answers == NULL || rows == NULL) {
		perror("procaddr-probe");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (size_t i = 0; i < names.n; i++) {
		const char *name = names.names[i];
		size_t n;

		ask(name, answers);
		n = make_rows(name, answers, rows);
		for (size_t r = 0; r < n; r++)
			printf("%s\t%d\t%d\t%s\n", rows[r].name,
			    rows[r].min_version, rows[r].flags, rows[r].symbol);
		check_rows(name, answers, rows, n);
		n_rows += n;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	print_summary(n_rows, (double)(end.tv_sec - start.tv_sec) +
	    (double)(end.tv_nsec - start.tv_nsec) / 1e9);

	export_map_free(exports);
	name_list_free(&names);
	free(versions);
	free(answers);
	free(rows);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("procaddr-probe: writing the table");
		return 1;
	}
	return 0;
}
