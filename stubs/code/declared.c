/*
 * declared.c -- what the images the program loaded itself declare of their
 * kernels' parameters (declared.h).
 *
 * Two tables under one lock: the images, by the program's module or
 * library handle, each with what common/image_kernels.c read of its plain
 * entries and a copy of its compressed ones; and the bindings of
 * functions and kernels to a kernel of one of those images, hashed by
 * handle.  A binding points into its image's tables, so forgetting an
 * image forgets its bindings first.
 *
 * The compressed entries are inflated, all of them once, under the lock,
 * the first time they are needed: for a name that the plain entries do
 * not state (at the bind), or for a layout that disagrees with what they
 * state (at the check: nvcc's default fatbin holds a cubin of one
 * architecture and compressed PTX, which the server's driver compiles
 * for another, where a parameter aligned above 16 may lie elsewhere).
 * The inflated kernels stand beside the plain ones, which never move.
 *
 * When a context dies, its modules and their functions die with it and
 * the server may hand their handles out again, to functions this file
 * knows nothing of.  A binding left behind would then refuse a good
 * layout, so the bindings made in a context (a module's functions, a
 * kernel's function) and the modules' images go at the next lookup after
 * a death, found from the count that the context layer keeps
 * (context.h), as params.c does.  Libraries and their kernels outlive
 * contexts and stay.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/image_kernels.h"
#include "common/ptx_entries.h"
#include "stubs/code/declared.h"
#include "stubs/code/linked.h"
#include "stubs/context/context.h"
#include "stubs/link/say.h"

struct image {
	struct image *next;
	uint64_t code;
	bool library;
	struct image_kernels kernels;	/* of its plain entries */
	void *packed;			/* its compressed entries, unread */
	size_t packed_size;
	struct image_kernels inflated;	/* of its compressed entries */
};

struct binding {
	struct binding *next;	/* in its hash bucket */
	uint64_t func;
	uint64_t code;		/* the image's */
	bool in_context;	/* dies with a context */
	const struct image_kernel *kernel;
};

#define BINDING_BITS 10
#define BINDING_BUCKETS (1u << BINDING_BITS)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct image *images;
static struct binding *bindings[BINDING_BUCKETS];
static uint64_t deaths_seen;	/* context_deaths() when last looked at */

/* Handles are addresses, alike in their low bits: Fibonacci hashing. */
static unsigned int bucket_of(uint64_t handle)
{
	return (unsigned int)((handle * 0x9e3779b97f4a7c15ull) >>
			      (64 - BINDING_BITS));
}

/* Where the binding of func is linked (*at NULL when there is none). */
static struct binding **binding_at(uint64_t func)
{
	struct binding **at = &bindings[bucket_of(func)];

	while (*at != NULL && (*at)->func != func)
		at = &(*at)->next;
	return at;
}

/* Drops every binding that keep() refuses; the caller holds lock. */
static void drop_bindings_locked(bool (*keep)(const struct binding *, uint64_t),
				 uint64_t arg)
{
	for (unsigned int b = 0; b < BINDING_BUCKETS; b++) {
		struct binding **at = &bindings[b], *dead;

		while (*at != NULL) {
			if (keep(*at, arg)) {
				at = &(*at)->next;
				continue;
			}
			dead = *at;
			*at = dead->next;
			free(dead);
		}
	}
}

static bool not_of_code(const struct binding *b, uint64_t code)
{
	return b->code != code;
}

static bool outside_contexts(const struct binding *b, uint64_t unused)
{
	(void)unused;
	return !b->in_context;
}

/* Forgets the images that keep() refuses, with their bindings. */
static void drop_images_locked(bool (*keep)(const struct image *, uint64_t),
			       uint64_t arg)
{
	struct image **at = &images, *dead;

	while (*at != NULL) {
		if (keep(*at, arg)) {
			at = &(*at)->next;
			continue;
		}
		dead = *at;
		*at = dead->next;
		drop_bindings_locked(not_of_code, dead->code);
		image_kernels_free(&dead->kernels);
		image_kernels_free(&dead->inflated);
		free(dead->packed);
		free(dead);
	}
}

static bool not_code(const struct image *i, uint64_t code)
{
	return i->code != code;
}

static bool is_library(const struct image *i, uint64_t unused)
{
	(void)unused;
	return i->library;
}

/* After a context's death: what lived in contexts goes.  Under lock. */
static void check_deaths_locked(void)
{
	uint64_t deaths = context_deaths();

	if (deaths == deaths_seen)
		return;
	drop_bindings_locked(outside_contexts, 0);
	drop_images_locked(is_library, 0);
	deaths_seen = deaths;
}

static struct image *image_of_locked(uint64_t code)
{
	struct image *i;

	for (i = images; i != NULL && i->code != code; i = i->next)
		;
	return i;
}

void declared_image(uint64_t code, bool library, const void *image,
		    size_t size)
{
	struct image *i = calloc(1, sizeof(*i));

	bool read = false;

	if (i != NULL && image_kernels_read(image, size, &i->kernels) &&
	    linked_overlay(image, size, &i->kernels)) {
		read = true;
		/* Compressed entries that cannot be kept (too many bytes,
		 * or no memory) leave their kernels unchecked, not others. */
		if (i->kernels.compressed > 0)
			(void)image_kernels_pack(image, size, &i->packed,
						 &i->packed_size);
	}
	if (i != NULL && (!read ||
	    (i->kernels.count == 0 && i->packed == NULL))) {
		image_kernels_free(&i->kernels);
		free(i->packed);
		free(i);
		i = NULL;
	}
	pthread_mutex_lock(&lock);
	check_deaths_locked();
	/* A handle the server gave out again: what it named is gone. */
	drop_images_locked(not_code, code);
	if (i != NULL) {
		i->code = code;
		i->library = library;
		i->next = images;
		images = i;
	}
	pthread_mutex_unlock(&lock);
}

/*
 * Whether ONCUDA_DEBUG is set: the compressed entries that could not be
 * read are said under it, once.
 */
static bool debugging(void)
{
	const char *debug = getenv("ONCUDA_DEBUG");

	return debug != NULL && *debug != '\0' && strcmp(debug, "0") != 0;
}

/* Reads i's compressed entries, if it has some not read yet.  Under lock. */
static void inflate_locked(struct image *i)
{
	static bool said;

	if (i->packed == NULL)
		return;
	/* Out of memory they stay unread, and their kernels unchecked. */
	(void)image_kernels_read_entries(i->packed, i->packed_size,
					 IMAGE_ENTRIES_COMPRESSED,
					 &i->inflated);
	free(i->packed);
	i->packed = NULL;
	if (i->inflated.compressed > 0 && !said && debugging()) {
		said = true;
		oncuda_say("%u compressed fatbin entries could not be read%s: "
		    "their kernels' layouts are not checked",
		    i->inflated.compressed, i->inflated.lz4_missing ?
		    " (LZ4: liblz4.so.1 is missing)" : "");
	}
}

/* Binds func to kernel of code (NULL: unbinds it); under lock. */
static void bind_locked(uint64_t func, uint64_t code, bool in_context,
			const struct image_kernel *kernel)
{
	struct binding **at = binding_at(func), *b = *at;

	if (kernel == NULL) {
		if (b != NULL) {
			*at = b->next;
			free(b);
		}
		return;
	}
	if (b == NULL) {
		/* Out of memory the function goes unchecked. */
		if ((b = malloc(sizeof(*b))) == NULL)
			return;
		b->func = func;
		b->next = NULL;
		*at = b;
	}
	b->code = code;
	b->in_context = in_context;
	b->kernel = kernel;
}

void declared_bind(uint64_t func, uint64_t code, const char *name)
{
	const struct image_kernel *kernel = NULL;
	struct image *i;

	pthread_mutex_lock(&lock);
	check_deaths_locked();
	if ((i = image_of_locked(code)) != NULL &&
	    (kernel = image_kernels_find(&i->kernels, name)) == NULL) {
		inflate_locked(i);
		kernel = image_kernels_find(&i->inflated, name);
	}
	bind_locked(func, code, i == NULL || !i->library, kernel);
	pthread_mutex_unlock(&lock);
}

void declared_alias(uint64_t func, uint64_t kernel)
{
	struct binding *b;

	pthread_mutex_lock(&lock);
	check_deaths_locked();
	b = *binding_at(kernel);
	if (b != NULL)
		bind_locked(func, b->code, true, b->kernel);
	else
		bind_locked(func, 0, true, NULL);
	pthread_mutex_unlock(&lock);
}

void declared_forget(uint64_t code)
{
	pthread_mutex_lock(&lock);
	drop_images_locked(not_code, code);
	pthread_mutex_unlock(&lock);
}

/*
 * What of the layout disagrees with k: a field's name written into field,
 * with the layout's and the image's values; false when all agree.  A
 * cubin's offsets agree when they are the layout's; PTX's alignments,
 * when some GPU puts the parameters where the layout does (ptx_entries.h).
 */
static bool disagreement(const struct image_kernel *k, const param_slot *slot,
			 unsigned int count, char *field, size_t len,
			 uint64_t *said, uint64_t *stated)
{
	struct ptx_placer placer;
	unsigned int wrong = count;
	uint64_t end = 0;

	if (k->has_params && count != k->count) {
		snprintf(field, len, "the number of parameters");
		*said = count;
		*stated = k->count;
		return true;
	}
	for (unsigned int i = 0; k->has_params && i < count; i++) {
		if (slot[i].size != k->param[i].size) {
			snprintf(field, len, "the size of parameter %u", i);
			*said = slot[i].size;
			*stated = k->param[i].size;
			return true;
		}
	}
	if (!k->from_ptx) {
		for (unsigned int i = 0; k->has_params && i < count; i++) {
			if (slot[i].offset != k->param[i].offset) {
				wrong = i;
				break;
			}
		}
		/* The layout is plausible (params.c): no sum overflows. */
		for (unsigned int i = 0; i < count; i++)
			if (slot[i].offset + slot[i].size > end)
				end = slot[i].offset + slot[i].size;
		if (wrong == count && (!k->has_cbank || end <= k->cbank_size))
			return false;
		if (!k->has_aligns && wrong < count) {
			snprintf(field, len, "the offset of parameter %u",
				 wrong);
			*said = slot[wrong].offset;
			*stated = k->param[wrong].offset;
			return true;
		}
		if (!k->has_aligns) {
			snprintf(field, len, "the bytes of parameters");
			*said = end;
			*stated = k->cbank_size;
			return true;
		}
	}
	/* PTX, or a cubin of another architecture than the GPU's. */
	ptx_placer_init(&placer);
	for (unsigned int i = 0; i < count; i++) {
		if (!ptx_placer_next(&placer, k->param[i].size,
				     k->param[i].align, slot[i].offset,
				     stated)) {
			snprintf(field, len, "the offset of parameter %u", i);
			*said = slot[i].offset;
			return true;
		}
	}
	return false;
}

CUresult declared_check(uint64_t func, const param_slot *slot,
			unsigned int count)
{
	struct binding *b;
	const struct image_kernel *other;
	struct image *i;
	uint64_t said = 0, stated = 0, unused[2];
	char field[64], name[256], scratch[64];
	bool wrong = false, from_ptx = false;

	pthread_mutex_lock(&lock);
	check_deaths_locked();
	b = *binding_at(func);
	if (b != NULL && disagreement(b->kernel, slot, count, field,
	    sizeof(field), &said, &stated)) {
		snprintf(name, sizeof(name), "%s", b->kernel->name);
		from_ptx = b->kernel->from_ptx;
		wrong = true;
		/* What its compressed entries state may allow it. */
		if ((i = image_of_locked(b->code)) != NULL && i->packed != NULL)
			inflate_locked(i);
		if (i != NULL && (other = image_kernels_find(&i->inflated,
		    b->kernel->name)) != NULL && other != b->kernel &&
		    !disagreement(other, slot, count, scratch, sizeof(scratch),
				  &unused[0], &unused[1]))
			wrong = false;
	}
	pthread_mutex_unlock(&lock);
	if (!wrong)
		return CUDA_SUCCESS;
	oncuda_say("the server's layout of kernel %s disagrees with its image: "
	    "%s is %" PRIu64 " in the layout, %" PRIu64 " in the image's "
	    "%s; the launch is refused with CUDA_ERROR_INVALID_VALUE (a "
	    "damaged reply, or a server that is not oncudad?)", name, field,
	    said, stated, from_ptx ? "PTX .entry" : ".nv.info");
	return CUDA_ERROR_INVALID_VALUE;
}
