/*
 * linked.c -- what the inputs of the program's links declare of their
 * kernels (linked.h).
 *
 * Two lists under one lock: the links in progress, each with the kernels
 * its inputs stated so far; and the outputs, newest first, each with its
 * size, its SHA-256 and the kernels of the link it came from.  An image is
 * hashed only when its size is an output's, so loads of other images pay
 * a comparison of sizes.  The inputs are read whole when they are added,
 * compressed fatbin entries too, and host objects and archives for the
 * fatbins inside them (common/host_object.h); LTO IR is not read.  Out
 * of memory, a link or output goes unchecked (its kernels then answer to
 * the cubin's .nv.info, as any image's do).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/host_object.h"
#include "common/image.h"
#include "common/sha256.h"
#include "stubs/code/linked.h"

struct pending {
	struct pending *next;
	const void *link;
	bool broken;			/* an input could not be read */
	struct image_kernels kernels;
};

struct output {
	struct output *next;
	size_t size;
	uint8_t digest[SHA256_DIGEST];
	struct image_kernels kernels;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending *pendings;
static struct output *outputs;

/*
 * The bytes of the cubin at image (size may hold more: a file's NUL, or
 * padding past the ELF's last part) as image_find() bounds them; false
 * for anything but a cubin.
 */
static bool cubin_bytes(const void *image, size_t size, size_t *bytes)
{
	const void *start;

	return image_kind(image, size) == IMAGE_ELF &&
	    image_find(image, size, &start, bytes) == CUDA_SUCCESS &&
	    start == image;
}

static void digest_of(const void *image, size_t size,
		      uint8_t digest[SHA256_DIGEST])
{
	struct sha256 s;

	sha256_init(&s);
	sha256_update(&s, image, size);
	sha256_final(&s, digest);
}

/* The record of link, made if need be; NULL out of memory.  Under lock. */
static struct pending *pending_of_locked(const void *link)
{
	struct pending *p;

	for (p = pendings; p != NULL && p->link != link; p = p->next)
		;
	if (p == NULL && (p = calloc(1, sizeof(*p))) != NULL) {
		p->link = link;
		p->next = pendings;
		pendings = p;
	}
	return p;
}

/* Puts what one fatbin of a host object states into the kernels at arg. */
static bool take_fatbin(void *arg, const void *fatbin, size_t size)
{
	struct image_kernels *all = arg, k;
	bool ok;

	if (!image_kernels_read_entries(fatbin, size, IMAGE_ENTRIES_PLAIN |
					IMAGE_ENTRIES_COMPRESSED, &k))
		return false;
	ok = image_kernels_overlay(all, &k);
	image_kernels_free(&k);
	return ok;
}

/*
 * What the input of type states, into *k; false when memory ran out.
 * Its compressed entries are read now: the input may be gone when the
 * link's cubin is loaded.  LTO IR states nothing readable.
 */
static bool input_kernels(CUjitInputType type, const void *image, size_t size,
			  struct image_kernels *k)
{
	memset(k, 0, sizeof(*k));
	switch (type) {
	case CU_JIT_INPUT_CUBIN:
	case CU_JIT_INPUT_PTX:
	case CU_JIT_INPUT_FATBINARY:
		return image_kernels_read_entries(image, size,
						  IMAGE_ENTRIES_PLAIN |
						  IMAGE_ENTRIES_COMPRESSED, k);
	case CU_JIT_INPUT_OBJECT:
	case CU_JIT_INPUT_LIBRARY:
		if (host_object_fatbins(image, size, take_fatbin, k))
			return true;
		image_kernels_free(k);
		return false;
	default:
		return true;
	}
}

void linked_input(const void *link, CUjitInputType type, const void *image,
		  size_t size)
{
	struct image_kernels k;
	struct pending *p;
	bool read;

	read = input_kernels(type, image, size, &k);
	pthread_mutex_lock(&lock);
	if ((p = pending_of_locked(link)) != NULL &&
	    (!read || !image_kernels_overlay(&p->kernels, &k)))
		p->broken = true;
	pthread_mutex_unlock(&lock);
	image_kernels_free(&k);
}

void linked_output(const void *link, const void *cubin, size_t size)
{
	struct output *o = calloc(1, sizeof(*o)), **at;
	struct pending *p;
	unsigned n = 0;

	if (o == NULL)
		return;
	if (!cubin_bytes(cubin, size, &o->size)) {
		free(o);
		return;
	}
	digest_of(cubin, o->size, o->digest);
	pthread_mutex_lock(&lock);
	for (p = pendings; p != NULL && p->link != link; p = p->next)
		;
	if (p == NULL || p->broken || p->kernels.count == 0 ||
	    !image_kernels_overlay(&o->kernels, &p->kernels)) {
		pthread_mutex_unlock(&lock);
		image_kernels_free(&o->kernels);
		free(o);
		return;
	}
	o->next = outputs;
	outputs = o;
	/* Only the newest are kept. */
	for (at = &outputs; *at != NULL && n < LINKED_OUTPUTS_MAX; n++)
		at = &(*at)->next;
	while (*at != NULL) {
		struct output *old = *at;

		*at = old->next;
		image_kernels_free(&old->kernels);
		free(old);
	}
	pthread_mutex_unlock(&lock);
}

void linked_forget(const void *link)
{
	struct pending **at, *p;

	pthread_mutex_lock(&lock);
	for (at = &pendings; *at != NULL && (*at)->link != link;
	     at = &(*at)->next)
		;
	if ((p = *at) != NULL)
		*at = p->next;
	pthread_mutex_unlock(&lock);
	if (p != NULL) {
		image_kernels_free(&p->kernels);
		free(p);
	}
}

bool linked_overlay(const void *image, size_t size, struct image_kernels *k)
{
	uint8_t digest[SHA256_DIGEST];
	bool hashed = false, ok = true;
	struct output *o;

	if (!cubin_bytes(image, size, &size))
		return true;
	pthread_mutex_lock(&lock);
	for (o = outputs; o != NULL; o = o->next) {
		if (o->size != size)
			continue;
		if (!hashed) {
			digest_of(image, size, digest);
			hashed = true;
		}
		if (memcmp(o->digest, digest, sizeof(digest)) == 0) {
			ok = image_kernels_overlay(k, &o->kernels);
			break;
		}
	}
	pthread_mutex_unlock(&lock);
	return ok;
}
