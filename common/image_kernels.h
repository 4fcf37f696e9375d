/*
 * common/image_kernels.h - the parameters a module image states for its
 * kernels (image_kernels.c), read from the .nv.info sections of its cubins.
 *
 * ptxas writes, for each kernel, a section .nv.info.<kernel> of attributes;
 * among them one EIATTR_KPARAM_INFO per parameter (its ordinal, offset and
 * size in the parameter buffer) and EIATTR_PARAM_CBANK (where the
 * parameters lie in constant bank 0, and how many bytes they take).  That
 * is what the driver itself answers cuFuncGetParamInfo from, so a client
 * that loaded an image can hold a server's description of a kernel's
 * parameters against it (stubs/code/declared.h).
 *
 * PTX has no .nv.info, but its .entry declarations state the same
 * (common/ptx_entries.h): the count, order, size and alignment of the
 * parameters, from which their offsets follow (for alignments above 16,
 * up to where the GPU's constant bank puts them).  An image of PTX, or a
 * fatbin's PTX entry, is read for the kernels no cubin of it states, and
 * for the alignments of those a cubin states: the server's driver may
 * compile the PTX instead of running a cubin of another architecture.
 *
 * Compressed fatbin entries (common/fatbin_inflate.h) are read only when
 * asked for: a module's kernels are looked up in them only where its plain
 * entries do not state a kernel, or state it otherwise than the server
 * (stubs/code/declared.c), so they are kept compressed until then
 * (image_kernels_pack).
 */
#ifndef ONCUDA_IMAGE_KERNELS_H
#define ONCUDA_IMAGE_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct image_param {
	uint32_t offset;
	uint32_t size;
	uint32_t align;			/* PTX's .align or type size; 0: none */
};

struct image_kernel {
	char *name;			/* the symbol, as cuModuleGetFunction takes it */
	unsigned count;			/* parameters, by ordinal */
	bool from_ptx;			/* offsets follow from a PTX .entry */
	bool has_aligns;		/* param[].align known (PTX) */
	bool has_params;		/* KPARAM_INFO entries, or a PTX list */
	bool has_cbank;			/* cbank_size is known */
	uint32_t cbank_size;		/* bytes of parameters, EIATTR_PARAM_CBANK */
	struct image_param *param;	/* count of them, by ordinal */
};

struct image_kernels {
	size_t count;
	struct image_kernel *kernel;	/* sorted by name */
	unsigned compressed;		/* compressed entries left unread */
	bool lz4_missing;		/* one, of LZ4, for want of liblz4 */
};

/* Which entries of a fatbin image_kernels_read_entries() reads. */
#define IMAGE_ENTRIES_PLAIN      1u
#define IMAGE_ENTRIES_COMPRESSED 2u
/* The most compressed bytes image_kernels_pack() keeps of an image. */
#define IMAGE_PACKED_MAX         (64u << 20)

/*
 * Reads what the image of size bytes at image (a cubin or a fatbin, as
 * image_find() delimits them, or PTX) states of its kernels into *out, which
 * image_kernels_free() empties.  A kernel whose attributes cannot be read
 * whole, or that two cubins (or two PTX texts, with no cubin) of a fatbin
 * describe differently, is left out:
 * it is not checked rather than wrongly refused.  False only when memory
 * ran out (*out is then empty); an image that states nothing gives true
 * and no kernels.
 */
bool image_kernels_read(const void *image, size_t size,
			struct image_kernels *out);

/*
 * image_kernels_read(), of the fatbin entries which (IMAGE_ENTRIES_*)
 * names: compressed ones are inflated, one at a time, each bounded by
 * the size its header states and FATBIN_INFLATED_MAX, and freed once
 * read.  image_kernels_read() reads plain entries only, counting the
 * compressed ones it leaves in out->compressed.
 */
bool image_kernels_read_entries(const void *image, size_t size,
				unsigned which, struct image_kernels *out);

/*
 * A fatbin of the compressed entries of the fatbin image (size bytes),
 * copied into *packed (from malloc, *packed_size bytes), for
 * image_kernels_read_entries(IMAGE_ENTRIES_COMPRESSED) later, when the
 * image itself may be gone.  False when it has none, when they take more
 * than IMAGE_PACKED_MAX, or when memory ran out.
 */
bool image_kernels_pack(const void *image, size_t size, void **packed,
			size_t *packed_size);

/*
 * Copies every kernel of over into base, in place of base's kernel of the
 * same name if it has one.  False when memory ran out; base then holds
 * some of them, each whole (and stays sorted).
 */
bool image_kernels_overlay(struct image_kernels *base,
			   const struct image_kernels *over);

/* The kernel called name in k, or NULL. */
const struct image_kernel *image_kernels_find(const struct image_kernels *k,
					      const char *name);

void image_kernels_free(struct image_kernels *k);

#endif /* ONCUDA_IMAGE_KERNELS_H */
