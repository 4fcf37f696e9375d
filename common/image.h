/*
 * common/image.h - the one reader of CUDA module images (cubin ELF, fatbin,
 * fatbin wrapper, PTX): where an image starts, how long it is, and whether
 * its headers stay inside its bytes.
 *
 * The driver's load calls take an image by its address alone: the size is
 * in the image's header.  The client must know the size to send the image to
 * the server, so it reads the header the way the driver would; the server
 * checks an image that arrived against the bytes that did; the CPU stand-in
 * (tests/fakecuda) tells an image from garbage as the driver does.  All
 * three read it here, so they agree, on extended section numbering too.
 * Nothing here talks to the server or the driver, so the unit tests
 * exercise it on its own.
 */
#ifndef ONCUDA_IMAGE_H
#define ONCUDA_IMAGE_H

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

/*
 * The containers other than ELF, as nvcc and cudart lay them out: a fatbin
 * is a header (16 bytes in every fatbin nvcc writes; its own size says) and
 * its payload; a cudaFatBinaryWrapper points at one.
 */
#define IMAGE_FATBIN_MAGIC      0xBA55ED50u
#define IMAGE_FATBIN_HEADER     16u
#define IMAGE_WRAPPER_MAGIC     0x466243b1u

struct image_fatbin_header {
	uint32_t magic;			/* IMAGE_FATBIN_MAGIC */
	uint16_t version;
	uint16_t header_size;		/* at least IMAGE_FATBIN_HEADER */
	uint64_t payload_size;		/* bytes after the header */
};

/* cudaFatBinaryWrapper (crt/host_runtime.h), as nvcc emits it. */
struct image_fatbin_wrapper {
	uint32_t magic;			/* IMAGE_WRAPPER_MAGIC */
	uint32_t version;
	const void *data;		/* the fatbin */
	const void *filename_or_fatbins;
};

/* What an image is, by its first bytes; anything else is taken as PTX. */
enum image_kind {
	IMAGE_TEXT,
	IMAGE_ELF,
	IMAGE_FATBIN,
	IMAGE_WRAPPER,
};

/* The kind of the image at `image`, of which `avail` bytes may be read. */
enum image_kind image_kind(const void *image, size_t avail);

/*
 * A 64-bit little-endian ELF header (every cubin of a CUDA that runs on
 * x86-64) with its counts resolved.  A file with too many sections or
 * segments for the header's 16-bit fields keeps the real numbers in section
 * 0, as the ELF standard says: e_shnum 0 -> section 0's sh_size,
 * e_shstrndx SHN_XINDEX -> its sh_link, e_phnum PN_XNUM -> its sh_info.
 */
struct image_elf {
	Elf64_Ehdr header;
	uint64_t sections;		/* entries in the section header table */
	uint64_t names;			/* the section-name table's index, or SHN_UNDEF */
	uint64_t segments;		/* entries in the program header table */
};

/*
 * Reads the ELF header at `image` (avail bytes may be read) and resolves
 * its counts.  CUDA_ERROR_INVALID_IMAGE when it is not 64-bit
 * little-endian, when an entry size is smaller than its structure, when
 * section 0 is needed and cannot be read, or when the name table's index
 * is not a section's.  The tables themselves are not checked here.
 */
CUresult image_elf_read(const void *image, size_t avail, struct image_elf *elf);

/* Copies section i's header out; false when it lies outside avail. */
bool image_elf_section(const void *image, size_t avail,
			const struct image_elf *elf, uint64_t i, Elf64_Shdr *out);

/*
 * Called for a section of an ELF image: its name and its len bytes at
 * bytes, both within the image.  Returns false to end the walk.
 */
typedef bool image_section_fn(void *arg, const char *name,
			      const unsigned char *bytes, size_t len);

/*
 * Calls each() for every section of the ELF image at `image` (avail bytes
 * may be read) whose header, name and contents lie within avail, in
 * order; sections without contents in the file (SHT_NOBITS), and any
 * that do not lie within avail, are skipped, and so is the whole of an
 * image whose header does not read.  False only when each() was.
 */
bool image_elf_sections(const void *image, size_t avail,
			image_section_fn *each, void *arg);

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

/*
 * Checks an image that arrived over the network, size bytes of it, before a
 * load: an ELF whose header tables, sections or segments, or a fatbin whose
 * declared size, reach past its end is CUDA_ERROR_INVALID_IMAGE, and so is a
 * fatbin wrapper (it holds a pointer into the sender's memory).  Anything
 * else passes as text: its receiver puts a NUL after it, and what lies
 * inside sections and fatbin entries is the driver's to check.
 */
CUresult image_check_received(const void *image, size_t size);

/*
 * The version of a cudaFatBinaryWrapper that the CUDA runtime registers for
 * relocatable device code after nvlink: its second field is a
 * NULL-terminated list of the fatbins the linked one came from, which the
 * driver JIT-links when the linked fatbin has no code for the GPU.
 */
#define IMAGE_WRAPPER_LINKED    2u

/*
 * The prelinked fatbins of the wrapper at image (idl/cuda.x,
 * CU_IMAGE_KEEP_PRELINKED): *list is the wrapper's NULL-terminated list and
 * the count is returned, when image is a linked wrapper with a list; 0
 * (and *list NULL) for any other image.  At most max are counted: a list
 * longer than that returns max + 1.
 */
size_t image_prelinked(const void *image, size_t max, const void *const **list);

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
