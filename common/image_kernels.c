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
 * where 0x8000 marks a compressed payload.  Compressed entries are
 * skipped: inflating them would take a decompressor into the client (with
 * nvcc 13 the payload is one Zstandard frame, its size at 16 and the size
 * inflated at 64, but no document of NVIDIA says so) for a check that the
 * sizes in the server's answer already bound (stubs/code/params.c).  nvcc
 * compresses PTX by default; where a fatbin has a cubin or PTX left plain
 * for a kernel, that is what is read.
 *
 * Everything read comes from the program's own image, but a damaged one
 * must not make this walk past it: every read is bounded by the image's
 * size, and anything that does not parse leaves its kernel out.
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

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
#define FATBIN_COMPRESSED  0x8000u

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

static bool same_kernel(const struct image_kernel *a,
			const struct image_kernel *b)
{
	return a->count == b->count && a->has_params == b->has_params &&
	    a->has_cbank == b->has_cbank &&
	    (!a->has_cbank || a->cbank_size == b->cbank_size) &&
	    (a->count == 0 ||
	     memcmp(a->param, b->param, a->count * sizeof(*a->param)) == 0);
}

static void kernel_free(struct image_kernel *k)
{
	free(k->name);
	free(k->param);
}

/* What the walk gathers; a name two cubins (or two PTX texts) disagree
 * on is kept with a mark and dropped at the end. */
struct gather {
	struct image_kernels *out;
	bool *disputed;
	size_t capacity;
};

/*
 * Adds k (taking what it owns) to g; false when memory ran out.  What a
 * cubin states wins over what PTX does: it is the code that runs where
 * its architecture is the device's, and its .nv.info says more.
 */
static bool add_kernel(struct gather *g, struct image_kernel *k)
{
	struct image_kernels *out = g->out;

	for (size_t i = 0; i < out->count; i++) {
		if (strcmp(out->kernel[i].name, k->name) != 0)
			continue;
		if (out->kernel[i].from_ptx && !k->from_ptx) {
			kernel_free(&out->kernel[i]);
			out->kernel[i] = *k;
			g->disputed[i] = false;
			return true;
		}
		if (out->kernel[i].from_ptx == k->from_ptx &&
		    !same_kernel(&out->kernel[i], k))
			g->disputed[i] = true;
		kernel_free(k);
		return true;
	}
	if (out->count == g->capacity) {
		size_t bigger = g->capacity == 0 ? 16 : g->capacity * 2;
		struct image_kernel *kernels;
		bool *disputed;

		kernels = realloc(out->kernel, bigger * sizeof(*kernels));
		if (kernels == NULL)
			return false;
		out->kernel = kernels;
		disputed = realloc(g->disputed, bigger * sizeof(*disputed));
		if (disputed == NULL)
			return false;
		g->disputed = disputed;
		g->capacity = bigger;
	}
	g->disputed[out->count] = false;
	out->kernel[out->count++] = *k;
	return true;
}

/* The NUL-terminated name at offset off of the section-name table, or NULL. */
static const char *section_name(const unsigned char *elf, size_t size,
				const Elf64_Shdr *names, uint32_t off)
{
	if (names->sh_offset > size || names->sh_size > size - names->sh_offset ||
	    off >= names->sh_size)
		return NULL;
	if (memchr(elf + names->sh_offset + off, '\0',
		   names->sh_size - off) == NULL)
		return NULL;
	return (const char *)elf + names->sh_offset + off;
}

/* Reads the kernels of the cubin of size bytes at elf; false: no memory. */
static bool read_cubin(const unsigned char *elf, size_t size,
		       struct gather *g)
{
	struct image_elf e;
	Elf64_Shdr names, sh;
	const char *name;

	if (image_elf_read(elf, size, &e) != CUDA_SUCCESS ||
	    e.names == SHN_UNDEF ||
	    !image_elf_section(elf, size, &e, e.names, &names))
		return true;
	for (uint64_t i = 0; i < e.sections; i++) {
		struct image_kernel k = { 0 };

		if (!image_elf_section(elf, size, &e, i, &sh) ||
		    (name = section_name(elf, size, &names, sh.sh_name)) == NULL ||
		    strncmp(name, NV_INFO_PREFIX, strlen(NV_INFO_PREFIX)) != 0 ||
		    name[strlen(NV_INFO_PREFIX)] == '\0' ||
		    sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
			continue;
		if (!read_attributes(elf + sh.sh_offset, sh.sh_size, &k) ||
		    (!k.has_params && !k.has_cbank)) {
			kernel_free(&k);
			continue;
		}
		if ((k.name = strdup(name + strlen(NV_INFO_PREFIX))) == NULL) {
			kernel_free(&k);
			return false;
		}
		if (!add_kernel(g, &k)) {
			kernel_free(&k);
			return false;
		}
	}
	return true;
}

/* Takes one .entry of PTX (ptx_entries.h) into the gather at arg. */
static bool take_entry(void *arg, const char *name, size_t len,
		       const struct image_param *param, unsigned count)
{
	struct image_kernel k = { 0 };

	k.from_ptx = true;
	k.has_params = true;
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

/*
 * Reads the cubins and the PTX among the entries of the fatbin of size
 * bytes at fat.
 */
static bool read_fatbin(const unsigned char *fat, size_t size,
			struct gather *g)
{
	uint64_t at, end, header, payload;

	if (size < IMAGE_FATBIN_HEADER)
		return true;
	at = le16(fat + 6);
	end = le64(fat + 8);
	if (at > size || end > size - at)
		return true;
	end += at;
	while (end - at >= FATBIN_ENTRY_MIN) {
		header = le32(fat + at + 4);
		payload = le64(fat + at + 8);
		if (header < FATBIN_ENTRY_MIN || header > end - at ||
		    payload > end - at - header)
			break;
		if ((le64(fat + at + 40) & FATBIN_COMPRESSED) != 0) {
			/* Skipped (see above). */
		} else if (le16(fat + at) == FATBIN_KIND_ELF &&
		    payload >= SELFMAG &&
		    memcmp(fat + at + header, ELFMAG, SELFMAG) == 0) {
			if (!read_cubin(fat + at + header, payload, g))
				return false;
		} else if (le16(fat + at) == FATBIN_KIND_PTX &&
			   !ptx_entries_read((const char *)fat + at + header,
					     payload, take_entry, g)) {
			return false;
		}
		at += header + payload;
	}
	return true;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct image_kernel *)a)->name,
		      ((const struct image_kernel *)b)->name);
}

bool image_kernels_read(const void *image, size_t size,
			struct image_kernels *out)
{
	struct gather g = { out, NULL, 0 };
	size_t kept = 0;
	bool ok = true;

	memset(out, 0, sizeof(*out));
	switch (image_kind(image, size)) {
	case IMAGE_ELF:
		ok = read_cubin(image, size, &g);
		break;
	case IMAGE_FATBIN:
		ok = read_fatbin(image, size, &g);
		break;
	case IMAGE_TEXT:
		ok = ptx_entries_read(image, size, take_entry, &g);
		break;
	default:
		break;
	}
	for (size_t i = 0; i < out->count; i++) {
		if (ok && !g.disputed[i])
			out->kernel[kept++] = out->kernel[i];
		else
			kernel_free(&out->kernel[i]);
	}
	out->count = kept;
	free(g.disputed);
	if (!ok)
		image_kernels_free(out);
	else if (out->count > 1)
		qsort(out->kernel, out->count, sizeof(*out->kernel), by_name);
	return ok;
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
