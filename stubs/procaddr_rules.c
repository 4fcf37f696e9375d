/*
 * procaddr_rules.c -- which entry point cuGetProcAddress answers
 * (procaddr.h).
 */
#include <stdio.h>
#include <string.h>

#include "procaddr.h"

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

static bool copy_if_defined(procaddr_defined_fn *defined, char *symbol,
    size_t len, const char *base, const char *suffix)
{
	char candidate[256];
	int n = snprintf(candidate, sizeof(candidate), "%s%s", base, suffix);

	if (n < 0 || (size_t)n >= sizeof(candidate) || (size_t)n >= len ||
	    !defined(candidate))
		return false;
	memcpy(symbol, candidate, (size_t)n + 1);
	return true;
}

/* A name the table does not know: what the library has of that name. */
static CUdriverProcAddressQueryResult by_name(const char *name,
    bool per_thread, procaddr_defined_fn *defined, char *symbol, size_t len)
{
	char base[256];
	bool found = copy_if_defined(defined, symbol, len, name, "");

	/* Entry points have gone up to _v4 so far; look a little beyond. */
	for (char n = '9'; !found && n >= '2'; n--) {
		char suffix[] = { '_', 'v', n, '\0' };

		found = copy_if_defined(defined, symbol, len, name, suffix);
	}
	if (!found)
		return CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	if (per_thread && strlen(symbol) < sizeof(base)) {
		strcpy(base, symbol);
		if (!copy_if_defined(defined, symbol, len, base, "_ptsz"))
			(void)copy_if_defined(defined, symbol, len, base, "_ptds");
	}
	return CU_GET_PROC_ADDRESS_SUCCESS;
}

CUdriverProcAddressQueryResult procaddr_resolve(const struct procaddr_row *rows,
    size_t n_rows, const char *name, int version, cuuint64_t flags,
    procaddr_defined_fn *defined, char *symbol, size_t len)
{
	bool per_thread = (flags & CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM) != 0;
	size_t first = first_row(rows, n_rows, name);
	const struct procaddr_row *row = NULL;

	if (first == n_rows)
		return by_name(name, per_thread, defined, symbol, len);
	if (per_thread)
		row = best_row(rows, n_rows, first, version,
		    CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM);
	if (row == NULL)
		row = best_row(rows, n_rows, first, version, 0);
	if (row == NULL)
		return CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
	if (strlen(row->symbol) >= len || !defined(row->symbol))
		return CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	strcpy(symbol, row->symbol);
	return CU_GET_PROC_ADDRESS_SUCCESS;
}
