/*
 * test_declared.c - unit test of stubs/code/declared.c and linked.c on
 * nvcc's own images (tests/kernels, tests/unit/module.mk): a kernel that
 * only compressed fatbin entries state (Zstandard and LZ4) is checked; a
 * kernel with parameters aligned above 16 takes each architecture's
 * layout of it and refuses any other; the fatbins inside host objects and
 * archives given to a link are read; damaged images are read within their
 * bytes and leave their kernels unchecked.
 *
 * The layouts the server would send are those ptxas wrote into the
 * cubins' .nv.info (read with common/image_kernels.c), handed to
 * declared_check() as CU_PARAM_LAYOUT's reply would be.
 *
 *   tests/unit/test_declared     (from the repository root)
 *
 * Exits 0 when every check passed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/host_object.h"
#include "common/image.h"
#include "common/image_kernels.h"
#include "fake_conn.h"
#include "kernel_images.h"
#include "stubs/code/declared.h"
#include "stubs/code/linked.h"
#include "unit_check.h"

#define KERNELS "tests/kernels"
#define MODULE  0x7f00000b0000ull
#define FUNC    0x7f00000b1000ull
#define PARAMS  8

struct layout {
	unsigned count;
	param_slot slot[PARAMS];
	uint32_t align[PARAMS];		/* the PTX's, where read */
};

/* The layout of kernel that the image called file states. */
static bool layout_of(const char *file, const char *kernel, struct layout *l)
{
	const struct image_kernel *k = NULL;
	struct image_kernels all;
	size_t size;
	void *image = kernel_image(KERNELS, file, &size);
	bool found = false;

	memset(l, 0, sizeof(*l));
	if (image == NULL)
		return false;
	if (image_kernels_read(image, size, &all) &&
	    (k = image_kernels_find(&all, kernel)) != NULL &&
	    k->count <= PARAMS) {
		l->count = k->count;
		for (unsigned i = 0; i < k->count; i++) {
			l->slot[i].offset = k->param[i].offset;
			l->slot[i].size = k->param[i].size;
			l->align[i] = k->param[i].align;
		}
		found = true;
	}
	image_kernels_free(&all);
	free(image);
	if (!found) {
		fprintf(stderr, "%s states no kernel %s\n", file, kernel);
		unit_failures++;
	}
	return found;
}

/* Loads the image called file as MODULE, then frees the program's copy. */
static bool load(const char *file)
{
	size_t size;
	void *image = kernel_image(KERNELS, file, &size);

	if (image == NULL)
		return false;
	declared_image(MODULE, false, image, size);
	memset(image, 0, size);
	free(image);
	return true;
}

/* What declared_check() says of l for kernel of MODULE, and that it says
 * a line exactly when it refuses. */
static CUresult check(const char *kernel, const struct layout *l)
{
	int said = fake_said;
	CUresult e;

	declared_bind(FUNC, MODULE, kernel);
	e = declared_check(FUNC, l->slot, l->count);
	CHECK_EQ(fake_said, said + (e != CUDA_SUCCESS));
	return e;
}

/*
 * Images whose every entry is compressed: vec_add is checked as in the
 * plain cubin, and mixed_args, whose PTX the default fatbin compresses.
 */
static void test_compressed(void)
{
	static const char *const images[] = { "kernels_zstd.fatbin",
		"kernels_lz4.fatbin", "kernels_rdc.fatbin", "kernels.fatbin" };
	struct layout vec_add, mixed;

	if (!layout_of("kernels.cubin", "vec_add", &vec_add) ||
	    !layout_of("kernels.cubin", "mixed_args", &mixed))
		return;
	for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		if (!load(images[i]))
			continue;
		CHECK_EQ(check("vec_add", &vec_add), CUDA_SUCCESS);
		CHECK_EQ(check("mixed_args", &mixed), CUDA_SUCCESS);
		vec_add.slot[3].size = 8;	/* the int said 8 bytes */
		CHECK_EQ(check("vec_add", &vec_add), CUDA_ERROR_INVALID_VALUE);
		vec_add.slot[3].size = 4;
		mixed.slot[1].offset += 8;		/* the struct moved */
		CHECK_EQ(check("mixed_args", &mixed),
			 CUDA_ERROR_INVALID_VALUE);
		mixed.slot[1].offset -= 8;
		declared_forget(MODULE);
	}
}

/*
 * aligned.fatbin as nvcc makes it: an sm_75 cubin and compressed PTX.  A
 * server on sm_90 or sm_100 compiles the PTX, and lays the over-aligned
 * parameters out otherwise than the cubin: each of the three
 * architectures' layouts passes, every parameter put one alignment
 * further is refused.  The same of aligned_multi.fatbin, all plain, whose
 * sm_75 and sm_90 cubins disagree on the offsets.  A bare sm_75 cubin
 * runs as it is: sm_90's layout of it is refused.
 */
static void test_aligned(void)
{
	static const char *const cubins[] = { "aligned_sm75.cubin",
		"aligned_sm90.cubin", "aligned_sm100.cubin",
		"aligned_sm75.cubin", "aligned_sm90.cubin",
		"aligned_sm100.cubin" };
	static const char *const kernels[] = { "after_byte", "first", "mixed",
		"growing", "after_ints", "widest" };
	struct layout l, ptx;

	for (size_t c = 0; c < sizeof(cubins) / sizeof(cubins[0]); c++) {
		if (!load(c < 3 ? "aligned.fatbin" : "aligned_multi.fatbin"))
			return;
		for (size_t k = 0; k < sizeof(kernels) / sizeof(kernels[0]);
		     k++) {
			if (!layout_of(cubins[c], kernels[k], &l) ||
			    !layout_of("aligned.ptx", kernels[k], &ptx))
				continue;
			CHECK_EQ(check(kernels[k], &l), CUDA_SUCCESS);
			for (unsigned i = 0; i < l.count; i++) {
				l.slot[i].offset += ptx.align[i];
				CHECK_EQ(check(kernels[k], &l),
					 CUDA_ERROR_INVALID_VALUE);
				l.slot[i].offset -= ptx.align[i];
			}
		}
		declared_forget(MODULE);
	}
	if (load("aligned_sm75.cubin") &&
	    layout_of("aligned_sm90.cubin", "after_byte", &l)) {
		CHECK_EQ(check("after_byte", &l), CUDA_ERROR_INVALID_VALUE);
		declared_forget(MODULE);
	}
}

/* Counts the fatbins host_object_fatbins() finds, and their bytes. */
struct found {
	unsigned fatbins;
	size_t bytes;
};

static bool count_fatbin(void *arg, const void *fatbin, size_t size)
{
	struct found *f = arg;
	size_t found;
	const void *start;

	/* Each is whole: its header's sizes say what it was given. */
	CHECK(image_find(fatbin, size, &start, &found) == CUDA_SUCCESS &&
	      found == size);
	f->fatbins++;
	f->bytes += size;
	return true;
}

static struct found fatbins_of(const void *image, size_t size)
{
	struct found f = { 0, 0 };

	CHECK(host_object_fatbins(image, size, count_fatbin, &f));
	return f;
}

/*
 * The fatbins of host objects and an archive, and of the same cut short
 * or garbled: never more than whole, never a read past the bytes.
 */
static void test_objects(void)
{
	static const struct {
		const char *file;
		unsigned fatbins;
	} objects[] = {
		{ "kernels_rdc.o", 1 }, { "aligned_whole.o", 1 },
		{ "libkernels_rdc.a", 2 }, { "kernels.cubin", 0 },
		{ "kernels.fatbin", 0 },
	};

	for (size_t i = 0; i < sizeof(objects) / sizeof(objects[0]); i++) {
		size_t size, step;
		unsigned char *image, *copy;

		image = kernel_image(KERNELS, objects[i].file, &size);
		if (image == NULL)
			continue;
		CHECK_EQ(fatbins_of(image, size).fatbins, objects[i].fatbins);
		step = size / 200 + 1;
		for (size_t cut = 0; cut < size; cut += step) {
			if ((copy = damaged_copy(image, cut, 0)) == NULL)
				break;
			CHECK(fatbins_of(copy, cut).fatbins <=
			      objects[i].fatbins);
			free(copy);
		}
		srand(3);
		for (unsigned round = 0; round < 300; round++) {
			if ((copy = damaged_copy(image, size, 8)) == NULL)
				break;
			(void)fatbins_of(copy, size);
			free(copy);
		}
		free(image);
	}
}

/*
 * A link's inputs that are host objects or an archive state their
 * kernels; LTO IR does not.  The link's cubin is kernels.cubin rewritten
 * to say that vec_add's last parameter is 8 bytes, as a server could.
 */
static void test_link_inputs(void)
{
	static const struct {
		CUjitInputType type;
		const char *file;
		CUresult tampered;
	} inputs[] = {
		{ CU_JIT_INPUT_OBJECT, "kernels_rdc.o",
		  CUDA_ERROR_INVALID_VALUE },
		{ CU_JIT_INPUT_LIBRARY, "libkernels_rdc.a",
		  CUDA_ERROR_INVALID_VALUE },
		{ CU_JIT_INPUT_FATBINARY, "kernels_zstd.fatbin",
		  CUDA_ERROR_INVALID_VALUE },
		{ CU_JIT_INPUT_NVVM, "kernels_rdc.o", CUDA_SUCCESS },
	};
	struct layout vec_add, mixed;
	unsigned char *cubin;
	size_t cubin_size;

	if (!layout_of("kernels.cubin", "vec_add", &vec_add) ||
	    !layout_of("aligned_sm90.cubin", "mixed", &mixed) ||
	    (cubin = vec_add_said_8(&cubin_size)) == NULL)
		return;
	vec_add.slot[3].size = 8;
	for (size_t n = 0; n < sizeof(inputs) / sizeof(inputs[0]); n++) {
		size_t size;
		void *image = kernel_image(KERNELS, inputs[n].file, &size);

		if (image == NULL)
			continue;
		linked_input(&inputs[n], inputs[n].type, image, size);
		free(image);
		/* Another cubin each time: the digest tells them apart. */
		cubin[cubin_size - 1] = (unsigned char)n;
		linked_output(&inputs[n], cubin, cubin_size);
		linked_forget(&inputs[n]);
		declared_image(MODULE, false, cubin, cubin_size);
		CHECK_EQ(check("vec_add", &vec_add), inputs[n].tampered);
		/* The archive's aligned_rdc.o: sm_90's layout of its PTX. */
		if (inputs[n].type == CU_JIT_INPUT_LIBRARY)
			CHECK_EQ(check("mixed", &mixed), CUDA_SUCCESS);
		declared_forget(MODULE);
	}
	free(cubin);
}

/*
 * Compressed entries damaged: a stated size one off, a payload garbled
 * or cut.  The image loads, nothing is read past it, and what cannot be
 * inflated leaves its kernels unchecked (a layout no image states
 * passes declared.c; params.c bounds it).
 */
static void test_damaged(void)
{
	struct layout vec_add;
	unsigned char *image, *copy;
	size_t size;

	if (!layout_of("kernels.cubin", "vec_add", &vec_add) ||
	    (image = kernel_image(KERNELS, "kernels_zstd.fatbin", &size)) ==
	    NULL)
		return;
	vec_add.slot[3].size = 8;
	if ((copy = malloc(size)) != NULL) {
		/* Each entry's inflated size (at 56 of its header) + 1. */
		uint64_t at = 16, payload;
		uint32_t header;

		memcpy(copy, image, size);
		while (size - at >= 64) {
			memcpy(&header, copy + at + 4, 4);
			memcpy(&payload, copy + at + 8, 8);
			copy[at + 56]++;
			at += header + payload;
		}
		declared_image(MODULE, false, copy, size);
		CHECK_EQ(check("vec_add", &vec_add), CUDA_SUCCESS);
		declared_forget(MODULE);
		free(copy);
	}
	srand(5);
	for (unsigned round = 0; round < 300; round++) {
		size_t cut = round % 3 == 0 ? (size_t)rand() % size : size;

		if ((copy = damaged_copy(image, cut, 4)) == NULL)
			break;
		declared_image(MODULE, false, copy, cut);
		(void)check("vec_add", &vec_add);
		declared_forget(MODULE);
		free(copy);
	}
	free(image);
}

int main(void)
{
	test_compressed();
	test_aligned();
	test_objects();
	test_link_inputs();
	test_damaged();
	return unit_report("test_declared");
}
