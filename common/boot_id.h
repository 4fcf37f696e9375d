/*
 * common/boot_id.h -- the boot id that tells whether the client and the
 * server share a kernel and a machine, for the same-host path
 * (ONCUDA_LOCAL_WHERE) (boot_id.c).
 */
#ifndef ONCUDA_COMMON_BOOT_ID_H
#define ONCUDA_COMMON_BOOT_ID_H

#include <stddef.h>

/* The boot id of the system this process runs in into id ("" when
 * unknown), as boot_id.c says which. */
void boot_id_read(char *id, size_t len);

#endif
