/*
 * code_load.h -- loading an image on a server, for modules and libraries.
 *
 * A load is two steps on the wire: the image goes to the server's staging
 * buffer in pieces (CU_IMAGE_STAGE), then a load procedure consumes it.
 * Both run in one call (call.h), so no other thread's image can slip in
 * between a piece and the load.  The image's size comes from its header
 * (common/image.h), or from the file for cuModuleLoad and
 * cuLibraryLoadFromFile.  module.c and library.c, the entry points, share
 * this; neither calls the other.
 */
#ifndef ONCUDA_CODE_LOAD_H
#define ONCUDA_CODE_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/code/load_options.h"

/* The load procedures, each consuming the staged image. */
enum code_load_kind {
	CODE_LOAD_MODULE,	/* CU_MODULE_LOAD_DATA */
	CODE_LOAD_MODULE_EX,	/* CU_MODULE_LOAD_DATA_EX */
	CODE_LOAD_FAT_BINARY,	/* CU_MODULE_LOAD_FAT_BINARY */
	CODE_LOAD_LIBRARY,	/* CU_LIBRARY_LOAD_DATA */
};

/*
 * Stages the image of size bytes at image on server and loads it; on
 * success *value is the server's module or library.  The JIT outputs are
 * written back whether the load succeeded or not: a failed load's log
 * says why.
 */
CUresult code_load_on(unsigned server, enum code_load_kind kind,
    const void *image, size_t size, const struct load_options *o,
    uint64_t *value);

/*
 * Stages size bytes at image on the connection c of a call in progress, in
 * pieces of ONCUDA_CHUNK_DEFAULT bytes, for the procedure that consumes it
 * next in the same call; *refused is the server's error if it refused a
 * piece.
 */
enum clnt_stat code_stage(CLIENT *c, const void *image, size_t size,
    CUresult *refused);

/* The image in the program's memory at image for a load of kind: where it
 * starts and its size, from its header. */
CUresult code_image_in_memory(enum code_load_kind kind, const void *image,
    const void **start, size_t *size);

/* The image in the file at path, read into *data (the caller frees it);
 * CUDA_ERROR_INVALID_IMAGE, nothing to free, for an empty file. */
CUresult code_image_from_file(const char *path, void **data, size_t *size);

/* cuModuleGetGlobal's and cuLibraryGetGlobal's checks of their arguments. */
CUresult code_global_check(const char *name, CUdeviceptr *dptr,
    size_t *bytes);

/*
 * A __managed__ variable the held server answered for owner (a library or
 * module, the server's handle; idl/cuda.x, CU_LIBRARY_GET_MANAGED): its
 * range mapped at the same address and pulled, so the program reads the
 * initial value at once.  *err CUDA_ERROR_OUT_OF_MEMORY when the range does
 * not hold the variable or cannot be mapped.  Within a call.
 */
enum clnt_stat code_managed_take(CLIENT *c, uint64_t owner,
    const managed_var *v, int *err);

/* Their outputs from the server's answer r, e its call's error. */
CUresult code_global_give(CUresult e, const res_dev_range *r,
    CUdeviceptr *dptr, size_t *bytes);

#endif
