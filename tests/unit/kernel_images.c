/*
 * kernel_images.c - what the unit tests of the layout check share
 * (kernel_images.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "kernel_images.h"
#include "unit_check.h"

void *kernel_image(const char *dir, const char *name, size_t *size)
{
	char path[4096];
	void *data;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (image_read_file(path, &data, size) != CUDA_SUCCESS) {
		fprintf(stderr, "cannot read %s: run make first\n", path);
		unit_failures++;
		return NULL;
	}
	(*size)--;	/* the NUL */
	return data;
}

bool same_layout(const struct image_param *a, const struct image_param *b,
		 unsigned count)
{
	for (unsigned i = 0; i < count; i++)
		if (a[i].offset != b[i].offset || a[i].size != b[i].size)
			return false;
	return true;
}

unsigned char *damaged_copy(const void *image, size_t cut, unsigned changes)
{
	unsigned char *copy = malloc(cut == 0 ? 1 : cut);

	if (copy == NULL)
		return NULL;
	memcpy(copy, image, cut);
	for (unsigned n = (unsigned)rand() % (changes + 1); cut > 0 && n > 0;
	     n--)
		copy[(size_t)rand() % cut] = (unsigned char)rand();
	return copy;
}

/* Where the bytes of what lie in the len bytes at p, or NULL. */
static unsigned char *find(unsigned char *p, size_t len, const void *what,
			   size_t what_len)
{
	for (size_t i = 0; i + what_len <= len; i++)
		if (memcmp(p + i, what, what_len) == 0)
			return p + i;
	return NULL;
}

unsigned char *vec_add_said_8(size_t *size)
{
	/* vec_add's EIATTR_KPARAM_INFO of ordinal 3 at offset 24, then its
	 * EIATTR_PARAM_CBANK, whose size (28) is at 10. */
	static const unsigned char ordinal3[] = { 0x04, 0x17, 0x0c, 0x00,
		0, 0, 0, 0, 0x03, 0x00, 0x18, 0x00 };
	static const unsigned char cbank[] = { 0x04, 0x0a, 0x08, 0x00 };
	unsigned char *cubin, *at, *bank = NULL;
	uint32_t word;

	if ((cubin = kernel_image("tests/kernels", "kernels.cubin", size)) ==
	    NULL)
		return NULL;
	at = find(cubin, *size - 4, ordinal3, sizeof(ordinal3));
	if (at != NULL)
		bank = find(at, (size_t)(cubin + *size - at) - 12, cbank,
			    sizeof(cbank));
	CHECK(at != NULL && bank != NULL && bank[10] == 28);
	if (at == NULL || bank == NULL) {
		free(cubin);
		return NULL;
	}
	memcpy(&word, at + sizeof(ordinal3), 4);
	word = (word & 0x3ffffu) | 8u << 18;
	memcpy(at + sizeof(ordinal3), &word, 4);
	bank[10] = 32;
	return cubin;
}
