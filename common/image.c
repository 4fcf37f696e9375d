/*
 * common/image.c - the module-image reader (image.h): kinds, sizes and
 * bounds of cubins, fatbins, wrappers and PTX, and reading image files.
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

CUresult image_elf_read(const void *image, size_t avail, struct image_elf *elf)
{
	const Elf64_Ehdr *eh = &elf->header;
	Elf64_Shdr zero;

	if (!read_at(image, avail, 0, &elf->header, sizeof(elf->header)) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB)
		return CUDA_ERROR_INVALID_IMAGE;
	/* An offset of 0 means the file has no such table. */
	elf->sections = 0;
	elf->names = eh->e_shstrndx;
	elf->segments = eh->e_phoff != 0 ? eh->e_phnum : 0;
	if (eh->e_shoff != 0) {
		if (eh->e_shentsize < sizeof(zero) ||
		    !read_at(image, avail, eh->e_shoff, &zero, sizeof(zero)))
			return CUDA_ERROR_INVALID_IMAGE;
		elf->sections = eh->e_shnum != 0 ? eh->e_shnum : zero.sh_size;
		if (eh->e_shstrndx == SHN_XINDEX)
			elf->names = zero.sh_link;
		if (elf->segments == PN_XNUM)
			elf->segments = zero.sh_info;
	} else if (elf->segments == PN_XNUM || eh->e_shstrndx == SHN_XINDEX) {
		return CUDA_ERROR_INVALID_IMAGE;
	}
	if (elf->names != SHN_UNDEF && elf->names >= elf->sections)
		return CUDA_ERROR_INVALID_IMAGE;
	if (elf->segments != 0 && eh->e_phentsize < sizeof(Elf64_Phdr))
		return CUDA_ERROR_INVALID_IMAGE;
	return CUDA_SUCCESS;
}

bool image_elf_section(const void *image, size_t avail,
		       const struct image_elf *elf, uint64_t i, Elf64_Shdr *out)
{
	uint64_t entry = elf->header.e_shentsize, at;

	if (i >= elf->sections || __builtin_mul_overflow(i, entry, &at) ||
	    __builtin_add_overflow(at, elf->header.e_shoff, &at))
		return false;
	return read_at(image, avail, at, out, sizeof(*out));
}

/* The NUL-terminated name at offset off of the section-name table whose
 * header is names, or NULL when it does not lie within avail. */
static const char *section_name(const unsigned char *image, size_t avail,
				const Elf64_Shdr *names, uint64_t off)
{
	const char *table;

	if (names->sh_offset > avail || names->sh_size > avail -
	    names->sh_offset || off >= names->sh_size)
		return NULL;
	table = (const char *)image + names->sh_offset;
	if (memchr(table + off, '\0', names->sh_size - off) == NULL)
		return NULL;
	return table + off;
}

bool image_elf_sections(const void *image, size_t avail,
			image_section_fn *each, void *arg)
{
	const unsigned char *bytes = image;
	struct image_elf e;
	Elf64_Shdr names, sh;
	const char *name;

	if (image_elf_read(image, avail, &e) != CUDA_SUCCESS ||
	    e.names == SHN_UNDEF ||
	    !image_elf_section(image, avail, &e, e.names, &names))
		return true;
	for (uint64_t i = 0; i < e.sections; i++) {
		if (!image_elf_section(image, avail, &e, i, &sh) ||
		    sh.sh_type == SHT_NOBITS ||
		    sh.sh_offset > avail || sh.sh_size > avail - sh.sh_offset ||
		    (name = section_name(bytes, avail, &names,
					 sh.sh_name)) == NULL)
			continue;
		if (!each(arg, name, bytes + sh.sh_offset, sh.sh_size))
			return false;
	}
	return true;
}

/*
 * The size of an ELF file: the furthest end of its header, its tables,
 * every section with file contents and every segment's file part.
 */
static CUresult elf_size(const unsigned char *image, size_t avail,
			 size_t *size)
{
	struct image_elf elf;
	const Elf64_Ehdr *eh = &elf.header;
	Elf64_Shdr sh;
	Elf64_Phdr ph;
	uint64_t end = sizeof(*eh), i;
	CUresult err;

	if ((err = image_elf_read(image, avail, &elf)) != CUDA_SUCCESS)
		return err;
	/* The tables first: once they fit, every entry in them can be read. */
	if (!extend_table(&end, eh->e_shoff, elf.sections, eh->e_shentsize,
			  avail) ||
	    !extend_table(&end, eh->e_phoff, elf.segments, eh->e_phentsize,
			  avail))
		return CUDA_ERROR_INVALID_IMAGE;
	for (i = 0; i < elf.sections; i++) {
		if (!image_elf_section(image, avail, &elf, i, &sh))
			return CUDA_ERROR_INVALID_IMAGE;
		/* .bss-like sections occupy no bytes of the file. */
		if (sh.sh_type != SHT_NOBITS &&
		    !extend(&end, sh.sh_offset, sh.sh_size, avail))
			return CUDA_ERROR_INVALID_IMAGE;
	}
	for (i = 0; i < elf.segments; i++) {
		if (!read_at(image, avail, eh->e_phoff + i * eh->e_phentsize,
			     &ph, sizeof(ph)) ||
		    !extend(&end, ph.p_offset, ph.p_filesz, avail))
			return CUDA_ERROR_INVALID_IMAGE;
	}
	*size = end;
	return CUDA_SUCCESS;
}

/* The size of a fatbin: its header, then the payload the header counts. */
static CUresult fatbin_size(const unsigned char *image, size_t avail,
			    size_t *size)
{
	struct image_fatbin_header h;
	uint64_t end = 0;

	if (!read_at(image, avail, 0, &h, sizeof(h)) ||
	    h.magic != IMAGE_FATBIN_MAGIC ||
	    h.header_size < IMAGE_FATBIN_HEADER ||
	    !extend(&end, h.header_size, h.payload_size, avail))
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

/*
 * Whether the image opens with the 4 bytes of magic.  Byte by byte, up to
 * the first that differs: no magic holds a zero byte, so a short string
 * in memory (a PTX image, or garbage) is never read past its NUL.
 */
static bool opens_with(const unsigned char *image, size_t avail,
		       const void *magic)
{
	const unsigned char *m = magic;

	for (size_t i = 0; i < 4; i++)
		if (i >= avail || image[i] != m[i])
			return false;
	return true;
}

enum image_kind image_kind(const void *image, size_t avail)
{
	const uint32_t fatbin = IMAGE_FATBIN_MAGIC;
	const uint32_t wrapper = IMAGE_WRAPPER_MAGIC;

	if (opens_with(image, avail, ELFMAG))
		return IMAGE_ELF;
	if (opens_with(image, avail, &fatbin))
		return IMAGE_FATBIN;
	if (opens_with(image, avail, &wrapper))
		return IMAGE_WRAPPER;
	return IMAGE_TEXT;
}

CUresult image_find(const void *image, size_t avail, const void **start,
		    size_t *size)
{
	const unsigned char *bytes = image;
	struct image_fatbin_wrapper wrapper;

	if (image == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*start = image;
	switch (image_kind(image, avail)) {
	case IMAGE_ELF:
		return elf_size(bytes, avail, size);
	case IMAGE_FATBIN:
		return fatbin_size(bytes, avail, size);
	case IMAGE_WRAPPER:
		if (!read_at(bytes, avail, 0, &wrapper, sizeof(wrapper)) ||
		    wrapper.data == NULL)
			return CUDA_ERROR_INVALID_IMAGE;
		*start = wrapper.data;
		return fatbin_size(wrapper.data, rest_of_memory(wrapper.data),
				   size);
	case IMAGE_TEXT:
		break;
	}
	return text_size(bytes, avail, size);
}

size_t image_prelinked(const void *image, size_t max, const void *const **list)
{
	struct image_fatbin_wrapper wrapper;
	const void *const *fatbins;
	size_t n;

	*list = NULL;
	if (image == NULL || image_kind(image, sizeof(wrapper)) != IMAGE_WRAPPER)
		return 0;
	memcpy(&wrapper, image, sizeof(wrapper));
	if (wrapper.version != IMAGE_WRAPPER_LINKED ||
	    wrapper.filename_or_fatbins == NULL)
		return 0;
	fatbins = wrapper.filename_or_fatbins;
	for (n = 0; n <= max && fatbins[n] != NULL; n++)
		;
	if (n > 0)
		*list = fatbins;
	return n;
}

CUresult image_check_received(const void *image, size_t size)
{
	size_t found;

	switch (image_kind(image, size)) {
	case IMAGE_ELF:
		return elf_size(image, size, &found);
	case IMAGE_FATBIN:
		return fatbin_size(image, size, &found);
	case IMAGE_WRAPPER:
		return CUDA_ERROR_INVALID_IMAGE;
	case IMAGE_TEXT:
		break;
	}
	return CUDA_SUCCESS;
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
