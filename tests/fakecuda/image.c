/*
 * image.c - deciding whether a module image is loadable, and the JIT logs.
 *
 * The stand-in never decodes an image (its functions come from kernels.c),
 * but it still tells a plausible image from garbage the way the driver
 * does, so that error paths can be tested: a cubin (ELF), a fatbin, a
 * fatbin wrapper as emitted by nvcc for host code, or PTX text.
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "fakecuda.h"

#define FATBIN_MAGIC         0xba55ed50u
#define FATBIN_WRAPPER_MAGIC 0x466243b1u
#define PTX_SEARCH_WINDOW    4096

struct fatbin_header {
	uint32_t magic;
	uint16_t version;
	uint16_t header_size;
	uint64_t fat_size;
};

struct fatbin_wrapper {
	uint32_t magic;
	uint32_t version;
	const void *data;
	const void *filename_or_fatbins;
};

/*
 * Compares byte by byte so that a short string is never read past its
 * terminator: every magic number here is free of zero bytes.
 */
static bool
starts_with(const unsigned char *p, const void *prefix, size_t n)
{
	const unsigned char *q = prefix;

	for (size_t i = 0; i < n; i++) {
		if (p[i] != q[i])
			return false;
	}
	return true;
}

static bool
starts_with_u32(const unsigned char *p, uint32_t magic)
{
	unsigned char bytes[4];

	memcpy(bytes, &magic, sizeof(bytes));
	return starts_with(p, bytes, sizeof(bytes));
}

static CUresult
check_fatbin(const unsigned char *p, size_t *bytes)
{
	struct fatbin_header h;

	if (p == NULL || !starts_with_u32(p, FATBIN_MAGIC))
		return CUDA_ERROR_INVALID_IMAGE;
	memcpy(&h, p, sizeof(h));
	*bytes = h.header_size + h.fat_size;
	return CUDA_SUCCESS;
}

/*
 * A cubin is a 64-bit ELF file for EM_CUDA whose section names are where
 * its header says.  cuModuleLoadData passes no size, so, like the driver,
 * this trusts the header's offsets.  The header tables come last in the
 * file, so the later one's end is the image's size.
 */
static CUresult
check_cubin(const unsigned char *p, size_t *bytes)
{
	size_t sections, segments;
	Elf64_Shdr names;
	Elf64_Ehdr elf;

	memcpy(&elf, p, sizeof(elf));
	if (elf.e_ident[EI_CLASS] != ELFCLASS64 || elf.e_machine != EM_CUDA ||
	    elf.e_shentsize != sizeof(Elf64_Shdr) ||
	    elf.e_shstrndx == SHN_UNDEF || elf.e_shstrndx >= elf.e_shnum)
		return CUDA_ERROR_INVALID_IMAGE;
	memcpy(&names, p + elf.e_shoff + elf.e_shstrndx * sizeof(names),
	    sizeof(names));
	if (names.sh_type != SHT_STRTAB)
		return CUDA_ERROR_INVALID_IMAGE;
	sections = elf.e_shoff + (size_t)elf.e_shnum * elf.e_shentsize;
	segments = elf.e_phoff + (size_t)elf.e_phnum * elf.e_phentsize;
	*bytes = sections > segments ? sections : segments;
	return CUDA_SUCCESS;
}

CUresult
fc_image_check(const void *image, size_t *bytes)
{
	const unsigned char *p = image;
	struct fatbin_wrapper w;
	size_t len;

	if (p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (starts_with_u32(p, FATBIN_WRAPPER_MAGIC)) {
		memcpy(&w, p, sizeof(w));
		return check_fatbin(w.data, bytes);
	}
	if (starts_with_u32(p, FATBIN_MAGIC))
		return check_fatbin(p, bytes);
	if (starts_with(p, ELFMAG, SELFMAG))
		return check_cubin(p, bytes);
	/* PTX opens with comments, then ".version". */
	len = strnlen(image, PTX_SEARCH_WINDOW);
	if (memmem(image, len, ".version", strlen(".version")) != NULL) {
		*bytes = strlen(image) + 1;
		return CUDA_SUCCESS;
	}
	return CUDA_ERROR_INVALID_IMAGE;
}

CUresult
fc_jit_check(unsigned int count, const CUjit_option *options, void **values)
{
	if (count == 0)
		return CUDA_SUCCESS;
	if (options == NULL || values == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < count; i++) {
		if ((int)options[i] < 0 || options[i] >= CU_JIT_NUM_OPTIONS)
			return CUDA_ERROR_INVALID_VALUE;
	}
	return CUDA_SUCCESS;
}

/*
 * Writes msg into a caller's log buffer; returns the bytes used by the
 * message and its terminator, or 0 for an empty log.
 */
static size_t
write_log(char *buf, size_t size, const char *msg)
{
	if (buf == NULL || size == 0)
		return 0;
	snprintf(buf, size, "%s", msg);
	return buf[0] != '\0' ? strlen(buf) + 1 : 0;
}

/*
 * Fills the info and error logs the caller asked for.  Option values are
 * passed by value in the void * array; the size options are in/out: on
 * return they hold the bytes of the buffer used (see write_log).
 */
void
fc_jit_report(unsigned int count, const CUjit_option *options, void **values,
    const char *info, const char *error)
{
	char *info_buf = NULL, *error_buf = NULL;
	int info_size_at = -1, error_size_at = -1;
	size_t used;

	for (unsigned int i = 0; i < count; i++) {
		if (options[i] == CU_JIT_INFO_LOG_BUFFER)
			info_buf = values[i];
		else if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
			error_buf = values[i];
		else if (options[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
			info_size_at = (int)i;
		else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			error_size_at = (int)i;
	}
	if (info_size_at >= 0) {
		used = write_log(info_buf,
		    (uintptr_t)values[info_size_at], info);
		values[info_size_at] = (void *)(uintptr_t)used;
	}
	if (error_size_at >= 0) {
		used = write_log(error_buf,
		    (uintptr_t)values[error_size_at], error);
		values[error_size_at] = (void *)(uintptr_t)used;
	}
}

CUresult
fc_image_load(const void *image, unsigned int count,
    const CUjit_option *options, void **values)
{
	char info[96];
	size_t bytes = 0;
	CUresult rc;

	rc = fc_jit_check(count, options, values);
	if (rc != CUDA_SUCCESS)
		return rc;
	rc = fc_image_check(image, &bytes);
	if (rc == CUDA_SUCCESS) {
		snprintf(info, sizeof(info), "fakecuda: loaded %zu-byte image",
		    bytes);
		fc_jit_report(count, options, values, info, "");
	} else {
		fc_jit_report(count, options, values, "", "fakecuda: the image "
		    "is not a cubin, a fatbin or PTX text");
	}
	return rc;
}
