/*
 * common/image_kernels.c - the parameters a module image states for its
 * kernels (image_kernels.h).
 *
 * The format, as ptxas writes it (seen with readelf -x on the cubins of
 * tests/kernels): a .nv.info.<kernel> section is a run of attributes, each
 * a byte of format, a byte of attribute and then
 *
 *   format 1, 2, 3 (none, byte, half)   two bytes of value: 4 in all
 *   format 4 (sized)                    a 16-bit size, then size bytes
 *
 * and the attributes read here are sized:
 *
 *   0x17 EIATTR_KPARAM_INFO   12 bytes: a 32-bit index, the 16-bit ordinal,
 *                             the 16-bit offset, then a 32-bit word whose
 *                             top 14 bits (18..31) are the size in bytes
 *   0x45                      the same, but the last word is the size
 *                             itself: ptxas writes these instead for every
 *                             parameter of a kernel that has one too large
 *                             for 14 bits (a struct of 5000 bytes)
 *   0x0a EIATTR_PARAM_CBANK   8 bytes: the constant bank's section, the
 *                             16-bit offset of the parameters in it and
 *                             their 16-bit size
 *
 * A fatbin (after its header) is a run of entries, each with a header of
 * its own: a 16-bit kind (1: PTX text, 2: a cubin), its header's 32-bit
 * size at 4, the 64-bit payload size at 8 and the 64-bit flags at 40,
 * where 0x8000 or 0x2000 mark a compressed payload (fatbin_inflate.h).
 * nvcc compresses PTX by default, and everything with -rdc=true; the
 * compressed entries are read only when asked for (image_kernels.h).
 *
 * Where a cubin and PTX state the same kernel, the cubin's offsets are
 * kept with the PTX's alignments: the driver runs the cubin on its own
 * architecture, and compiles the PTX elsewhere, where a parameter aligned
 * above 16 may lie at another offset (ptx_entries.h).  Two cubins whose
 * offsets differ (two architectures) leave the PTX's statement alone,
 * or, with no PTX, nothing.
 *
 * Everything read comes from the program's own image, but a damaged one
 * must not make this walk past it: every read is bounded by the image's
 * size, and anything that does not parse leaves its kernel out.
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "common/fatbin_inflate.h"
#include "common/image.h"
#include "common/image_kernels.h"
#include "common/ptx_entries.h"

#define NV_INFO_PREFIX     ".nv.info."
#define FORMAT_SIZED       4
#define ATTR_KPARAM_INFO   0x17
#define ATTR_KPARAM_WIDE   0x45
#define ATTR_PARAM_CBANK   0x0a
#define KPARAM_INFO_BYTES  12
#define PARAM_CBANK_BYTES  8
/* The most parameters a kernel can have: each takes a byte of 32764. */
#define PARAMS_MAX         32764u

#define FATBIN_KIND_PTX    1
#define FATBIN_KIND_ELF    2
#define FATBIN_ENTRY_MIN   48		/* through the flags */

static uint16_t le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16;
}

static uint64_t le64(const unsigned char *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/*
 * Records one parameter's attribute (its value v, wide: 0x45) in k; false
 * when it cannot be right.
 */
static bool take_param(struct image_kernel *k, const unsigned char *v,
		       bool wide)
{
	unsigned ordinal = le16(v + 4);
	struct image_param *grown;

	if (ordinal >= PARAMS_MAX)
		return false;
	if (ordinal >= k->count) {
		grown = realloc(k->param, (ordinal + 1) * sizeof(*grown));
		if (grown == NULL)
			return false;
		/* Size 0 marks an ordinal not seen yet. */
		memset(grown + k->count, 0,
		       (ordinal + 1 - k->count) * sizeof(*grown));
		k->param = grown;
		k->count = ordinal + 1;
	}
	if (k->param[ordinal].size != 0)
		return false;
	k->param[ordinal].offset = le16(v + 6);
	k->param[ordinal].size = wide ? le32(v + 8) : le32(v + 8) >> 18;
	k->has_params = true;
	return k->param[ordinal].size != 0;
}

/*
 * Reads the attributes of one kernel's section (len bytes at p) into k.
 * False when they do not parse, or leave an ordinal out.
 */
static bool read_attributes(const unsigned char *p, size_t len,
			    struct image_kernel *k)
{
	size_t at = 0, n;

	while (at < len) {
		if (len - at < 4)
			return false;
		n = 0;
		if (p[at] == FORMAT_SIZED)
			n = le16(p + at + 2);
		else if (p[at] < 1 || p[at] > 3)
			return false;
		if (n > len - at - 4)
			return false;
		if (p[at] == FORMAT_SIZED && (p[at + 1] == ATTR_KPARAM_INFO ||
		    p[at + 1] == ATTR_KPARAM_WIDE)) {
			if (n < KPARAM_INFO_BYTES || !take_param(k, p + at + 4,
			    p[at + 1] == ATTR_KPARAM_WIDE))
				return false;
		} else if (p[at] == FORMAT_SIZED &&
			   p[at + 1] == ATTR_PARAM_CBANK) {
			if (n < PARAM_CBANK_BYTES)
				return false;
			k->cbank_size = le16(p + at + 4 + 6);
			k->has_cbank = true;
		}
		at += 4 + (p[at] == FORMAT_SIZED ? n : 0);
	}
	for (unsigned i = 0; i < k->count; i++)
		if (k->param[i].size == 0)
			return false;
	return true;
}

/* Whether a and b state the same count and sizes. */
static bool same_sizes(const struct image_kernel *a,
		       const struct image_kernel *b)
{
	if (a->count != b->count || a->has_params != b->has_params)
		return false;
	for (unsigned i = 0; i < a->count; i++)
		if (a->param[i].size != b->param[i].size)
			return false;
	return true;
}

static bool same_kernel(const struct image_kernel *a,
			const struct image_kernel *b)
{
	if (!same_sizes(a, b) || a->has_cbank != b->has_cbank ||
	    (a->has_cbank && a->cbank_size != b->cbank_size))
		return false;
	for (unsigned i = 0; i < a->count; i++)
		if (a->param[i].offset != b->param[i].offset ||
		    (a->has_aligns && b->has_aligns &&
		     a->param[i].align != b->param[i].align))
			return false;
	return true;
}

/* Puts the alignments of the PTX statement ptx into the cubin's k. */
static void take_aligns(struct image_kernel *k, const struct image_kernel *ptx)
{
	if (k->has_aligns || !ptx->has_aligns || !same_sizes(k, ptx))
		return;
	for (unsigned i = 0; i < k->count; i++)
		k->param[i].align = ptx->param[i].align;
	k->has_aligns = true;
}

static void kernel_free(struct image_kernel *k)
{
	free(k->name);
	free(k->param);
}

/* How the statements gathered of a name agree. */
enum agreement {
	AGREED,
	OFFSETS_DIFFER,		/* cubins alike but in offsets or cbank */
	DISPUTED,		/* left out */
};

/* What the walk gathers; a name two cubins (or two PTX texts) disagree
 * on is kept with a mark and settled at the end. */
struct gather {
	struct image_kernels *out;
	enum agreement *agreement;
	size_t capacity;
};

/*
 * Adds k (taking what it owns) to g; false when memory ran out.  What a
 * cubin states wins over what PTX does (with the PTX's alignments): it is
 * the code that runs where its architecture is the device's, and its
 * .nv.info says more.
 */
static bool add_kernel(struct gather *g, struct image_kernel *k)
{
	struct image_kernels *out = g->out;

	for (size_t i = 0; i < out->count; i++) {
		struct image_kernel *had = &out->kernel[i];

		if (strcmp(had->name, k->name) != 0)
			continue;
		if (had->from_ptx && !k->from_ptx) {
			if (g->agreement[i] == AGREED)
				take_aligns(k, had);
			kernel_free(had);
			*had = *k;
			g->agreement[i] = AGREED;
			return true;
		}
		if (!had->from_ptx && k->from_ptx) {
			take_aligns(had, k);
		} else if (!same_kernel(had, k)) {
			if (!had->from_ptx && same_sizes(had, k) &&
			    g->agreement[i] == AGREED)
				g->agreement[i] = OFFSETS_DIFFER;
			else if (had->from_ptx || !same_sizes(had, k))
				g->agreement[i] = DISPUTED;
		}
		kernel_free(k);
		return true;
	}
	if (out->count == g->capacity) {
		size_t bigger = g->capacity == 0 ? 16 : g->capacity * 2;
		struct image_kernel *kernels;
		enum agreement *agreement;

		kernels = realloc(out->kernel, bigger * sizeof(*kernels));
		if (kernels == NULL)
			return false;
		out->kernel = kernels;
		agreement = realloc(g->agreement, bigger * sizeof(*agreement));
		if (agreement == NULL)
			return false;
		g->agreement = agreement;
		g->capacity = bigger;
	}
	g->agreement[out->count] = AGREED;
	out->kernel[out->count++] = *k;
	return true;
}

/*
 * Whether the kernel gathered with agreement a stays: cubins whose
 * offsets differ leave what the PTX's alignments allow, if PTX states
 * the kernel.
 */
static bool settle(struct image_kernel *k, enum agreement a)
{
	if (a == AGREED)
		return true;
	if (a == DISPUTED || !k->has_aligns)
		return false;
	k->from_ptx = true;
	k->has_cbank = false;
	return true;
}

/* Reads the kernel of one .nv.info.<kernel> section into the gather at
 * arg; false when memory ran out. */
static bool take_section(void *arg, const char *name,
			 const unsigned char *bytes, size_t len)
{
	struct image_kernel k = { 0 };

	if (strncmp(name, NV_INFO_PREFIX, strlen(NV_INFO_PREFIX)) != 0 ||
	    name[strlen(NV_INFO_PREFIX)] == '\0')
		return true;
	if (!read_attributes(bytes, len, &k) ||
	    (!k.has_params && !k.has_cbank)) {
		kernel_free(&k);
		return true;
	}
	if ((k.name = strdup(name + strlen(NV_INFO_PREFIX))) == NULL ||
	    !add_kernel(arg, &k)) {
		kernel_free(&k);
		return false;
	}
	return true;
}

/* Reads the kernels of the cubin of size bytes at elf; false: no memory. */
static bool read_cubin(const unsigned char *elf, size_t size,
		       struct gather *g)
{
	return image_elf_sections(elf, size, take_section, g);
}

/* Takes one .entry of PTX (ptx_entries.h) into the gather at arg. */
static bool take_entry(void *arg, const char *name, size_t len,
		       const struct image_param *param, unsigned count)
{
	struct image_kernel k = { 0 };

	k.from_ptx = true;
	k.has_params = true;
	k.has_aligns = true;
	k.count = count;
	if ((k.name = strndup(name, len)) == NULL ||
	    (count > 0 && (k.param = malloc(count * sizeof(*param))) == NULL)) {
		kernel_free(&k);
		return false;
	}
	if (count > 0)
		memcpy(k.param, param, count * sizeof(*param));
	if (!add_kernel(arg, &k)) {
		kernel_free(&k);
		return false;
	}
	return true;
}

/* One entry of a fatbin, within its bytes. */
struct entry {
	unsigned kind;
	uint64_t flags;
	const unsigned char *header;
	size_t header_len;
	const unsigned char *payload;
	size_t payload_len;
};

/*
 * The fatbin's entries lie from *at to end (both checked against its
 * size by the caller): takes the one at *at into e and moves *at past
 * it.  False at the end, or at an entry whose sizes leave the fatbin.
 */
static bool next_entry(const unsigned char *fat, uint64_t *at, uint64_t end,
		       struct entry *e)
{
	uint64_t header, payload;

	if (end - *at < FATBIN_ENTRY_MIN)
		return false;
	header = le32(fat + *at + 4);
	payload = le64(fat + *at + 8);
	if (header < FATBIN_ENTRY_MIN || header > end - *at ||
	    payload > end - *at - header)
		return false;
	e->kind = le16(fat + *at);
	e->flags = le64(fat + *at + 40);
	e->header = fat + *at;
	e->header_len = header;
	e->payload = fat + *at + header;
	e->payload_len = payload;
	*at += header + payload;
	return true;
}

/*
 * Where the entries of the fatbin of size bytes at fat lie: from *at to
 * *end.  False for a header that points outside it.
 */
static bool entries_of(const unsigned char *fat, size_t size, uint64_t *at,
		       uint64_t *end)
{
	if (size < IMAGE_FATBIN_HEADER)
		return false;
	*at = le16(fat + 6);
	*end = le64(fat + 8);
	if (*at > size || *end > size - *at)
		return false;
	*end += *at;
	return true;
}

/* Reads one entry's payload, plain or inflated, of kind into g. */
static bool read_payload(unsigned kind, const unsigned char *p, size_t len,
			 struct gather *g)
{
	if (kind == FATBIN_KIND_ELF && len >= SELFMAG &&
	    memcmp(p, ELFMAG, SELFMAG) == 0)
		return read_cubin(p, len, g);
	if (kind == FATBIN_KIND_PTX)
		return ptx_entries_read((const char *)p, len, take_entry, g);
	return true;
}

/*
 * Reads the cubins and the PTX among the entries of the fatbin of size
 * bytes at fat: the plain ones, the compressed ones, or both (which).
 */
static bool read_fatbin(const unsigned char *fat, size_t size,
			unsigned which, struct gather *g)
{
	enum fatbin_inflate_result r;
	unsigned char *inflated;
	size_t inflated_len;
	uint64_t at, end;
	struct entry e;
	bool ok;

	if (!entries_of(fat, size, &at, &end))
		return true;
	while (next_entry(fat, &at, end, &e)) {
		if ((e.flags & FATBIN_FLAGS_COMPRESSED) == 0) {
			if ((which & IMAGE_ENTRIES_PLAIN) != 0 &&
			    !read_payload(e.kind, e.payload, e.payload_len, g))
				return false;
			continue;
		}
		if ((which & IMAGE_ENTRIES_COMPRESSED) == 0 ||
		    (e.kind != FATBIN_KIND_ELF && e.kind != FATBIN_KIND_PTX)) {
			g->out->compressed++;
			continue;
		}
		r = fatbin_inflate(e.header, e.header_len, e.payload,
				   e.payload_len, &inflated, &inflated_len);
		if (r == FATBIN_INFLATE_NO_MEMORY)
			return false;
		if (r != FATBIN_INFLATE_OK) {
			g->out->compressed++;
			g->out->lz4_missing |= r == FATBIN_INFLATE_NO_LZ4;
			continue;
		}
		ok = read_payload(e.kind, inflated, inflated_len, g);
		free(inflated);
		if (!ok)
			return false;
	}
	return true;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct image_kernel *)a)->name,
		      ((const struct image_kernel *)b)->name);
}

bool image_kernels_read_entries(const void *image, size_t size,
				unsigned which, struct image_kernels *out)
{
	struct gather g = { out, NULL, 0 };
	bool plain = (which & IMAGE_ENTRIES_PLAIN) != 0;
	size_t kept = 0;
	bool ok = true;

	memset(out, 0, sizeof(*out));
	switch (image_kind(image, size)) {
	case IMAGE_ELF:
		ok = !plain || read_cubin(image, size, &g);
		break;
	case IMAGE_FATBIN:
		ok = read_fatbin(image, size, which, &g);
		break;
	case IMAGE_TEXT:
		ok = !plain || ptx_entries_read(image, size, take_entry, &g);
		break;
	default:
		break;
	}
	for (size_t i = 0; i < out->count; i++) {
		if (ok && settle(&out->kernel[i], g.agreement[i]))
			out->kernel[kept++] = out->kernel[i];
		else
			kernel_free(&out->kernel[i]);
	}
	out->count = kept;
	free(g.agreement);
	if (!ok)
		image_kernels_free(out);
	else if (out->count > 1)
		qsort(out->kernel, out->count, sizeof(*out->kernel), by_name);
	return ok;
}

bool image_kernels_read(const void *image, size_t size,
			struct image_kernels *out)
{
	return image_kernels_read_entries(image, size, IMAGE_ENTRIES_PLAIN,
					  out);
}

bool image_kernels_pack(const void *image, size_t size, void **packed,
			size_t *packed_size)
{
	const unsigned char *fat = image;
	unsigned char *copy;
	uint64_t at, end, first, bytes = 0;
	struct entry e;

	*packed = NULL;
	*packed_size = 0;
	if (image_kind(image, size) != IMAGE_FATBIN ||
	    !entries_of(fat, size, &at, &end))
		return false;
	/* Each entry is bounded by the image: no sum here overflows. */
	for (first = at; next_entry(fat, &at, end, &e);)
		if ((e.flags & FATBIN_FLAGS_COMPRESSED) != 0)
			bytes += e.header_len + e.payload_len;
	if (bytes == 0 || bytes > IMAGE_PACKED_MAX ||
	    (copy = malloc(IMAGE_FATBIN_HEADER + bytes)) == NULL)
		return false;
	/* The magic and version as they were; a header of 16 bytes. */
	memcpy(copy, fat, 6);
	copy[6] = IMAGE_FATBIN_HEADER;
	copy[7] = 0;
	for (int i = 0; i < 8; i++)
		copy[8 + i] = (unsigned char)(bytes >> (8 * i));
	*packed_size = IMAGE_FATBIN_HEADER;
	for (at = first; next_entry(fat, &at, end, &e);) {
		if ((e.flags & FATBIN_FLAGS_COMPRESSED) == 0)
			continue;
		memcpy(copy + *packed_size, e.header,
		       e.header_len + e.payload_len);
		*packed_size += e.header_len + e.payload_len;
	}
	*packed = copy;
	return true;
}

/* A copy of k into *out; false when memory ran out (*out is then empty). */
static bool kernel_copy(const struct image_kernel *k, struct image_kernel *out)
{
	*out = *k;
	out->param = NULL;
	if ((out->name = strdup(k->name)) == NULL)
		return false;
	if (k->count > 0) {
		out->param = malloc(k->count * sizeof(*k->param));
		if (out->param == NULL) {
			free(out->name);
			out->name = NULL;
			return false;
		}
		memcpy(out->param, k->param, k->count * sizeof(*k->param));
	}
	return true;
}

bool image_kernels_overlay(struct image_kernels *base,
			   const struct image_kernels *over)
{
	struct image_kernel *grown, copy;
	size_t had = base->count;
	bool ok = true;

	if (over->count == 0)
		return true;
	grown = realloc(base->kernel,
			(base->count + over->count) * sizeof(*grown));
	if (grown == NULL)
		return false;
	base->kernel = grown;
	for (size_t i = 0; i < over->count; i++) {
		struct image_kernel *old = NULL;

		/* base's own are sorted; over's names are distinct. */
		if (had > 0)
			old = bsearch(&over->kernel[i], base->kernel, had,
				      sizeof(*base->kernel), by_name);
		if (!kernel_copy(&over->kernel[i], &copy)) {
			ok = false;
			break;
		}
		if (old != NULL) {
			kernel_free(old);
			*old = copy;
		} else {
			base->kernel[base->count++] = copy;
		}
	}
	qsort(base->kernel, base->count, sizeof(*base->kernel), by_name);
	return ok;
}

const struct image_kernel *image_kernels_find(const struct image_kernels *k,
					      const char *name)
{
	const struct image_kernel key = { .name = (char *)(uintptr_t)name };

	if (k->count == 0)
		return NULL;
	return bsearch(&key, k->kernel, k->count, sizeof(*k->kernel), by_name);
}

void image_kernels_free(struct image_kernels *k)
{
	for (size_t i = 0; i < k->count; i++)
		kernel_free(&k->kernel[i]);
	free(k->kernel);
	memset(k, 0, sizeof(*k));
}
