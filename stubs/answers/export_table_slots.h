/*
 * export_table_slots.h -- how the files behind cuGetExportTable write
 * their tables (header only: macros).
 *
 * cuGetExportTable hands out tables of function pointers that NVIDIA's own
 * libraries (the CUDA runtime, cuBLAS, cuDNN) call instead of public entry
 * points.  They are answered entirely in the client: their slots are called
 * with pointers into the program's memory, and each slot oncuda implements
 * is either bookkeeping kept here or a public call that is remoted.  What
 * is known of them comes from observing driver 580
 * (../shared/reference/dark-api.md, "dark-api.md" below) and from public
 * descriptions (vosen/ZLUDA: dark_api/src/lib.rs, zluda/src/impl/driver.rs).
 */
#ifndef ONCUDA_EXPORT_TABLE_SLOTS_H
#define ONCUDA_EXPORT_TABLE_SLOTS_H

#include <stdint.h>

#include <cuda.h>

#include "stubs/link/say.h"

#define SLOT(fn) ((const void *)(fn))
#define SIZE_HEADER(n) ((const void *)(uintptr_t)((n) * sizeof(void *)))

/*
 * A slot no observation shows called: a stub that says so once and
 * returns CUDA_ERROR_NOT_SUPPORTED, so that a newer library calling it is
 * noticed rather than misled.
 */
#define UNSEEN(table, n)						\
	static CUresult table##_##n(void)				\
	{								\
		oncuda_unsupported("export table slot " #table "[" #n "]"); \
		return CUDA_ERROR_NOT_SUPPORTED;			\
	}

#endif
