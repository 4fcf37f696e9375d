/*
 * image.c - deciding whether a module image is loadable, and the JIT logs.
 *
 * The stand-in never decodes an image (its functions come from kernels.c),
 * but it still tells a plausible image from garbage the way the driver
 * does, so that error paths can be tested: a cubin (ELF), a fatbin, a
 * fatbin wrapper as emitted by nvcc for host code, or PTX text.  It reads
 * images with common/image.c, as the client and the server do.
 */
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/image.h"
#include "fakecuda.h"

#define PTX_SEARCH_WINDOW    4096

/*
 * A cubin is a 64-bit ELF file for EM_CUDA whose section names are where
 * its header says.  cuModuleLoadData passes no size, so, like the driver,
 * this trusts the header's offsets as far as the address space goes.
 */
static CUresult
check_cubin(const void *image)
{
	size_t rest = UINTPTR_MAX - (uintptr_t)image + 1;
	struct image_elf elf;
	Elf64_Shdr names;

	if (image_elf_read(image, rest, &elf) != CUDA_SUCCESS ||
	    elf.header.e_machine != EM_CUDA || elf.names == SHN_UNDEF ||
	    !image_elf_section(image, rest, &elf, elf.names, &names) ||
	    names.sh_type != SHT_STRTAB)
		return CUDA_ERROR_INVALID_IMAGE;
	return CUDA_SUCCESS;
}

/*
 * A fatbin with no entries holds code for no GPU.  The driver then turns to
 * the fatbins a linked wrapper (version 2) lists, which it JIT-links; the
 * stand-in only checks that they are there and are fatbins with code.
 */
static bool
fatbin_is_empty(const void *fatbin)
{
	struct image_fatbin_header h;

	memcpy(&h, fatbin, sizeof(h));
	return h.payload_size == 0;
}

static CUresult
check_code(const void *image)
{
	const void *const *list;
	const void *start;
	size_t n, size;

	if (image_find_in_memory(image, &start, &size) != CUDA_SUCCESS)
		return CUDA_ERROR_INVALID_IMAGE;
	if (image_kind(start, size) != IMAGE_FATBIN || !fatbin_is_empty(start))
		return CUDA_SUCCESS;
	n = image_prelinked(image, 64, &list);
	if (n == 0)
		return CUDA_ERROR_NO_BINARY_FOR_GPU;
	for (size_t i = 0; i < n; i++) {
		if (image_kind(list[i], SIZE_MAX) != IMAGE_FATBIN ||
		    image_find_in_memory(list[i], &start, &size) !=
		    CUDA_SUCCESS)
			return CUDA_ERROR_INVALID_IMAGE;
		if (fatbin_is_empty(list[i]))
			return CUDA_ERROR_NO_BINARY_FOR_GPU;
	}
	return CUDA_SUCCESS;
}

/* The kinds and sizes are common/image.c's, the client's and server's reader. */
CUresult
fc_image_check(const void *image, size_t *bytes)
{
	const void *start;
	size_t len;

	if (image == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	switch (image_kind(image, SIZE_MAX)) {
	case IMAGE_ELF:
		if (check_cubin(image) != CUDA_SUCCESS)
			return CUDA_ERROR_INVALID_IMAGE;
		/* fall through */
	case IMAGE_FATBIN:
	case IMAGE_WRAPPER:
		if (image_find_in_memory(image, &start, bytes) != CUDA_SUCCESS)
			return CUDA_ERROR_INVALID_IMAGE;
		return check_code(image);
	case IMAGE_TEXT:
		break;
	}
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
