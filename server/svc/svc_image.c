/*
 * server/svc/svc_image.c -- module images arriving in pieces
 * (CU_IMAGE_STAGE).
 *
 * The driver's load calls take an image without its size and find their
 * way through it by its headers.  The image comes from the network, so
 * before a load the headers are checked against the bytes that actually
 * arrived (image_check_received, common/image.c: the reader the client
 * and the stand-in use too), and anything that is not a cubin or fatbin is
 * handed over as text with a NUL after the last byte received.
 *
 * The fatbins a linked image was linked from wait in a list of their own
 * (CU_IMAGE_KEEP_PRELINKED) until the next load takes them.
 *
 * Calls down only: common/image.c and the session's limits and log.
 */
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/image.h"
#include "gen/cuda_names.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/svc/svc_image.h"

static char *staged;		/* staged_total + 1 bytes, the last a NUL */
static struct prelinked kept;	/* for the next load */
static cu_size staged_total;
static cu_size staged_filled;

void image_drop(void)
{
	free(staged);
	staged = NULL;
	staged_total = 0;
	staged_filled = 0;
}

bool_t cu_image_stage_svc(cu_size total, cu_size offset, cu_bytes bytes,
    res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = CUDA_ERROR_INVALID_VALUE;
	if (offset == 0) {
		image_drop();
		if (total == 0)
			return TRUE;
		if (total > limits.image) {
			log_msg(LOG_WARN, "refused a module image of %llu bytes: "
			    "--max-image is %llu", (unsigned long long)total,
			    (unsigned long long)limits.image);
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
			return TRUE;
		}
		if ((staged = malloc((size_t)total + 1)) == NULL) {
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
			return TRUE;
		}
		staged[total] = '\0';
		staged_total = total;
	} else if (staged == NULL || total != staged_total ||
	    offset != staged_filled) {
		/* A piece out of order: the image cannot be trusted. */
		image_drop();
		return TRUE;
	}
	if (bytes.cu_bytes_len > staged_total - staged_filled) {
		image_drop();
		return TRUE;
	}
	if (bytes.cu_bytes_len > 0)
		memcpy(staged + staged_filled, bytes.cu_bytes_val,
		    bytes.cu_bytes_len);
	staged_filled += bytes.cu_bytes_len;
	r->err = CUDA_SUCCESS;
	return TRUE;
}

CUresult image_take(void **image, size_t *size)
{
	if (staged == NULL || staged_filled != staged_total) {
		image_drop();
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (image_check_received(staged, (size_t)staged_total) != CUDA_SUCCESS) {
		image_drop();
		return CUDA_ERROR_INVALID_IMAGE;
	}
	*image = staged;
	*size = (size_t)staged_total;
	staged = NULL;
	image_drop();
	return CUDA_SUCCESS;
}

bool_t cu_image_keep_prelinked_svc(res_none *r, struct svc_req *rq)
{
	void *image, **bigger;
	size_t size;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = image_take(&image, &size)) != CUDA_SUCCESS)
		return TRUE;
	if (image_kind(image, size) != IMAGE_FATBIN) {
		free(image);
		r->err = CUDA_ERROR_INVALID_IMAGE;
		return TRUE;
	}
	if (kept.count >= ONCUDA_PRELINKED_MAX ||
	    size > limits.image - kept.bytes) {
		log_msg(LOG_WARN, "refused prelinked fatbins past %u or "
		    "--max-image (%llu bytes) in all", ONCUDA_PRELINKED_MAX,
		    (unsigned long long)limits.image);
		free(image);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	bigger = realloc(kept.fatbins, (kept.count + 2) * sizeof(*bigger));
	if (bigger == NULL) {
		free(image);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	kept.fatbins = bigger;
	kept.fatbins[kept.count++] = image;
	kept.fatbins[kept.count] = NULL;
	kept.bytes += size;
	return TRUE;
}

void image_take_prelinked(struct prelinked *out)
{
	*out = kept;
	memset(&kept, 0, sizeof(kept));
}

void prelinked_free(struct prelinked *p)
{
	for (size_t i = 0; i < p->count; i++)
		free(p->fatbins[i]);
	free(p->fatbins);
	memset(p, 0, sizeof(*p));
}

void image_drop_prelinked(void)
{
	prelinked_free(&kept);
}
