/*
 * procaddr_rules.c -- which entry point cuGetProcAddress answers
 * (procaddr.h).
 */
#include <limits.h>
#include <string.h>

#include "stubs/answers/procaddr.h"

/* Index of the first row of `name`, or n_rows when it has none. */
static size_t first_row(const struct procaddr_row *rows, size_t n_rows,
    const char *name)
{
	size_t low = 0, high = n_rows;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (strcmp(rows[mid].name, name) < 0)
			low = mid + 1;
		else
			high = mid;
	}
	return low < n_rows && strcmp(rows[low].name, name) == 0 ? low : n_rows;
}

/* The row of `name` with these flags and the largest min_version <= version. */
static const struct procaddr_row *best_row(const struct procaddr_row *rows,
    size_t n_rows, size_t first, int version, int flags)
{
	const struct procaddr_row *best = NULL;

	for (size_t i = first; i < n_rows && strcmp(rows[i].name,
	    rows[first].name) == 0; i++)
		if (rows[i].flags == flags && rows[i].min_version <= version &&
		    (best == NULL || rows[i].min_version > best->min_version))
			best = &rows[i];
	return best;
}

CUdriverProcAddressQueryResult procaddr_resolve(const struct procaddr_row *rows,
    size_t n_rows, const char *name, int version, cuuint64_t flags,
    procaddr_defined_fn *defined, char *symbol, size_t len)
{
	bool per_thread = (flags & CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) != 0;
	size_t first = first_row(rows, n_rows, name);
	const struct procaddr_row *row = NULL;

	/* The table has every name the driver knows (tools/procaddr-probe). */
	if (first == n_rows)
		return CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	if (per_thread) {
		row = best_row(rows, n_rows, first, version,
		    CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM);
		/*
		 * A name with per-thread-stream variants has none below the
		 * version that brought them, and driver 580 then answers "version
		 * not sufficient" rather than the legacy-stream symbol (the
		 * "# differs" lines of the first probe, e.g. cuMemcpy at 4000-6990).
		 */
		if (row == NULL && best_row(rows, n_rows, first, INT_MAX,
		    CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) != NULL)
			return CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
	}
	if (row == NULL)
		row = best_row(rows, n_rows, first, version, 0);
	if (row == NULL)
		return CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
	if (strlen(row->symbol) >= len || !defined(row->symbol))
		return CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	strcpy(symbol, row->symbol);
	return CU_GET_PROC_ADDRESS_SUCCESS;
}
