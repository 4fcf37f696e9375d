/*
 * procaddr-names.c -- the names tools/procaddr-probe asks for, and the
 * names of the addresses the driver answers (procaddr-names.h).
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "procaddr-names.h"

/* An exported name and where the driver has it. */
struct export {
	void *address;
	const char *name;
};

struct export_map {
	struct export *exports;	/* sorted by address, then name */
	size_t n;
};

static void *must(void *p)
{
	if (p == NULL) {
		perror("procaddr-probe");
		exit(1);
	}
	return p;
}

static void add_name(struct name_list *list, const char *name, size_t len)
{
	if (list->n == list->cap) {
		list->cap = list->cap ? 2 * list->cap : 1024;
		list->names = must(realloc(list->names,
		    list->cap * sizeof(*list->names)));
	}
	list->names[list->n++] = must(strndup(name, len));
}

static bool ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len > n && memcmp(s + len - n, suffix, n) == 0;
}

/* The length of name[len] without a trailing _vN, or len when it has none. */
static size_t without_abi(const char *name, size_t len)
{
	size_t i = len;

	while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
		i--;
	if (i < len && i >= 2 && name[i - 1] == 'v' && name[i - 2] == '_')
		return i - 2;
	return len;
}

static void add_with_bases(struct name_list *list, const char *name)
{
	size_t len = strlen(name);

	add_name(list, name, len);
	if (ends_with(name, len, "_ptds") || ends_with(name, len, "_ptsz")) {
		len -= 5;
		add_name(list, name, len);
	}
	if (without_abi(name, len) < len)
		add_name(list, name, without_abi(name, len));
}

void name_list_read(struct name_list *list, const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (f == NULL) {
		fprintf(stderr, "procaddr-probe: cannot read %s: %s; give the "
		    "names files after the driver's path\n", path,
		    strerror(errno));
		exit(1);
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		line[strcspn(line, " \t\r\n")] = '\0';
		if (line[0] != '\0' && line[0] != '#')
			add_with_bases(list, line);
	}
	fclose(f);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void name_list_sort(struct name_list *list)
{
	size_t kept = 0;

	qsort(list->names, list->n, sizeof(*list->names), by_name);
	for (size_t i = 0; i < list->n; i++) {
		if (kept > 0 && strcmp(list->names[kept - 1], list->names[i]) == 0)
			free(list->names[i]);
		else
			list->names[kept++] = list->names[i];
	}
	list->n = kept;
}

void name_list_free(struct name_list *list)
{
	for (size_t i = 0; i < list->n; i++)
		free(list->names[i]);
	free(list->names);
	*list = (struct name_list){ NULL, 0, 0 };
}

static int by_address(const void *a, const void *b)
{
	const struct export *x = a, *y = b;

	if (x->address != y->address)
		return (char *)x->address < (char *)y->address ? -1 : 1;
	return strcmp(x->name, y->name);
}

struct export_map *export_map_make(void *driver, const struct name_list *list)
{
	struct export_map *map = must(calloc(1, sizeof(*map)));

	map->exports = must(calloc(list->n ? list->n : 1,
	    sizeof(*map->exports)));
	for (size_t i = 0; i < list->n; i++) {
		void *address = dlsym(driver, list->names[i]);

		if (address != NULL)
			map->exports[map->n++] = (struct export){ address,
			    list->names[i] };
	}
	qsort(map->exports, map->n, sizeof(*map->exports), by_address);
	return map;
}

/* Index of the first export at address, or map->n when none is there. */
static size_t first_export(const struct export_map *map, void *address)
{
	size_t low = 0, high = map->n;

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if ((char *)map->exports[mid].address < (char *)address)
			low = mid + 1;
		else
			high = mid;
	}
	return low < map->n && map->exports[low].address == address ?
	    low : map->n;
}

/* How well an exported name fits the name asked: the lower the better. */
static int fit(const char *name, const char *asked)
{
	size_t len = strlen(asked);

	if (strcmp(name, asked) == 0)
		return 0;
	return strncmp(name, asked, len) == 0 && name[len] == '_' ? 1 : 2;
}

const char *export_map_name(const struct export_map *map, void *address,
    const char *asked, bool *aliased)
{
	size_t i = first_export(map, address), n = 0;
	const char *best = NULL;
	Dl_info info;

	for (; i < map->n && map->exports[i].address == address; i++, n++)
		if (best == NULL || fit(map->exports[i].name, asked) <
		    fit(best, asked))
			best = map->exports[i].name;
	*aliased = n > 1;
	if (best == NULL && dladdr(address, &info) != 0 &&
	    info.dli_sname != NULL && info.dli_saddr == address)
		best = info.dli_sname;
	return best;
}

const char *export_map_describe(const struct export_map *map, void *address,
    const char *asked, char *buf, size_t len)
{
	const char *symbol, *file;
	Dl_info info;
	bool aliased;

	if (address == NULL)
		snprintf(buf, len, "none");
	else if ((symbol = export_map_name(map, address, asked, &aliased)) != NULL)
		snprintf(buf, len, "%s", symbol);
	else if (dladdr(address, &info) == 0)
		snprintf(buf, len, "unnamed address outside any library");
	else if (info.dli_sname != NULL)
		snprintf(buf, len, "unnamed address %s+%#lx", info.dli_sname,
		    (unsigned long)((char *)address - (char *)info.dli_saddr));
	else {	/* as an offset into the file, which does not move */
		file = strrchr(info.dli_fname, '/');
		snprintf(buf, len, "unnamed address %s+%#lx",
		    file ? file + 1 : info.dli_fname,
		    (unsigned long)((char *)address - (char *)info.dli_fbase));
	}
	return buf;
}

void export_map_free(struct export_map *map)
{
	if (map != NULL)
		free(map->exports);
	free(map);
}
