/*
 * image.c - finding the size of a module image from its header, and reading
 * image files.
 *
 * Every read of the image goes through read_at(), which refuses to look past
 * `avail`; every end computed from header fields goes through extend(),
 * which refuses sums that overflow or leave `avail`.  A corrupt header is
 * therefore CUDA_ERROR_INVALID_IMAGE, never a read out of bounds or a huge
 * size sent to the server.  For an image in the program's memory `avail` is
 * only the rest of the address space: the header is trusted as far as the
 * driver itself would trust it.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/image.h"

/* cudaFatBinaryWrapper (crt/host_runtime.h), as nvcc emits it. */
struct fatbin_wrapper {
	uint32_t magic;
	uint32_t version;
	const void *data;
	void *filename_or_fatbins;
};

/* Copies n bytes at offset off into out, if they lie within avail. */
static bool read_at(const unsigned char *image, size_t avail, uint64_t off,
		    void *out, size_t n)
{
	if (off > avail || n > avail - off)
		return false;
	memcpy(out, image + off, n);
	return true;
}

/* Raises *end to off + len, if that range lies within avail. */
static bool extend(uint64_t *end, uint64_t off, uint64_t len, size_t avail)
{
	if (off > avail || len > avail - off)
		return false;
	if (off + len > *end)
		*end = off + len;
	return true;
}

/* Raises *end to the end of a table of count entries of entsize bytes. */
static bool extend_table(uint64_t *end, uint64_t off, uint64_t count,
			 uint64_t entsize, size_t avail)
{
	if (count != 0 && entsize > avail / count)
		return false;
	return extend(end, off, count * entsize, avail);
}

/*
 * The size of a 64-bit little-endian ELF file (every cubin of a CUDA that
 * runs on x86-64).  A file with more than 0xff00 sections, or 0xffff
 * segments, keeps the real counts in section 0, as the ELF standard says.
 */
static CUresult elf_size(const unsigned char *image, size_t avail,
			 size_t *size)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh;
	Elf64_Phdr ph;
	uint64_t end = sizeof(eh), shnum = 0, phnum, i;

	if (!read_at(image, avail, 0, &eh, sizeof(eh)))
		return CUDA_ERROR_INVALID_IMAGE;
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB)
		return CUDA_ERROR_INVALID_IMAGE;

	/* An offset of 0 means the file has no such table. */
	phnum = eh.e_phoff != 0 ? eh.e_phnum : 0;
	if (eh.e_shoff != 0) {
		if (eh.e_shentsize < sizeof(sh) ||
		    !read_at(image, avail, eh.e_shoff, &sh, sizeof(sh)))
			return CUDA_ERROR_INVALID_IMAGE;
		shnum = eh.e_shnum != 0 ? eh.e_shnum : sh.sh_size;
		if (phnum == PN_XNUM)
			phnum = sh.sh_info;
	} else if (phnum == PN_XNUM) {
		return CUDA_ERROR_INVALID_IMAGE;
	}
	if (phnum != 0 && eh.e_phentsize < sizeof(ph))
		return CUDA_ERROR_INVALID_IMAGE;

	/* The tables first: once they fit, every entry in them can be read. */
	if (!extend_table(&end, eh.e_shoff, shnum, eh.e_shentsize, avail) ||
	    !extend_table(&end, eh.e_phoff, phnum, eh.e_phentsize, avail))
		return CUDA_ERROR_INVALID_IMAGE;

	for (i = 0; i < shnum; i++) {
		if (!read_at(image, avail, eh.e_shoff + i * eh.e_shentsize,
			     &sh, sizeof(sh)))
			return CUDA_ERROR_INVALID_IMAGE;
		/* .bss-like sections occupy no bytes of the file. */
		if (sh.sh_type != SHT_NOBITS &&
		    !extend(&end, sh.sh_offset, sh.sh_size, avail))
			return CUDA_ERROR_INVALID_IMAGE;
	}
	for (i = 0; i < phnum; i++) {
		if (!read_at(image, avail, eh.e_phoff + i * eh.e_phentsize,
			     &ph, sizeof(ph)) ||
		    !extend(&end, ph.p_offset, ph.p_filesz, avail))
			return CUDA_ERROR_INVALID_IMAGE;
	}
	*size = end;
	return CUDA_SUCCESS;
}

/* The size of a fatbin: a 16-byte header, with the payload size at 8. */
static CUresult fatbin_size(const unsigned char *image, size_t avail,
			    size_t *size)
{
	uint32_t magic;
	uint64_t payload, end = 0;

	if (!read_at(image, avail, 0, &magic, sizeof(magic)) ||
	    magic != IMAGE_FATBIN_MAGIC ||
	    !read_at(image, avail, 8, &payload, sizeof(payload)) ||
	    !extend(&end, IMAGE_FATBIN_HEADER, payload, avail))
		return CUDA_ERROR_INVALID_IMAGE;
	*size = end;
	return CUDA_SUCCESS;
}

/*
 * Whether c may appear in PTX.  PTX is ASCII, but comments may hold UTF-8,
 * so only control characters other than white space mark binary data.
 */
static bool is_text(unsigned char c)
{
	return c >= 0x80 || (c >= 0x20 && c != 0x7f) ||
	       (c >= '\t' && c <= '\r');
}

/* The size of NUL-terminated text, the NUL included. */
static CUresult text_size(const unsigned char *image, size_t avail,
			  size_t *size)
{
	size_t n;

	for (n = 0; n < avail && image[n] != '\0'; n++)
		if (!is_text(image[n]))
			return CUDA_ERROR_INVALID_IMAGE;
	if (n == 0 || n == avail)
		return CUDA_ERROR_INVALID_IMAGE;
	*size = n + 1;
	return CUDA_SUCCESS;
}

/* How many bytes from p to the end of the address space. */
static size_t rest_of_memory(const void *p)
{
	return UINTPTR_MAX - (uintptr_t)p + 1;
}

CUresult image_find(const void *image, size_t avail, const void **start,
		    size_t *size)
{
	const unsigned char *bytes = image;
	struct fatbin_wrapper wrapper;
	uint32_t magic;

	if (image == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*start = image;
	if (!read_at(bytes, avail, 0, &magic, sizeof(magic)))
		return text_size(bytes, avail, size);
	if (memcmp(&magic, ELFMAG, SELFMAG) == 0)
		return elf_size(bytes, avail, size);
	if (magic == IMAGE_FATBIN_MAGIC)
		return fatbin_size(bytes, avail, size);
	if (magic == IMAGE_WRAPPER_MAGIC) {
		if (!read_at(bytes, avail, 0, &wrapper, sizeof(wrapper)) ||
		    wrapper.data == NULL)
			return CUDA_ERROR_INVALID_IMAGE;
		*start = wrapper.data;
		return fatbin_size(wrapper.data, rest_of_memory(wrapper.data),
				   size);
	}
	return text_size(bytes, avail, size);
}

CUresult image_find_in_memory(const void *image, const void **start,
			      size_t *size)
{
	if (image == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return image_find(image, rest_of_memory(image), start, size);
}

/*
 * Reads fd to its end into *buf, of *cap bytes, growing it as needed.
 * Returns the length, or -1 with errno set.
 */
static ssize_t read_all(int fd, unsigned char **buf, size_t *cap)
{
	size_t len = 0;
	unsigned char *bigger;
	ssize_t n;

	for (;;) {
		/* Keep a byte free for the NUL the caller adds. */
		if (*cap - len < 2) {
			if (*cap > SSIZE_MAX / 2) {
				errno = EFBIG;
				return -1;
			}
			bigger = realloc(*buf, *cap * 2);
			if (bigger == NULL)
				return -1;
			*buf = bigger;
			*cap *= 2;
		}
		n = read(fd, *buf + len, *cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			return (ssize_t)len;
		len += (size_t)n;
	}
}

CUresult image_read_file(const char *path, void **data, size_t *size)
{
	unsigned char *buf;
	struct stat st;
	size_t cap = 4096;
	ssize_t len;
	int fd, saved;

	if (path == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOMEM ? CUDA_ERROR_OUT_OF_MEMORY :
					 CUDA_ERROR_FILE_NOT_FOUND;
	/* The size is a hint only: a pipe has none and a file may grow. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size < SSIZE_MAX / 2)
		cap = (size_t)st.st_size + 2;
	buf = malloc(cap);
	if (buf == NULL) {
		close(fd);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	len = read_all(fd, &buf, &cap);
	saved = errno;
	close(fd);
	if (len < 0) {
		free(buf);
		return saved == ENOMEM ? CUDA_ERROR_OUT_OF_MEMORY :
					 CUDA_ERROR_FILE_NOT_FOUND;
	}
	buf[len] = '\0';
	*data = buf;
	*size = (size_t)len + 1;
	return CUDA_SUCCESS;
}
