/*
 * test_image.c - unit test of common/image.c: the size of each kind of
 * module image, refusal of corrupt headers, extended section numbering
 * (with and without it, as the client reads an image in memory and as the
 * server checks one received), and reading image files.
 *
 *   tests/unit/test_image [KERNELS_DIR]    (default tests/kernels)
 *
 * The real images are nvcc's (make kernels); the corrupt ones are built
 * here in memory.  Exits 0 when every check passed.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/image.h"
#include "unit_check.h"

/* The size image_find gives, or (size_t)-1 with the error in *err. */
static size_t found_size(const void *image, size_t avail, CUresult *err)
{
	const void *start;
	size_t size;

	*err = image_find(image, avail, &start, &size);
	if (*err != CUDA_SUCCESS)
		return (size_t)-1;
	return size;
}

static CUresult find_error(const void *image, size_t avail)
{
	CUresult err;

	(void)found_size(image, avail, &err);
	return err;
}

/* The error for an image in memory, bounded by the address space alone. */
static CUresult find_error_in_memory(const void *image)
{
	const void *start;
	size_t size;

	return image_find_in_memory(image, &start, &size);
}

/* ------------------------------------------------------- synthetic ELF */

/*
 * A small valid ELF64: header; a program header table at 256 with one
 * segment [512, 712); sections [0] NULL and [1] PROGBITS [512, 612); the
 * section header table at 1024, two entries, so it ends at 1152.
 */
#define ELF_SIZE 1152
static _Alignas(8) unsigned char elf[4096];

static Elf64_Ehdr *ehdr(void) { return (Elf64_Ehdr *)elf; }
static Elf64_Shdr *shdr(int i) { return (Elf64_Shdr *)(elf + 1024) + i; }
static Elf64_Phdr *phdr(int i) { return (Elf64_Phdr *)(elf + 256) + i; }

static void make_elf(void)
{
	memset(elf, 0, sizeof(elf));
	memcpy(ehdr()->e_ident, ELFMAG, SELFMAG);
	ehdr()->e_ident[EI_CLASS] = ELFCLASS64;
	ehdr()->e_ident[EI_DATA] = ELFDATA2LSB;
	ehdr()->e_ident[EI_VERSION] = EV_CURRENT;
	ehdr()->e_type = ET_EXEC;
	ehdr()->e_machine = EM_CUDA;
	ehdr()->e_version = EV_CURRENT;
	ehdr()->e_ehsize = sizeof(Elf64_Ehdr);
	ehdr()->e_phoff = 256;
	ehdr()->e_phentsize = sizeof(Elf64_Phdr);
	ehdr()->e_phnum = 1;
	ehdr()->e_shoff = 1024;
	ehdr()->e_shentsize = sizeof(Elf64_Shdr);
	ehdr()->e_shnum = 2;
	phdr(0)->p_type = PT_LOAD;
	phdr(0)->p_offset = 512;
	phdr(0)->p_filesz = 200;
	shdr(1)->sh_type = SHT_PROGBITS;
	shdr(1)->sh_offset = 512;
	shdr(1)->sh_size = 100;
}

static void test_synthetic_elf(void)
{
	CUresult err;
	size_t avail;

	make_elf();
	CHECK_EQ(found_size(elf, sizeof(elf), &err), ELF_SIZE);
	CHECK_EQ(found_size(elf, ELF_SIZE, &err), ELF_SIZE);

	/* Truncated anywhere: the header, the tables, the contents. */
	for (avail = 0; avail < ELF_SIZE; avail++)
		if (find_error(elf, avail) != CUDA_ERROR_INVALID_IMAGE) {
			fprintf(stderr, "ELF cut to %zu bytes was accepted\n",
				avail);
			unit_failures++;
			break;
		}

	/* A section beyond the tables extends the image... */
	shdr(1)->sh_offset = 2000;
	CHECK_EQ(found_size(elf, sizeof(elf), &err), 2100);
	/* ...but not one that occupies no bytes of the file. */
	shdr(1)->sh_type = SHT_NOBITS;
	shdr(1)->sh_size = 1ull << 40;
	CHECK_EQ(found_size(elf, sizeof(elf), &err), ELF_SIZE);
	/* A segment's file part counts, its memory size does not. */
	make_elf();
	phdr(0)->p_filesz = 3000;
	phdr(0)->p_memsz = 1ull << 40;
	CHECK_EQ(found_size(elf, sizeof(elf), &err), 3512);
	phdr(0)->p_filesz = 4000;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);

	/* Sums that overflow, with only the address space to bound them. */
	make_elf();
	shdr(1)->sh_offset = UINT64_MAX - 10;
	CHECK_EQ(find_error_in_memory(elf), CUDA_ERROR_INVALID_IMAGE);
	make_elf();
	phdr(0)->p_offset = 16;
	phdr(0)->p_filesz = UINT64_MAX - 8;
	CHECK_EQ(find_error_in_memory(elf), CUDA_ERROR_INVALID_IMAGE);
	make_elf();
	ehdr()->e_shoff = UINT64_MAX - 10;
	CHECK_EQ(find_error_in_memory(elf), CUDA_ERROR_INVALID_IMAGE);
	make_elf();
	ehdr()->e_phoff = UINT64_MAX - 100;
	CHECK_EQ(find_error_in_memory(elf), CUDA_ERROR_INVALID_IMAGE);
	/* Extended numbering: 2^60 sections of 64 bytes overflow. */
	make_elf();
	ehdr()->e_shnum = 0;
	shdr(0)->sh_size = 1ull << 60;
	CHECK_EQ(find_error_in_memory(elf), CUDA_ERROR_INVALID_IMAGE);
	/* ...and a sane count there is used. */
	shdr(0)->sh_size = 2;
	CHECK_EQ(found_size(elf, sizeof(elf), &err), ELF_SIZE);
	/* The segment count in section 0's sh_info, as PN_XNUM says. */
	make_elf();
	ehdr()->e_phnum = PN_XNUM;
	shdr(0)->sh_info = 1;
	phdr(0)->p_filesz = 3000;
	CHECK_EQ(found_size(elf, sizeof(elf), &err), 3512);
	ehdr()->e_shoff = 0;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);

	/* Entries smaller than the structures they hold. */
	make_elf();
	ehdr()->e_shentsize = 32;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);
	make_elf();
	ehdr()->e_phentsize = 32;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);

	/* No tables at all: just the header. */
	make_elf();
	ehdr()->e_shoff = 0;
	ehdr()->e_phoff = 0;
	CHECK_EQ(found_size(elf, sizeof(elf), &err), sizeof(Elf64_Ehdr));

	/* Not 64-bit little-endian. */
	make_elf();
	ehdr()->e_ident[EI_CLASS] = ELFCLASS32;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);
	make_elf();
	ehdr()->e_ident[EI_DATA] = ELFDATA2MSB;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);
}

/*
 * Extended section numbering, both ways: the same ELF with its counts in
 * the header and with them in section 0 (e_shnum 0 -> sh_size, e_shstrndx
 * SHN_XINDEX -> sh_link) reads the same, for the client (image_find) and
 * the server (image_check_received) alike; a count or index in section 0
 * that points outside the table is refused by both.
 */
static void test_extended_numbering(void)
{
	struct image_elf read;
	CUresult err;

	make_elf();
	ehdr()->e_shstrndx = 1;
	shdr(1)->sh_type = SHT_STRTAB;
	CHECK_EQ(image_elf_read(elf, ELF_SIZE, &read), CUDA_SUCCESS);
	CHECK_EQ(read.sections, 2);
	CHECK_EQ(read.names, 1);
	CHECK_EQ(found_size(elf, ELF_SIZE, &err), ELF_SIZE);
	CHECK_EQ(image_check_received(elf, ELF_SIZE), CUDA_SUCCESS);

	/* The same counts, kept in section 0. */
	ehdr()->e_shnum = 0;
	ehdr()->e_shstrndx = SHN_XINDEX;
	shdr(0)->sh_size = 2;
	shdr(0)->sh_link = 1;
	CHECK_EQ(image_elf_read(elf, ELF_SIZE, &read), CUDA_SUCCESS);
	CHECK_EQ(read.sections, 2);
	CHECK_EQ(read.names, 1);
	CHECK_EQ(found_size(elf, ELF_SIZE, &err), ELF_SIZE);
	CHECK_EQ(image_check_received(elf, ELF_SIZE), CUDA_SUCCESS);
	CHECK_EQ(image_check_received(elf, ELF_SIZE - 1),
		 CUDA_ERROR_INVALID_IMAGE);

	/* The name table's index past the table: refused either way. */
	shdr(0)->sh_link = 2;
	CHECK_EQ(find_error(elf, ELF_SIZE), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(image_check_received(elf, ELF_SIZE), CUDA_ERROR_INVALID_IMAGE);
	ehdr()->e_shnum = 2;
	ehdr()->e_shstrndx = 2;
	CHECK_EQ(find_error(elf, ELF_SIZE), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(image_check_received(elf, ELF_SIZE), CUDA_ERROR_INVALID_IMAGE);

	/* A section count in section 0 that runs past the bytes. */
	make_elf();
	ehdr()->e_shnum = 0;
	shdr(0)->sh_size = 3;
	CHECK_EQ(find_error(elf, ELF_SIZE), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(image_check_received(elf, ELF_SIZE), CUDA_ERROR_INVALID_IMAGE);
	/* SHN_XINDEX with no section table to hold the index. */
	make_elf();
	ehdr()->e_shoff = 0;
	ehdr()->e_shstrndx = SHN_XINDEX;
	CHECK_EQ(find_error(elf, sizeof(elf)), CUDA_ERROR_INVALID_IMAGE);
}

/* What the server accepts from the network, by kind. */
static void test_received(void)
{
	static const char text[] = "anything at all\001";
	struct { uint32_t magic, version; const void *data, *rest; } w = {
		IMAGE_WRAPPER_MAGIC, 1, NULL, NULL };
	_Alignas(8) unsigned char fatbin[64] = { 0 };
	struct image_fatbin_header h = { IMAGE_FATBIN_MAGIC, 1,
		IMAGE_FATBIN_HEADER, 48 };

	make_elf();
	CHECK_EQ(image_check_received(elf, ELF_SIZE), CUDA_SUCCESS);
	CHECK_EQ(image_check_received(elf, ELF_SIZE - 1),
		 CUDA_ERROR_INVALID_IMAGE);
	memcpy(fatbin, &h, sizeof(h));
	CHECK_EQ(image_check_received(fatbin, sizeof(fatbin)), CUDA_SUCCESS);
	CHECK_EQ(image_check_received(fatbin, sizeof(fatbin) - 1),
		 CUDA_ERROR_INVALID_IMAGE);
	h.header_size = 8;	/* smaller than a fatbin header */
	memcpy(fatbin, &h, sizeof(h));
	CHECK_EQ(image_check_received(fatbin, sizeof(fatbin)),
		 CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(image_check_received(&w, sizeof(w)), CUDA_ERROR_INVALID_IMAGE);
	/* Text is the driver's to judge, and so is a short one. */
	CHECK_EQ(image_check_received(text, sizeof(text)), CUDA_SUCCESS);
	CHECK_EQ(image_check_received("\177E", 2), CUDA_SUCCESS);
	CHECK_EQ(image_kind("\177E", 3), IMAGE_TEXT);
}

/* --------------------------------------------- synthetic fatbin, wrapper */

/* As cudart declares __fatBinC_Wrapper_t. */
struct wrapper {
	int magic;
	int version;
	const void *data;
	void *filename_or_fatbins;
};

static void make_fatbin(unsigned char *buf, uint64_t payload)
{
	uint32_t magic = IMAGE_FATBIN_MAGIC;
	uint16_t version = 1, header = IMAGE_FATBIN_HEADER;

	memcpy(buf, &magic, 4);
	memcpy(buf + 4, &version, 2);
	memcpy(buf + 6, &header, 2);
	memcpy(buf + 8, &payload, 8);
}

static void test_synthetic_fatbin(void)
{
	static const char ptx[] = ".version 8.0\n";
	_Alignas(8) unsigned char fatbin[256] = { 0 };
	struct wrapper w = { (int)IMAGE_WRAPPER_MAGIC, 1, fatbin, NULL };
	const void *start = NULL;
	size_t size = 0;
	CUresult err;

	make_fatbin(fatbin, 100);
	CHECK_EQ(found_size(fatbin, sizeof(fatbin), &err), 116);
	CHECK_EQ(find_error(fatbin, 115), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(find_error(fatbin, 12), CUDA_ERROR_INVALID_IMAGE);
	make_fatbin(fatbin, UINT64_MAX - 5);
	CHECK_EQ(find_error_in_memory(fatbin), CUDA_ERROR_INVALID_IMAGE);
	make_fatbin(fatbin, 0);
	CHECK_EQ(found_size(fatbin, sizeof(fatbin), &err), 16);

	/* A wrapper stands for the fatbin it points to. */
	make_fatbin(fatbin, 100);
	CHECK_EQ(image_find(&w, sizeof(w), &start, &size), CUDA_SUCCESS);
	CHECK(start == fatbin);
	CHECK_EQ(size, 116);
	CHECK_EQ(image_find_in_memory(&w, &start, &size), CUDA_SUCCESS);
	CHECK(start == fatbin);
	CHECK_EQ(size, 116);
	CHECK_EQ(find_error(&w, 12), CUDA_ERROR_INVALID_IMAGE);
	w.data = NULL;
	CHECK_EQ(find_error(&w, sizeof(w)), CUDA_ERROR_INVALID_IMAGE);
	w.data = ptx;	/* only a fatbin may be wrapped */
	CHECK_EQ(find_error(&w, sizeof(w)), CUDA_ERROR_INVALID_IMAGE);
}

/* ------------------------------------------------------------------ PTX */

static void test_text(void)
{
	static const char ptx[] =
		"// caf\xc3\xa9\n.version 8.0\n.target sm_90\n";
	CUresult err;

	CHECK_EQ(found_size(ptx, sizeof(ptx), &err), sizeof(ptx));
	CHECK_EQ(found_size(ptx, SIZE_MAX, &err), sizeof(ptx));
	CHECK_EQ(find_error(ptx, sizeof(ptx) - 1), CUDA_ERROR_INVALID_IMAGE);
	/* Shorter than a magic number. */
	CHECK_EQ(found_size("ab", 3, &err), 3);
	CHECK_EQ(find_error("", 1), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(find_error("a\001b", 4), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(find_error("\x7f" "EL", 4), CUDA_ERROR_INVALID_IMAGE);
	CHECK_EQ(find_error(NULL, 0), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(find_error(NULL, SIZE_MAX), CUDA_ERROR_INVALID_VALUE);
}

/* ------------------------------------------------------ the real images */

static char *path_in(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *path = malloc(n);

	if (path == NULL)
		abort();
	snprintf(path, n, "%s/%s", dir, name);
	return path;
}

/*
 * An nvcc image must measure exactly its file (not counting the NUL that
 * image_read_file adds), and every shorter prefix must be refused.
 */
static void test_real_binary(const char *dir, const char *name)
{
	char *path = path_in(dir, name);
	const void *start;
	unsigned char *data;
	size_t size, found, avail;
	void *raw;

	if (image_read_file(path, &raw, &size) != CUDA_SUCCESS) {
		fprintf(stderr, "cannot read %s: run make kernels first\n",
			path);
		unit_failures++;
		free(path);
		return;
	}
	data = raw;
	size--;		/* the NUL */
	CHECK_EQ(image_find(data, size, &start, &found), CUDA_SUCCESS);
	CHECK(start == data);
	CHECK_EQ(found, size);
	CHECK_EQ(image_find_in_memory(data, &start, &found), CUDA_SUCCESS);
	CHECK_EQ(found, size);
	for (avail = 0; avail < size; avail++)
		if (find_error(data, avail) != CUDA_ERROR_INVALID_IMAGE) {
			fprintf(stderr, "%s cut to %zu bytes was accepted\n",
				path, avail);
			unit_failures++;
			break;
		}
	free(raw);
	free(path);
}

static void test_real_ptx(const char *dir)
{
	char *path = path_in(dir, "kernels.ptx");
	const void *start;
	size_t size, found;
	void *data;

	if (image_read_file(path, &data, &size) != CUDA_SUCCESS) {
		fprintf(stderr, "cannot read %s: run make kernels first\n",
			path);
		unit_failures++;
		free(path);
		return;
	}
	CHECK_EQ(image_find_in_memory(data, &start, &found), CUDA_SUCCESS);
	CHECK_EQ(found, size);
	CHECK_EQ(strlen(data) + 1, size);
	free(data);
	free(path);
}

/* ---------------------------------------------------------- file reading */

static void write_file(const char *path, const void *data, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd < 0 || write(fd, data, n) != (ssize_t)n)
		abort();
	close(fd);
}

static void test_read_file(void)
{
	char dir[] = "/tmp/oncuda-test-image-XXXXXX";
	unsigned char bytes[10000];
	char *empty, *full;
	size_t size, i;
	void *data;

	if (mkdtemp(dir) == NULL)
		abort();
	empty = path_in(dir, "empty");
	full = path_in(dir, "full");
	for (i = 0; i < sizeof(bytes); i++)
		bytes[i] = (unsigned char)(i * 7 + 1);
	write_file(empty, "", 0);
	write_file(full, bytes, sizeof(bytes));

	CHECK_EQ(image_read_file(full, &data, &size), CUDA_SUCCESS);
	CHECK_EQ(size, sizeof(bytes) + 1);
	CHECK(memcmp(data, bytes, sizeof(bytes)) == 0);
	CHECK_EQ(((unsigned char *)data)[sizeof(bytes)], 0);
	free(data);

	CHECK_EQ(image_read_file(empty, &data, &size), CUDA_SUCCESS);
	CHECK_EQ(size, 1);
	CHECK_EQ(((unsigned char *)data)[0], 0);
	free(data);

	/* A file that says it is empty and is not: read to its end. */
	CHECK_EQ(image_read_file("/proc/self/maps", &data, &size),
		 CUDA_SUCCESS);
	CHECK(size > 1);
	CHECK_EQ(strlen(data) + 1, size);
	free(data);

	CHECK_EQ(image_read_file("/nonexistent/kernels.cubin", &data, &size),
		 CUDA_ERROR_FILE_NOT_FOUND);
	CHECK_EQ(image_read_file(dir, &data, &size),
		 CUDA_ERROR_FILE_NOT_FOUND);
	CHECK_EQ(image_read_file(NULL, &data, &size),
		 CUDA_ERROR_INVALID_VALUE);

	unlink(empty);
	unlink(full);
	rmdir(dir);
	free(empty);
	free(full);
}

int main(int argc, char **argv)
{
	const char *kernels = argc > 1 ? argv[1] : "tests/kernels";

	test_synthetic_elf();
	test_extended_numbering();
	test_received();
	test_synthetic_fatbin();
	test_text();
	test_real_binary(kernels, "kernels.cubin");
	test_real_binary(kernels, "kernels.fatbin");
	test_real_ptx(kernels);
	test_read_file();
	return unit_report("test_image");
}
