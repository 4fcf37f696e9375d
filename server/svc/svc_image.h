/*
 * server/svc/svc_image.h -- the module image being staged by CU_IMAGE_STAGE
 * (svc_image.c), at most limits.image bytes.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_IMAGE_H
#define ONCUDA_SERVER_SVC_SVC_IMAGE_H

#include <stddef.h>

#include <cuda.h>

/*
 * Hands over the complete staged image (a malloc'ed buffer, NUL-terminated
 * one byte past *size so PTX text always ends) and forgets it.  Fails with
 * CUDA_ERROR_INVALID_VALUE when no complete image is staged, and with
 * CUDA_ERROR_INVALID_IMAGE when its headers point outside it.  Either way
 * the staged image is consumed.
 */
CUresult image_take(void **image, size_t *size);
/* Forgets a partly or wholly staged image. */
void image_drop(void);

#endif
