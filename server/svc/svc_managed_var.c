/*
 * svc_managed_var.c -- the __managed__ variables of libraries
 * (CU_LIBRARY_GET_MANAGED, idl/cuda.x) and of modules
 * (CU_MODULE_GET_GLOBAL).
 *
 * The driver allocates a module's managed variables as managed memory,
 * initialised from the image, several to a page.  The client maps a
 * variable's pages at the same address, as it does cuMemAllocManaged's, and
 * the two sides are kept coherent by the procedures of mapped memory
 * (svc_mapped.c) through a shadow made here.  The shadow starts as zeros
 * while the memory keeps its initial values, so the first pull sends them.
 *
 * A range is tracked once, for the library or module that first asked,
 * and dropped with it (svc_module.c calls managed_vars_library_gone on an
 * unload, and for a context's modules when it is destroyed).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/mapped_shadow.h"
#include "server/svc/svc_managed.h"
#include "server/svc/svc_managed_var.h"

/* A tracked range of managed variables and the library it came with. */
struct var_range {
	cu_handle library;
	uint64_t base;
	uint64_t size;
	struct var_range *next;
};

static struct var_range *var_ranges;

/* Whether [base, base + size) overlaps a tracked mirror. */
static bool overlaps_tracked(uint64_t base, uint64_t size)
{
	struct mapped_shadow *t;

	for (t = mapped_shadows(); t != NULL; t = t->next) {
		uint64_t at = (uint64_t)(uintptr_t)t->mirror;

		if (base < at + t->size && at < base + size)
			return true;
	}
	return false;
}

/*
 * Whether every device allows the server's own accesses.  A library
 * belongs to no context, and the CUDA runtime asks for its variables
 * before it makes one current; every device may reach them.
 */
static bool possible_everywhere(void)
{
	int count = 0;

	if (cuDeviceGetCount(&count) != CUDA_SUCCESS || count <= 0)
		return false;
	for (int i = 0; i < count; i++) {
		CUdevice dev;

		if (cuDeviceGet(&dev, i) != CUDA_SUCCESS ||
		    !svc_managed_possible(dev))
			return false;
	}
	return true;
}

/* Tracks [base, base + size) for library; an error of the driver's kind. */
static CUresult track(cu_handle library, uint64_t base, uint64_t size)
{
	struct var_range *v;

	if (mapped_shadow_holding(base, (size_t)size) != NULL)
		return CUDA_SUCCESS;
	if (overlaps_tracked(base, size)) {
		log_msg(LOG_INFO, "a managed variable refused: the managed "
		    "variables at %#llx (%llu bytes) overlap memory kept "
		    "coherent already", (unsigned long long)base,
		    (unsigned long long)size);
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	if ((v = malloc(sizeof(*v))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (!ranges_add(base, size, RANGE_GLOBAL, library, NULL) ||
	    !mapped_shadow_add_managed((void *)(uintptr_t)base, (size_t)size,
	    NULL)) {
		ranges_remove(base, RANGE_GLOBAL, library);
		free(v);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	v->library = library;
	v->base = base;
	v->size = size;
	v->next = var_ranges;
	var_ranges = v;
	return CUDA_SUCCESS;
}

bool_t cu_library_get_managed_svc(cu_handle library, cu_name name,
    res_managed_var *r, struct svc_req *rq)
{
	managed_var *out = &r->res_managed_var_u.value;
	CUdeviceptr dptr;
	size_t bytes;
	uint64_t base, size;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_LIBRARY, library, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if ((r->err = cuLibraryGetManaged(&dptr, &bytes,
	    (CUlibrary)(uintptr_t)library, name)) != CUDA_SUCCESS)
		return TRUE;
	if (!possible_everywhere()) {
		log_msg(LOG_INFO, "cuLibraryGetManaged refused: a device has "
		    "no concurrent managed access, which the server's own "
		    "reads and writes of managed memory need");
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	/*
	 * The variable's own bytes: the allocation holding it is not asked
	 * for, as cuMemGetAddressRange needs a current context, which the
	 * runtime's first question comes without; the client maps the pages
	 * several variables share once (managed.c).
	 */
	base = dptr;
	size = bytes;
	if (size == 0 || base > UINT64_MAX - size) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = track(library, base, size)) != CUDA_SUCCESS)
		return TRUE;
	out->base = dptr;
	out->size = bytes;
	out->side = base;
	out->side_size = size;
	return TRUE;
}

CUresult managed_var_of_module(cu_handle module, CUdeviceptr dptr,
    size_t bytes, managed_var *out)
{
	unsigned int managed = 0;
	CUdevice dev;
	CUresult err;

	memset(out, 0, sizeof(*out));
	out->base = dptr;
	out->size = bytes;
	if (cuPointerGetAttribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED,
	    dptr) != CUDA_SUCCESS || !managed)
		return CUDA_SUCCESS;
	/* A module is of the current context, whose device alone reaches
	 * its variables. */
	if (cuCtxGetDevice(&dev) != CUDA_SUCCESS || !svc_managed_possible(dev)) {
		log_msg(LOG_INFO, "cuModuleGetGlobal of a managed variable "
		    "refused: the device has no concurrent managed access, "
		    "which the server's own reads and writes of managed "
		    "memory need");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	if (bytes == 0 || dptr > UINT64_MAX - bytes)
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = track(module, dptr, bytes)) != CUDA_SUCCESS)
		return err;
	out->side = dptr;
	out->side_size = bytes;
	return CUDA_SUCCESS;
}

void managed_vars_library_gone(cu_handle library)
{
	struct var_range **at = &var_ranges, *v;

	while ((v = *at) != NULL) {
		if (v->library != library) {
			at = &v->next;
			continue;
		}
		*at = v->next;
		mapped_shadow_mirror_gone((void *)(uintptr_t)v->base);
		free(v);
	}
}
