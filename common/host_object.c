/*
 * common/host_object.c - the fatbins inside host objects and archives
 * (host_object.h).
 *
 * An archive, as ar(5) and GNU ar write it: the 8 bytes "!<arch>\n", then
 * members, each a 60-byte header (name 16, date 12, uid 6, gid 6, mode 8,
 * the size in decimal 10, then "`\n") and its bytes, padded to an even
 * offset.  The symbol table ("/") and the long names ("//") are members
 * like any other; only members that are ELF are read.
 */
#include <elf.h>
#include <string.h>

#include "common/host_object.h"
#include "common/image.h"

#define AR_MAGIC        "!<arch>\n"
#define AR_MAGIC_LEN    8u
#define AR_HEADER       60u
#define AR_SIZE_AT      48u
#define AR_SIZE_LEN     10u
#define FATBIN_ALIGN    8u

static const char *const fatbin_sections[] = { ".nv_fatbin",
					       "__nv_relfatbin" };

static bool is_fatbin_section(const char *name)
{
	for (size_t i = 0; i < sizeof(fatbin_sections) /
	     sizeof(fatbin_sections[0]); i++)
		if (strcmp(name, fatbin_sections[i]) == 0)
			return true;
	return false;
}

/* Calls each() for the fatbins one after another in len bytes at p. */
static bool section_fatbins(const unsigned char *p, size_t len,
			    host_fatbin_fn *each, void *arg)
{
	struct image_fatbin_header h;
	size_t at = 0;

	while (len - at >= sizeof(h)) {
		memcpy(&h, p + at, sizeof(h));
		if (h.magic != IMAGE_FATBIN_MAGIC ||
		    h.header_size < IMAGE_FATBIN_HEADER ||
		    h.header_size > len - at ||
		    h.payload_size > len - at - h.header_size)
			break;
		if (!each(arg, p + at, h.header_size + h.payload_size))
			return false;
		at += h.header_size + h.payload_size;
		/* The next starts at a multiple of 8, if there is one. */
		at += (FATBIN_ALIGN - at % FATBIN_ALIGN) % FATBIN_ALIGN;
		if (at > len)
			break;
	}
	return true;
}

/* What object_fatbins() hands on. */
struct walk {
	host_fatbin_fn *each;
	void *arg;
};

static bool take_section(void *arg, const char *name,
			 const unsigned char *bytes, size_t len)
{
	struct walk *w = arg;

	return !is_fatbin_section(name) ||
	    section_fatbins(bytes, len, w->each, w->arg);
}

/* Calls each() for the fatbins of the ELF object of size bytes at elf. */
static bool object_fatbins(const unsigned char *elf, size_t size,
			   host_fatbin_fn *each, void *arg)
{
	struct walk w = { each, arg };

	return image_elf_sections(elf, size, take_section, &w);
}

/* A member's size from its header's decimal field; false if malformed. */
static bool member_size(const unsigned char *header, size_t *size)
{
	size_t n = 0, i;

	for (i = 0; i < AR_SIZE_LEN && header[AR_SIZE_AT + i] >= '0' &&
	     header[AR_SIZE_AT + i] <= '9'; i++)
		n = n * 10 + (size_t)(header[AR_SIZE_AT + i] - '0');
	if (i == 0)
		return false;
	for (; i < AR_SIZE_LEN; i++)
		if (header[AR_SIZE_AT + i] != ' ')
			return false;
	*size = n;
	return true;
}

/* Calls each() for the fatbins of the ELF members of the archive. */
static bool archive_fatbins(const unsigned char *ar, size_t size,
			    host_fatbin_fn *each, void *arg)
{
	size_t at = AR_MAGIC_LEN, len;

	while (size - at >= AR_HEADER) {
		const unsigned char *header = ar + at;

		if (header[58] != '`' || header[59] != '\n' ||
		    !member_size(header, &len) ||
		    len > size - at - AR_HEADER)
			break;
		at += AR_HEADER;
		if (len >= SELFMAG && memcmp(ar + at, ELFMAG, SELFMAG) == 0 &&
		    !object_fatbins(ar + at, len, each, arg))
			return false;
		at += len;
		/* Members start at even offsets. */
		if (at % 2 != 0 && at < size)
			at++;
	}
	return true;
}

bool host_object_fatbins(const void *image, size_t size,
			 host_fatbin_fn *each, void *arg)
{
	const unsigned char *p = image;

	if (size >= AR_MAGIC_LEN && memcmp(p, AR_MAGIC, AR_MAGIC_LEN) == 0)
		return archive_fatbins(p, size, each, arg);
	if (size >= SELFMAG && memcmp(p, ELFMAG, SELFMAG) == 0)
		return object_fatbins(p, size, each, arg);
	return true;
}
