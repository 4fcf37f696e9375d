/*
 * image.h - where a CUDA module image starts and how long it is.
 *
 * The driver's load calls take an image by its address alone: the size is
 * in the image's header.  The client must know the size to send the image to
 * the server, so it reads the header the way the driver would.  Nothing here
 * talks to the server, so the unit tests exercise it on its own.
 */
#ifndef ONCUDA_IMAGE_H
#define ONCUDA_IMAGE_H

#include <stddef.h>

#include <cuda.h>

/*
 * The containers other than ELF, as nvcc and cudart lay them out: a fatbin
 * is a 16-byte header and its payload; a cudaFatBinaryWrapper points at one.
 */
#define IMAGE_FATBIN_MAGIC      0xBA55ED50u
#define IMAGE_FATBIN_HEADER     16u
#define IMAGE_WRAPPER_MAGIC     0x466243b1u

/*
 * Finds the image at `image`, of which at most `avail` bytes may be read:
 * sets *start to where its bytes begin (the fatbin that a fatbin wrapper
 * points to, otherwise `image` itself) and *size to how many there are.
 *
 *   ELF (cubin)   the furthest end of the header, the section and program
 *                 header tables, every section with file contents and every
 *                 segment's file part;
 *   fatbin        16 + the payload size at offset 8;
 *   wrapper       the fatbin its `data` pointer names (read without bound:
 *                 it lies outside the wrapper);
 *   otherwise     PTX: text up to and including its NUL.
 *
 * A header that points outside `avail` or whose arithmetic overflows, text
 * that is empty or holds control characters, or no NUL within `avail` is
 * CUDA_ERROR_INVALID_IMAGE; a NULL image is CUDA_ERROR_INVALID_VALUE.
 */
CUresult image_find(const void *image, size_t avail, const void **start,
		    size_t *size);

/* image_find() for an image in memory, whose extent only its header knows. */
CUresult image_find_in_memory(const void *image, const void **start,
			      size_t *size);

/*
 * Reads the whole file at `path` into memory from malloc, adding a NUL after
 * its bytes: a PTX file is text without one, and the loaders want it
 * NUL-terminated (a NUL after a cubin or fatbin is never read).  *size counts
 * the NUL.  A file that cannot be opened or read is CUDA_ERROR_FILE_NOT_FOUND,
 * as the driver says for cuModuleLoad.
 */
CUresult image_read_file(const char *path, void **data, size_t *size);

#endif /* ONCUDA_IMAGE_H */
