/*
 * kernel_images.h - what the unit tests of the layout check share
 * (kernel_images.c): comparing layouts, damaging images, and the cubin a
 * server could rewrite.
 */
#ifndef KERNEL_IMAGES_H
#define KERNEL_IMAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "common/image_kernels.h"

/* The kernels tests/kernels/kernels.cu defines, so kernels.cubin's. */
#define KERNELS_CU_KERNELS 13

/*
 * The file name of the folder dir (tests/kernels, or as a test was told)
 * read whole into memory from malloc, *size bytes and a NUL after them;
 * NULL, with a failed check, when it cannot be read.
 */
void *kernel_image(const char *dir, const char *name, size_t *size);

/* Whether the count params at a and b have the same offsets and sizes. */
bool same_layout(const struct image_param *a, const struct image_param *b,
		 unsigned count);

/*
 * A copy from malloc of the first cut bytes of image, exactly (so that
 * valgrind sees a read past them), with 0 to changes of its bytes set at
 * random (rand()); NULL out of memory.
 */
unsigned char *damaged_copy(const void *image, size_t cut, unsigned changes);

/*
 * tests/kernels/kernels.cubin, its *size bytes followed by a NUL, with
 * vec_add's last parameter said to be 8 bytes, not 4 (its
 * EIATTR_KPARAM_INFO and EIATTR_PARAM_CBANK), as a server could rewrite
 * it; NULL, with a failed check, when it cannot be made.
 */
unsigned char *vec_add_said_8(size_t *size);

#endif
