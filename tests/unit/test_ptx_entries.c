/*
 * test_ptx_entries.c - unit test of common/ptx_entries.c: the parameter
 * layouts that PTX .entry declarations state must be those that ptxas
 * writes into the .nv.info of the cubin it makes of the same PTX (nvcc's
 * tests/kernels/params.ptx and params.cubin; the hand-written
 * params_hand.ptx.in and the params_hand.cubin ptxas made of it), and
 * damaged or hostile PTX must be read within its bounds, leaving out what
 * does not parse.
 *
 *   tests/unit/test_ptx_entries [KERNELS_DIR]    (default tests/kernels)
 *
 * Exits 0 when every check passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "common/image_kernels.h"
#include "common/ptx_entries.h"
#include "kernel_images.h"
#include "unit_check.h"

/* Reads an image's kernels; false (and a failure) when it cannot. */
static bool read_kernels(const char *image, size_t size,
			 struct image_kernels *k)
{
	bool ok = image_kernels_read(image, size, k);

	CHECK(ok);
	return ok;
}

/* Whether k states name with count params of want, read from PTX. */
static bool from_ptx(const struct image_kernels *k, const char *name,
		     unsigned count, const struct image_param *want)
{
	const struct image_kernel *kernel = image_kernels_find(k, name);

	return kernel != NULL && kernel->from_ptx && kernel->has_params &&
	    !kernel->has_cbank && kernel->count == count &&
	    (count == 0 ||
	     same_layout(kernel->param, want, count));
}

/* Whether the placer takes offsets of the sizes and alignments of p. */
static bool placed(const struct image_kernel *p, const struct image_param *at)
{
	struct ptx_placer placer;
	uint64_t could;

	ptx_placer_init(&placer);
	for (unsigned i = 0; i < p->count; i++)
		if (!ptx_placer_next(&placer, p->param[i].size,
				     p->param[i].align, at[i].offset, &could))
			return false;
	return true;
}

/* Whether a parameter of p is aligned above 16. */
static bool over_aligned(const struct image_kernel *p)
{
	for (unsigned i = 0; i < p->count; i++)
		if (p->param[i].align > 16)
			return true;
	return false;
}

/*
 * The PTX states every kernel that the cubin of it states, alike in each
 * parameter's size, and in its offset where none is aligned above 16;
 * the placer takes the cubin's offsets, within the cubin's bytes of
 * parameters; and the PTX states no other kernel but those of no
 * parameters (which have no .nv.info attributes).
 */
static void test_against_cubin(const char *dir, const char *ptx_name,
			       const char *cubin_name, size_t kernels)
{
	struct image_kernels ptx, cubin;
	char *text, *elf;
	size_t text_size, elf_size;

	if ((text = kernel_image(dir, ptx_name, &text_size)) == NULL)
		return;
	if ((elf = kernel_image(dir, cubin_name, &elf_size)) == NULL) {
		free(text);
		return;
	}
	if (read_kernels(text, text_size, &ptx) &&
	    read_kernels(elf, elf_size, &cubin)) {
		CHECK_EQ(cubin.count, kernels);
		for (size_t i = 0; i < ptx.count; i++)
			CHECK(image_kernels_find(&cubin, ptx.kernel[i].name)
			      != NULL || ptx.kernel[i].count == 0);
		for (size_t i = 0; i < cubin.count; i++) {
			const struct image_kernel *c = &cubin.kernel[i];
			const struct image_kernel *p;
			uint32_t end = 0;

			p = image_kernels_find(&ptx, c->name);
			if (p == NULL) {
				fprintf(stderr, "%s: no kernel %s\n",
					ptx_name, c->name);
				unit_failures++;
				continue;
			}
			CHECK(p->from_ptx && !c->from_ptx && p->has_aligns);
			CHECK_EQ(p->count, c->count);
			if (p->count != c->count)
				continue;
			for (unsigned j = 0; j < p->count; j++) {
				bool moved = !over_aligned(p) &&
				    p->param[j].offset != c->param[j].offset;

				if (moved ||
				    p->param[j].size != c->param[j].size) {
					fprintf(stderr, "%s parameter %u: PTX "
						"(%u, %u), cubin (%u, %u)\n",
						c->name, j, p->param[j].offset,
						p->param[j].size,
						c->param[j].offset,
						c->param[j].size);
					unit_failures++;
				}
				end = c->param[j].offset + c->param[j].size;
			}
			if (!placed(p, c->param)) {
				fprintf(stderr, "%s: %s's offsets not taken\n",
					cubin_name, c->name);
				unit_failures++;
			}
			if (c->has_cbank)
				CHECK(end <= c->cbank_size);
		}
	}
	image_kernels_free(&ptx);
	image_kernels_free(&cubin);
	free(text);
	free(elf);
}

/*
 * Each architecture's layout of aligned.ptx is taken (test_against_cubin),
 * and none moved: any parameter put one alignment further is refused,
 * and so is an over-aligned one put 16 bytes off where the others fix it.
 */
static void test_aligned(const char *dir)
{
	static const char *const cubins[] = { "aligned_sm75.cubin",
		"aligned_sm90.cubin", "aligned_sm100.cubin" };
	struct image_kernels ptx, cubin;
	struct image_param moved[8];
	char *text, *elf;
	size_t size;

	for (size_t i = 0; i < sizeof(cubins) / sizeof(cubins[0]); i++)
		test_against_cubin(dir, "aligned.ptx", cubins[i], 6);
	if ((text = kernel_image(dir, "aligned.ptx", &size)) == NULL)
		return;
	if (!read_kernels(text, size, &ptx)) {
		free(text);
		return;
	}
	for (size_t i = 0; i < sizeof(cubins) / sizeof(cubins[0]); i++) {
		if ((elf = kernel_image(dir, cubins[i], &size)) == NULL)
			continue;
		if (!read_kernels(elf, size, &cubin)) {
			free(elf);
			continue;
		}
		for (size_t n = 0; n < cubin.count; n++) {
			const struct image_kernel *c = &cubin.kernel[n];
			const struct image_kernel *p;

			p = image_kernels_find(&ptx, c->name);
			if (p == NULL || p->count != c->count ||
			    c->count > 8) {
				unit_failures++;
				continue;
			}
			for (unsigned j = 0; j < c->count; j++) {
				memcpy(moved, c->param,
				       c->count * sizeof(*moved));
				moved[j].offset += p->param[j].align;
				CHECK(!placed(p, moved));
			}
		}
		/* mixed: a32 after a64 lies where a64 fixed it. */
		{
			const struct image_kernel *c =
				image_kernels_find(&cubin, "mixed");
			const struct image_kernel *p =
				image_kernels_find(&ptx, "mixed");

			if (c != NULL && p != NULL && c->count == 5 &&
			    p->count == 5) {
				memcpy(moved, c->param, 5 * sizeof(*moved));
				moved[3].offset -= 16;
				CHECK(!placed(p, moved));
				moved[3].offset += 32;
				CHECK(!placed(p, moved));
			} else {
				unit_failures++;
			}
		}
		image_kernels_free(&cubin);
		free(elf);
	}
	image_kernels_free(&ptx);
	free(text);
}

/* A few layouts written out, so that a reader and ptxas both wrong about
 * the same kernel would still be caught. */
static void test_known(const char *dir)
{
	static const struct image_param structs[] = { { 0, 1, 0 }, { 1, 1, 0 },
		{ 8, 16, 0 }, { 24, 1, 0 }, { 32, 16, 0 }, { 48, 32, 0 } };
	static const struct image_param large[] = { { 0, 4, 0 }, { 4, 5000, 0 },
		{ 5004, 1, 0 } };
	static const struct image_param ptrs[] = { { 0, 8, 0 }, { 8, 1, 0 },
		{ 16, 8, 0 }, { 24, 8, 0 }, { 32, 8, 0 } };
	static const struct image_param arrays[] = { { 0, 2, 0 }, { 16, 20, 0 },
		{ 36, 3, 0 }, { 40, 8, 0 }, { 48, 2, 0 }, { 64, 32, 0 } };
	struct image_kernels k;
	size_t size;
	char *text;

	if ((text = kernel_image(dir, "params.ptx", &size)) != NULL &&
	    read_kernels(text, size, &k)) {
		CHECK(from_ptx(&k, "no_params", 0, NULL));
		CHECK(from_ptx(&k, "structs", 6, structs));
		CHECK(from_ptx(&k, "large", 3, large));
		CHECK(image_kernels_find(&k, "many") != NULL &&
		      image_kernels_find(&k, "many")->count == 96);
		CHECK(image_kernels_find(&k, "_Z6helperid") == NULL);
		image_kernels_free(&k);
	}
	free(text);
	if ((text = kernel_image(dir, "params_hand.ptx.in", &size)) != NULL &&
	    read_kernels(text, size, &k)) {
		CHECK_EQ(k.count, 4);
		CHECK(image_kernels_find(&k, "over_aligned") != NULL &&
		      image_kernels_find(&k, "over_aligned")->param[1].align
		      == 32);
		CHECK(from_ptx(&k, "ptr_attributes", 5, ptrs));
		CHECK(from_ptx(&k, "aligned_arrays", 6, arrays));
		CHECK(image_kernels_find(&k, "device_function") == NULL);
		CHECK(image_kernels_find(&k, "in_a_string") == NULL);
		CHECK(image_kernels_find(&k, "in_a_comment") == NULL);
		CHECK(image_kernels_find(&k, "in_a_line_comment") == NULL);
		image_kernels_free(&k);
	}
	free(text);
}

/* Counts what ptx_entries_read() calls back with. */
struct seen {
	unsigned entries;
	unsigned count;		/* the last entry's parameters */
	uint32_t end;		/* and its bytes */
};

static bool count_entry(void *arg, const char *name, size_t len,
			const struct image_param *param, unsigned count)
{
	struct seen *s = arg;

	(void)name;
	CHECK(len > 0 && len <= PTX_NAME_MAX);
	s->entries++;
	s->count = count;
	s->end = count == 0 ? 0 : param[count - 1].offset +
	    param[count - 1].size;
	return true;
}

static struct seen walk(const char *text, size_t size)
{
	struct seen s = { 0, 0, 0 };

	CHECK(ptx_entries_read(text, size, count_entry, &s));
	return s;
}

/* Declarations that must be left out, and ones at the edges kept. */
static void test_malformed(void)
{
	static const char *const bad[] = {
		".entry a(.param .u32 x",			/* no ) */
		".entry a(.param .u32 x) .maxntid 1",		/* no body */
		".entry a(.param .u32 x,) {",
		".entry a(.param .u32) {",			/* no name */
		".entry a(.param .pred p) {",			/* no size */
		".entry a(.param .texref t) {",
		".entry a(.param .v2 .u32 v) {",
		".entry a(.reg .u32 r) {",
		".entry a(.param .align 3 .b8 s[4]) {",	/* not 2^n */
		".entry a(.param .align 2 .u64 x) {",		/* under size */
		".entry a(.param .align 65536 .b8 s[8]) {",	/* too big */
		".entry a(.param .b8 s[0]) {",
		".entry a(.param .b8 s[32765]) {",		/* past limit */
		".entry a(.param .b32 s[8192]) {",
		".entry a(.param .b8 s[4294967297]) {",
		".entry a(.param .b8 s[0x]) {",
		".entry a(.param .b8 s[-1]) {",
		".entry a(.param .b8 s[) {",
		".entry a(.param .u32 1x) {",			/* names */
		".entry a(.param .u32 x.y) {",
		".entry 9a(.param .u32 x) {",
		".entry .a(.param .u32 x) {",
		".entry a(.param .u64 .ptr .align 3 p) {",
		".entry a(.param .u32 x) extra {",
		".entry a(.param .u32 x /* unclosed",
		".entry",
		".entr a() {",
		".entry_x a() {",
		"/* .entry a() { */",
		"\".entry a() {\"",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct seen s = walk(bad[i], strlen(bad[i]));

		if (s.entries != 0) {
			fprintf(stderr, "read an entry of: %s\n", bad[i]);
			unit_failures++;
		}
	}
	/* At the edges: 32764 bytes, and a NUL ends the text. */
	{
		static const char edge[] =
			".entry a(.param .b8 s[32763], .param .b8 t) {";
		static const char nul[] = ".entry a() {\0.entry b() {";
		struct seen s = walk(edge, strlen(edge));

		CHECK_EQ(s.entries, 1);
		CHECK_EQ(s.end, 32764);
		CHECK_EQ(walk(nul, sizeof(nul)).entries, 1);
	}
	/* A malformed entry does not hide the next well-formed one. */
	{
		static const char two[] = ".entry a(.param .pred p) {}\n"
			".entry b(.param .u64 x, .param .u8 y) {}";
		struct seen s = walk(two, strlen(two));

		CHECK_EQ(s.entries, 1);
		CHECK_EQ(s.count, 2);
		CHECK_EQ(s.end, 9);
	}
}

/* Long names, many parameters, deep nothing: bounded. */
static void test_huge(void)
{
	size_t size = 8u << 20, at;
	char *text = malloc(size + 1);
	struct seen s;

	if (text == NULL) {
		unit_failures++;
		return;
	}
	/* A name one past PTX_NAME_MAX, then one at it. */
	at = (size_t)sprintf(text, ".entry ");
	memset(text + at, 'n', PTX_NAME_MAX + 1);
	at += PTX_NAME_MAX + 1;
	at += (size_t)sprintf(text + at, "() {}\n.entry ");
	memset(text + at, 'm', PTX_NAME_MAX);
	at += PTX_NAME_MAX;
	at += (size_t)sprintf(text + at, "(.param .u8 x) {}");
	s = walk(text, at);
	CHECK_EQ(s.entries, 1);
	CHECK_EQ(s.count, 1);

	/* 32764 parameters of a byte fit; 32765 do not. */
	at = (size_t)sprintf(text, ".entry a(");
	for (unsigned i = 0; i < 32765; i++)
		at += (size_t)sprintf(text + at, "%s.param .u8 p%u",
				      i == 0 ? "" : ",", i);
	strcpy(text + at, ") {}");
	s = walk(text, at + 4);
	CHECK_EQ(s.entries, 0);
	at = (size_t)(strstr(text, ",.param .u8 p32764") - text);
	strcpy(text + at, ") {}");
	s = walk(text, at + 4);
	CHECK_EQ(s.entries, 1);
	CHECK_EQ(s.count, 32764);
	CHECK_EQ(s.end, 32764);

	/* 8 MiB of openings and an unclosed comment: no entry, no crash. */
	memset(text, '(', size);
	memcpy(text + size - 2, "/*", 2);
	CHECK_EQ(walk(text, size).entries, 0);
	for (at = 0; at + 7 <= size; at += 7)
		memcpy(text + at, ".entry ", 7);
	CHECK_EQ(walk(text, size).entries, 0);
	free(text);
}

/*
 * Every cut of real PTX, and bytes changed at random (a fixed seed): the
 * reader stays within the text and never states more kernels than there
 * are .entry tokens; a cut keeps what lies before it.
 */
static void test_damaged(const char *dir, const char *name)
{
	struct image_kernels k;
	size_t size, whole;
	char *text, *copy;

	if ((text = kernel_image(dir, name, &size)) == NULL)
		return;
	if (!read_kernels(text, size, &k)) {
		free(text);
		return;
	}
	whole = k.count;
	image_kernels_free(&k);
	for (size_t cut = 0; cut <= size; cut++) {
		/* A copy of exactly cut bytes, so a read past it is seen
		 * by a sanitizer or valgrind. */
		if ((copy = (char *)damaged_copy(text, cut, 0)) == NULL)
			break;
		if (!read_kernels(copy, cut, &k)) {
			free(copy);
			break;
		}
		CHECK(k.count <= whole);
		image_kernels_free(&k);
		free(copy);
	}
	srand(17);
	for (unsigned round = 0; round < 2000; round++) {
		if ((copy = (char *)damaged_copy(text, size, 8)) == NULL)
			break;
		if (read_kernels(copy, size, &k))
			image_kernels_free(&k);
		free(copy);
	}
	free(text);
}

/*
 * A fatbin of params.ptx (plain, one declaration changed: structs' first
 * parameter made two bytes) and then params.cubin: the cubin's layouts are
 * kept, whichever comes first; with the cubin compressed, the PTX's are
 * read.  Laid out as fatbinary does: a 16-byte header, then each entry's
 * 64-byte header and payload.
 */
static void test_fatbin(const char *dir)
{
	static const char from[] = ".param .u8 structs_param_0";
	static const char to[] = ".param .u16 structs_param_0";
	static const struct image_param changed[] = { { 0, 2, 0 }, { 2, 1, 0 },
		{ 8, 16, 0 }, { 24, 1, 0 }, { 32, 16, 0 }, { 48, 32, 0 } };
	struct image_kernels k;
	unsigned char *fat, *e;
	char *elf, *text, *at;
	size_t elf_size, text_size, size;
	uint64_t body, payload;

	if ((elf = kernel_image(dir, "params.cubin", &elf_size)) == NULL)
		return;
	if ((text = kernel_image(dir, "params.ptx", &text_size)) == NULL) {
		free(elf);
		return;
	}
	size = 16 + 64 + text_size + 1 + 64 + elf_size;
	at = strstr(text, from);
	CHECK(at != NULL);
	if (at == NULL || (fat = calloc(1, size)) == NULL) {
		free(elf);
		free(text);
		return;
	}
	memcpy(fat, "\x50\xed\x55\xba\x01\x00\x10\x00", 8);
	body = size - 16;
	memcpy(fat + 8, &body, 8);
	e = fat + 16;
	e[0] = 1;				/* the PTX */
	e[4] = 64;
	payload = text_size + 1;
	memcpy(e + 8, &payload, 8);
	memcpy(e + 64, text, (size_t)(at - text));
	memcpy(e + 64 + (at - text), to, strlen(to));
	memcpy(e + 64 + (at - text) + strlen(to), at + strlen(from),
	       text_size - (size_t)(at - text) - strlen(from));
	e += 64 + payload;
	e[0] = 2;				/* the cubin */
	e[4] = 64;
	payload = elf_size;
	memcpy(e + 8, &payload, 8);
	memcpy(e + 64, elf, elf_size);
	if (read_kernels((char *)fat, size, &k)) {
		const struct image_kernel *s = image_kernels_find(&k,
								  "structs");

		CHECK_EQ(k.count, 11);
		CHECK(s != NULL && !s->from_ptx && s->has_cbank &&
		      s->param[0].size == 1);
		image_kernels_free(&k);
	}
	e[41] = 0x80;				/* the cubin compressed */
	if (read_kernels((char *)fat, size, &k)) {
		CHECK_EQ(k.count, 11);
		CHECK(from_ptx(&k, "structs", 6, changed));
		image_kernels_free(&k);
	}
	free(fat);
	free(elf);
	free(text);
}

int main(int argc, char **argv)
{
	const char *kernels = argc > 1 ? argv[1] : "tests/kernels";

	test_against_cubin(kernels, "params.ptx", "params.cubin", 10);
	test_against_cubin(kernels, "params_hand.ptx.in",
			   "params_hand.cubin", 4);
	test_against_cubin(kernels, "kernels.ptx", "kernels.cubin",
	    KERNELS_CU_KERNELS);
	test_aligned(kernels);
	test_known(kernels);
	test_malformed();
	test_huge();
	test_damaged(kernels, "params.ptx");
	test_damaged(kernels, "params_hand.ptx.in");
	test_fatbin(kernels);
	return unit_report("test_ptx_entries");
}
