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

/* Fatbins kept by CU_IMAGE_KEEP_PRELINKED, each a malloc'ed copy. */
struct prelinked {
	void **fatbins;		/* count entries and a NULL, or NULL */
	size_t count;
	size_t bytes;		/* of all of them */
};

/* Hands over the kept fatbins (none: all zero) and forgets them. */
void image_take_prelinked(struct prelinked *out);

/* Frees the fatbins of p and their list; p is left empty. */
void prelinked_free(struct prelinked *p);

/* Frees the kept fatbins: the end of the session. */
void image_drop_prelinked(void);

#endif
