/*
 * test_image_kernels.c - unit test of common/image_kernels.c: the kernel
 * parameters that nvcc's images in tests/kernels state in their .nv.info
 * (and their PTX), and what a damaged image gives.
 *
 *   tests/unit/test_image_kernels [KERNELS_DIR]    (default tests/kernels)
 *
 * Exits 0 when every check passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "common/image_kernels.h"
#include "kernel_images.h"
#include "unit_check.h"

/* Whether kernel name of k is stated with the count params of want. */
static bool stated(const struct image_kernels *k, const char *name,
		   unsigned count, const struct image_param *want,
		   uint32_t cbank)
{
	const struct image_kernel *kernel = image_kernels_find(k, name);

	return kernel != NULL && kernel->has_params && kernel->count == count &&
	    same_layout(kernel->param, want, count) &&
	    kernel->has_cbank && kernel->cbank_size == cbank;
}

static const struct image_param vec_add[] = { { 0, 8, 0 }, { 8, 8, 0 },
	{ 16, 8, 0 }, { 24, 4, 0 } };
static const struct image_param mixed_args[] = { { 0, 1, 0 }, { 8, 32, 0 },
	{ 40, 2, 0 }, { 48, 8, 0 }, { 56, 8, 0 } };

/* A cubin, and a fatbin whose machine code is not compressed. */
static void test_machine_code(const char *dir, const char *name)
{
	struct image_kernels k;
	unsigned char *image;
	size_t size;

	if ((image = kernel_image(dir, name, &size)) == NULL)
		return;
	CHECK(image_kernels_read(image, size, &k));
	CHECK_EQ(k.count, KERNELS_CU_KERNELS);
	CHECK(stated(&k, "vec_add", 4, vec_add, 28));
	CHECK(stated(&k, "mixed_args", 5, mixed_args, 64));
	CHECK(image_kernels_find(&k, "no_such_kernel") == NULL);
	image_kernels_free(&k);
	CHECK_EQ(k.count, 0);
	free(image);
}

/* PTX states what its .entry declarations do, with no bytes of constant
 * bank (tests/unit/test_ptx_entries.c tests it whole). */
static void test_ptx(const char *dir)
{
	const struct image_kernel *kernel;
	struct image_kernels k;
	unsigned char *image;
	size_t size;

	if ((image = kernel_image(dir, "kernels.ptx", &size)) == NULL)
		return;
	CHECK(image_kernels_read(image, size, &k));
	CHECK_EQ(k.count, KERNELS_CU_KERNELS);
	kernel = image_kernels_find(&k, "mixed_args");
	CHECK(kernel != NULL && kernel->from_ptx && kernel->has_params &&
	      !kernel->has_cbank && kernel->count == 5 &&
	      same_layout(kernel->param, mixed_args, 5));
	image_kernels_free(&k);
	free(image);
}

/* Compressed fatbin entries are skipped by a plain read. */
static void test_nothing_stated(const char *dir, const char *name)
{
	struct image_kernels k;
	unsigned char *image;
	size_t size;

	if ((image = kernel_image(dir, name, &size)) == NULL)
		return;
	CHECK(image_kernels_read(image, size, &k));
	CHECK_EQ(k.count, 0);
	CHECK(image_kernels_find(&k, "vec_add") == NULL);
	image_kernels_free(&k);
	free(image);
}

/*
 * A fatbin whose entries (count of them) nvcc compressed: read plainly it
 * states nothing and counts them; its compressed entries, inflated, state
 * what the cubin does, with the PTX's alignments; the same of a packed
 * copy of them.
 */
static void test_compressed(const char *dir, const char *name, unsigned count)
{
	const struct image_kernel *vec;
	struct image_kernels k;
	unsigned char *image;
	void *packed;
	size_t size, packed_size;

	if ((image = kernel_image(dir, name, &size)) == NULL)
		return;
	CHECK(image_kernels_read(image, size, &k));
	CHECK_EQ(k.count, 0);
	CHECK_EQ(k.compressed, count);
	image_kernels_free(&k);
	CHECK(image_kernels_read_entries(image, size, IMAGE_ENTRIES_COMPRESSED,
					 &k));
	CHECK_EQ(k.count, KERNELS_CU_KERNELS);
	CHECK_EQ(k.compressed, 0);
	CHECK(stated(&k, "vec_add", 4, vec_add, 28));
	CHECK(stated(&k, "mixed_args", 5, mixed_args, 64));
	vec = image_kernels_find(&k, "vec_add");
	CHECK(vec != NULL && vec->has_aligns && vec->param[3].align == 4);
	image_kernels_free(&k);
	CHECK(image_kernels_pack(image, size, &packed, &packed_size));
	CHECK(packed_size <= size);
	if (packed != NULL) {
		CHECK(image_kernels_read_entries(packed, packed_size,
						 IMAGE_ENTRIES_COMPRESSED,
						 &k));
		CHECK_EQ(k.count, KERNELS_CU_KERNELS);
		image_kernels_free(&k);
		free(packed);
	}
	free(image);
	/* A cubin has nothing to pack. */
	if ((image = kernel_image(dir, "kernels.cubin", &size)) == NULL)
		return;
	CHECK(!image_kernels_pack(image, size, &packed, &packed_size));
	CHECK(packed == NULL);
	free(image);
}

/* nvcc's default: the cubin plain, the PTX compressed. */
static void test_default_fatbin(const char *dir)
{
	struct image_kernels k;
	unsigned char *image;
	size_t size;

	if ((image = kernel_image(dir, "kernels.fatbin", &size)) == NULL)
		return;
	CHECK(image_kernels_read(image, size, &k));
	CHECK_EQ(k.count, KERNELS_CU_KERNELS);
	CHECK_EQ(k.compressed, 1);
	image_kernels_free(&k);
	CHECK(image_kernels_read_entries(image, size, IMAGE_ENTRIES_COMPRESSED,
					 &k));
	CHECK_EQ(k.count, KERNELS_CU_KERNELS);
	CHECK(image_kernels_find(&k, "vec_add") != NULL &&
	      image_kernels_find(&k, "vec_add")->from_ptx);
	image_kernels_free(&k);
	free(image);
}

/*
 * A damaged cubin: cut anywhere, it reads without going past its end; an
 * attribute of vec_add changed to repeat an ordinal leaves vec_add out,
 * and only it.
 */
static void test_damaged(const char *dir)
{
	/* vec_add's EIATTR_KPARAM_INFO of ordinal 3 at offset 24. */
	static const unsigned char ordinal3[] = { 0x04, 0x17, 0x0c, 0x00,
		0, 0, 0, 0, 0x03, 0x00, 0x18, 0x00 };
	struct image_kernels k;
	unsigned char *image, *at = NULL;
	size_t size, cut;

	if ((image = kernel_image(dir, "kernels.cubin", &size)) == NULL)
		return;
	for (cut = 0; cut < size; cut += 61) {
		CHECK(image_kernels_read(image, cut, &k));
		image_kernels_free(&k);
	}
	for (size_t i = 0; i + sizeof(ordinal3) <= size; i++)
		if (memcmp(image + i, ordinal3, sizeof(ordinal3)) == 0) {
			CHECK(at == NULL);
			at = image + i;
		}
	CHECK(at != NULL);
	if (at != NULL) {
		at[8] = 0x02;
		CHECK(image_kernels_read(image, size, &k));
		CHECK_EQ(k.count, KERNELS_CU_KERNELS - 1);
		CHECK(image_kernels_find(&k, "vec_add") == NULL);
		CHECK(stated(&k, "mixed_args", 5, mixed_args, 64));
		image_kernels_free(&k);
		/* An attribute of an unknown format: the same. */
		at[8] = 0x03;
		at[0] = 0x09;
		CHECK(image_kernels_read(image, size, &k));
		CHECK(image_kernels_find(&k, "vec_add") == NULL);
		image_kernels_free(&k);
	}
	free(image);
}

int main(int argc, char **argv)
{
	const char *kernels = argc > 1 ? argv[1] : "tests/kernels";

	test_machine_code(kernels, "kernels.cubin");
	test_machine_code(kernels, "kernels.fatbin");
	test_ptx(kernels);
	test_nothing_stated(kernels, "kernels_rdc.fatbin");
	test_compressed(kernels, "kernels_zstd.fatbin", 2);
	test_compressed(kernels, "kernels_lz4.fatbin", 2);
	test_default_fatbin(kernels);
	test_damaged(kernels);
	return unit_report("test_image_kernels");
}
