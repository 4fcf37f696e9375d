/*
 * fake_array.h - the stand-in's CUDA arrays (array.c) and texture and
 * surface objects (texture.c), for the copies and the kernels.
 */
#ifndef FAKE_ARRAY_H
#define FAKE_ARRAY_H

#include <stddef.h>
#include <stdint.h>

#include "fakecuda.h"

struct fc_array {
	uintptr_t handle;
	struct fc_context *ctx;
	CUDA_ARRAY3D_DESCRIPTOR desc;
	size_t row_bytes;		/* Width elements */
	size_t rows;			/* per slice: Height, or 1 */
	size_t slices;			/* Depth (layers), or 1 */
	unsigned char *data;		/* slices * rows * row_bytes, packed */
	uintptr_t level_of;		/* the mipmapped array of a level, or 0 */
	struct fc_array *next;
};

/* The bytes of one channel of format; 0 for formats the stand-in lacks. */
size_t fc_format_bytes(CUarray_format format);

/* A live array (a level too), or NULL; under the lock. */
struct fc_array *fc_array_lookup(CUarray handle);

/*
 * For a copy of depth slices of height rows of width bytes at (x bytes,
 * y, z) in array handle: CUDA_ERROR_INVALID_HANDLE for an unknown array,
 * CUDA_ERROR_INVALID_VALUE when the region leaves the array, else the
 * array's first byte, its row pitch and rows per slice.  Under the lock.
 */
CUresult fc_array_locate(CUarray handle, size_t x, size_t y, size_t z,
    size_t width, size_t height, size_t depth, unsigned char **base,
    size_t *pitch, size_t *slice_rows);

/*
 * memcpy.c: a 3D copy whose sides may be arrays, on stream (sync: the
 * synchronous form, never captured).
 */
CUresult fc_copy_3d(const CUDA_MEMCPY3D *c, CUstream stream, bool sync);

/*
 * The levels of a live mipmapped array (*levels of them), or NULL; under
 * the lock.
 */
struct fc_array **fc_mipmap_levels(CUmipmappedArray handle,
    unsigned int *levels);

/*
 * sparse.c: the array or mipmapped array handle is being freed; the tiles
 * mapped in it are unmapped.  Under the lock.
 */
void fc_sparse_forget(uintptr_t handle);

/*
 * vmm.c, for sparse.c: bytes at offset of tile-pool allocation h are
 * mapped into tiles: the allocation (an opaque pointer) now counts one
 * more mapping, or NULL when h is no live tile pool that holds them.
 * fc_vmm_tile_unmap ends one such mapping.  Under the lock.
 */
void *fc_vmm_tile_map(CUmemGenericAllocationHandle h, unsigned long long offset,
    unsigned long long bytes);
void fc_vmm_tile_unmap(void *physical);

/* Frees the arrays, mipmapped arrays and objects of a context's end. */
void fc_array_release_context(struct fc_context *ctx);
void fc_texture_release_context(struct fc_context *ctx);

/*
 * For the kernels: the float at element (x, y) of a texture object over a
 * 2D float array or pitch2D memory, point-sampled (false: no such object,
 * or outside it); the float of a surface object at byte x of row y.
 */
bool fc_texture_fetch_2d(unsigned long long tex, size_t x, size_t y,
    float *value);
float *fc_surface_at_2d(unsigned long long surf, size_t x_bytes, size_t y);

#endif
