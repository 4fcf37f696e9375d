/*
 * procaddr-names.h -- for tools/procaddr-probe: the names it asks the
 * driver for, and the names of the addresses the driver answers.
 */
#ifndef ONCUDA_PROCADDR_NAMES_H
#define ONCUDA_PROCADDR_NAMES_H

#include <stdbool.h>
#include <stddef.h>

struct name_list {
	char **names;
	size_t n, cap;
};

/*
 * Adds each name of the file at path (one a line; "#" lines are comments)
 * and the base names a program asks for it by: without _ptds/_ptsz, then
 * without _vN (cuMemcpyHtoD_v2_ptds adds cuMemcpyHtoD_v2 and
 * cuMemcpyHtoD).  Exits with a message when the file cannot be read.
 */
void name_list_read(struct name_list *list, const char *path);

/* Sorts the names by strcmp, each once, as stubs/answers/procaddr.h wants rows. */
void name_list_sort(struct name_list *list);

void name_list_free(struct name_list *list);

/* Where the driver has each of the names it exports. */
struct export_map;

struct export_map *export_map_make(void *driver, const struct name_list *list);

/*
 * The name to write for an address answered when `asked` was asked: an
 * exported name at that address, else what dladdr names exactly; NULL
 * when no symbol names it exactly.  Several exported names can share one
 * address (*aliased says so); all of them are the same function, and the
 * one made from the asked name is chosen, as a reader expects.
 */
const char *export_map_name(const struct export_map *map, void *address,
    const char *asked, bool *aliased);

/* The address as a person reads it: its name, "none", or where it is. */
const char *export_map_describe(const struct export_map *map, void *address,
    const char *asked, char *buf, size_t len);

void export_map_free(struct export_map *map);

#endif
