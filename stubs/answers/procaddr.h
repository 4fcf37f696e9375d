/*
 * procaddr.h -- which entry point cuGetProcAddress answers.
 *
 * The rules, apart from the table and the symbol lookup, so that the unit
 * tests can check them on rows of their own (test_client_procaddr.c).
 */
#ifndef ONCUDA_PROCADDR_H
#define ONCUDA_PROCADDR_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

/*
 * "From min_version on, with these flags, the driver answers symbol"
 * (stubs/answers/procaddr-580.tsv, written by tools/procaddr-probe).  flags is 0, or CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM
 * for the per-thread variants.  Tables are sorted by name (strcmp).
 */
struct procaddr_row {
	const char *name;
	int min_version;
	int flags;
	const char *symbol;
};

/* Whether the library defines an entry point called `symbol`. */
typedef bool procaddr_defined_fn(const char *symbol);

/*
 * Finds the symbol that answers (name, version, flags) and writes it to
 * symbol[len]:
 *  - a name in the table: the row with the largest min_version <= version
 *    among the per-thread rows when flags ask for per-thread, else (or when
 *    there is none) among the others; CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
 *    when every row is newer than version;
 *  - a name not in the table: CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND; the
 *    table holds every name the driver answers, so this is the driver's
 *    answer to one it does not know;
 *  - a row whose symbol the library lacks (`defined` says):
 *    CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND.
 * CU_GET_PROC_ADDRESS_DEFAULT counts as legacy: per-thread only when a
 * program was built for it, and then cuda.h itself adds the flag.
 */
CUdriverProcAddressQueryResult procaddr_resolve(const struct procaddr_row *rows,
    size_t n_rows, const char *name, int version, cuuint64_t flags,
    procaddr_defined_fn *defined, char *symbol, size_t len);

#endif
