/*
 * export_tables.h -- what the files behind cuGetExportTable share.
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
#ifndef ONCUDA_EXPORT_TABLES_H
#define ONCUDA_EXPORT_TABLES_H

#include <stdint.h>

#include <cuda.h>

#include "stubs/wire/say.h"

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

/*
 * The two tables whose addresses the integrity check hashes: the check is
 * verified by the CUDA runtime against the tables it was given, so they
 * are hashed where they are (export_tables.c).
 */
extern const void *const cudart_interface_table[];
extern const void *const integrity_check_table[];

/* INTEGRITY_CHECK[1] (integrity.c). */
CUresult integrity_check(uint32_t version, uint64_t unix_seconds,
    uint64_t result[2]);

/* CONTEXT_LOCAL_STORAGE[0..2] (context_storage.c). */
typedef void (*context_storage_dtor)(CUcontext ctx, void *key, void *value);
CUresult context_storage_put(CUcontext ctx, void *key, void *value,
    context_storage_dtor dtor);
CUresult context_storage_delete(CUcontext ctx, void *key);
CUresult context_storage_get(void **value, CUcontext ctx, void *key);

/*
 * Calls the destructors of everything stored for ctx and forgets it: for
 * when the context is destroyed (cuCtxDestroy).
 */
void context_storage_forget(CUcontext ctx);

/* cuBLAS's ToolsContext table (tools_context.c). */
extern const void *const tools_context_table[];

#endif
