/*
 * svc_image.c -- module images arriving in pieces (CU_IMAGE_STAGE).
 *
 * The driver's load calls take an image without its size and find their
 * way through it by its headers.  The image comes from the network, so
 * before a load the headers are checked against the bytes that actually
 * arrived: an ELF (cubin) whose header tables or sections, or a fatbin
 * whose declared size, reach past the end is refused, and anything else is
 * handed over as text with a NUL after the last byte received.  A fatbin
 * wrapper is refused too: it holds a pointer into the client's memory.
 * What lies inside sections and fatbin entries is the driver's to check.
 */
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_rpc.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/svc/svc_image.h"

#define FATBIN_MAGIC		0xBA55ED50u
#define FATBIN_HEADER_BYTES	16
#define FATBIN_WRAPPER_MAGIC	0x466243B1u

static char *staged;		/* staged_total + 1 bytes, the last a NUL */
static cu_size staged_total;
static cu_size staged_filled;

void image_drop(void)
{
	free(staged);
	staged = NULL;
	staged_total = 0;
	staged_filled = 0;
}

bool_t cu_image_stage_13000_svc(cu_size total, cu_size offset, cu_bytes bytes,
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

/* Whether count entries of entry bytes at offset lie within size bytes. */
static bool table_fits(uint64_t offset, uint64_t count, uint64_t entry,
    size_t size)
{
	uint64_t bytes, end;

	return !__builtin_mul_overflow(count, entry, &bytes) &&
	    !__builtin_add_overflow(offset, bytes, &end) && end <= size;
}

static bool elf_sections_fit(const char *image, size_t size,
    const Elf64_Ehdr *eh)
{
	Elf64_Shdr sh;
	unsigned int i;

	/* Extended numbering keeps the count in section 0; cubins never
	 * use it, and an image that pretends to is refused. */
	if (eh->e_shnum == 0)
		return eh->e_shoff == 0;
	if (eh->e_shentsize != sizeof(sh) || eh->e_shstrndx >= eh->e_shnum ||
	    !table_fits(eh->e_shoff, eh->e_shnum, sizeof(sh), size))
		return false;
	for (i = 0; i < eh->e_shnum; i++) {
		memcpy(&sh, image + eh->e_shoff + (size_t)i * sizeof(sh),
		    sizeof(sh));
		if (sh.sh_type != SHT_NOBITS &&
		    !table_fits(sh.sh_offset, 1, sh.sh_size, size))
			return false;
	}
	return true;
}

static bool elf_segments_fit(const char *image, size_t size,
    const Elf64_Ehdr *eh)
{
	Elf64_Phdr ph;
	unsigned int i;

	if (eh->e_phnum == 0)
		return true;
	if (eh->e_phentsize != sizeof(ph) ||
	    !table_fits(eh->e_phoff, eh->e_phnum, sizeof(ph), size))
		return false;
	for (i = 0; i < eh->e_phnum; i++) {
		memcpy(&ph, image + eh->e_phoff + (size_t)i * sizeof(ph),
		    sizeof(ph));
		if (!table_fits(ph.p_offset, 1, ph.p_filesz, size))
			return false;
	}
	return true;
}

static bool elf_fits(const char *image, size_t size)
{
	Elf64_Ehdr eh;

	/* Headers are copied out: the tables need not be aligned. */
	if (size < sizeof(eh))
		return false;
	memcpy(&eh, image, sizeof(eh));
	return eh.e_ident[EI_CLASS] == ELFCLASS64 &&
	    elf_sections_fit(image, size, &eh) &&
	    elf_segments_fit(image, size, &eh);
}

/* magic (4), version (2), header size (2), then the bytes that follow (8). */
static bool fatbin_fits(const char *image, size_t size)
{
	uint16_t header_bytes;
	uint64_t data_bytes;

	if (size < FATBIN_HEADER_BYTES)
		return false;
	memcpy(&header_bytes, image + 6, sizeof(header_bytes));
	memcpy(&data_bytes, image + 8, sizeof(data_bytes));
	return header_bytes >= FATBIN_HEADER_BYTES &&
	    table_fits(header_bytes, 1, data_bytes, size);
}

static bool image_fits(const char *image, size_t size)
{
	uint32_t magic = 0;

	if (size >= SELFMAG && memcmp(image, ELFMAG, SELFMAG) == 0)
		return elf_fits(image, size);
	if (size >= sizeof(magic))
		memcpy(&magic, image, sizeof(magic));
	if (magic == FATBIN_MAGIC)
		return fatbin_fits(image, size);
	if (magic == FATBIN_WRAPPER_MAGIC)
		return false;
	return true;	/* PTX: ends at the NUL we put after it */
}

CUresult image_take(void **image, size_t *size)
{
	if (staged == NULL || staged_filled != staged_total) {
		image_drop();
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (!image_fits(staged, (size_t)staged_total)) {
		image_drop();
		return CUDA_ERROR_INVALID_IMAGE;
	}
	*image = staged;
	*size = (size_t)staged_total;
	staged = NULL;
	image_drop();
	return CUDA_SUCCESS;
}
