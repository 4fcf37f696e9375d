/*
 * common/host_object.h - the fatbins inside host objects and archives of
 * them (host_object.c), as cuLinkAddData takes them with
 * CU_JIT_INPUT_OBJECT and CU_JIT_INPUT_LIBRARY.
 *
 * nvcc -c puts a translation unit's device code into the host object
 * (ELF, relocatable) as a fatbin: in the section .nv_fatbin, or
 * __nv_relfatbin with -rdc=true; a section may hold several, each
 * starting at a multiple of 8 (a host link concatenates them).  An
 * archive (ar) holds such objects.  A thin archive names its members'
 * files rather than holding them, and is not read.
 */
#ifndef ONCUDA_HOST_OBJECT_H
#define ONCUDA_HOST_OBJECT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Called for each fatbin found, size bytes at fatbin, all within the
 * image (its header's sizes checked against them).  Returns false to end
 * the walk.
 */
typedef bool host_fatbin_fn(void *arg, const void *fatbin, size_t size);

/*
 * Calls each() for the fatbins of the host object or archive of size
 * bytes at image; anything else, or what does not parse, holds none.
 * Every offset read is checked against size.  False only when each()
 * returned false.
 */
bool host_object_fatbins(const void *image, size_t size,
			 host_fatbin_fn *each, void *arg);

#endif /* ONCUDA_HOST_OBJECT_H */
