/*
 * server/svc/svc_hostmem.h -- this client's page-locked host memory mirrors
 * (svc_hostmem.c).
 */
#ifndef ONCUDA_SERVER_SVC_SVC_HOSTMEM_H
#define ONCUDA_SERVER_SVC_SVC_HOSTMEM_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/* The driver destroyed ctx: forgets the mirrors made in it. */
void hostmem_context_gone(CUcontext ctx);
/* The session is over: frees every mirror, in its own context. */
void hostmem_release_all(void);

/*
 * Size bytes at base, mapped and cuMemHostRegister'ed, become page-locked
 * memory of this client as if CU_MEM_HOST_REGISTER had made them
 * (memory_take already done): released by CU_MEM_HOST_UNREGISTER or at
 * teardown (unregister, munmap).  false: out of memory, nothing kept.
 */
bool hostmem_adopt_registered(void *base, size_t size);

/* Whether [ptr, ptr + size) lies inside one of this client's mirrors. */
bool hostmem_mirror_holds(cu_hostptr ptr, cu_size size);

/* The size of the mirror that starts at ptr; false when none does. */
bool hostmem_mirror_size(cu_hostptr ptr, size_t *size);

/*
 * The driver gave alias as the device address of ptr: when ptr lies in one
 * of this client's mirrors, the alias of the whole mirror becomes one of
 * the client's device ranges.  false: out of memory.
 */
bool hostmem_alias_given(cu_hostptr ptr, CUdeviceptr alias);

#endif
