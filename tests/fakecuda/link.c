/*
 * link.c - the JIT linker: cuLinkCreate, cuLinkAddData, cuLinkAddFile,
 * cuLinkComplete and cuLinkDestroy.
 *
 * The stand-in links nothing: every module holds every kernel of kernels.c
 * anyway.  It checks each input as a load checks an image (PTX that is not
 * PTX is CUDA_ERROR_INVALID_IMAGE, as on the H200, with the reason in the
 * error log), keeps
 * the option arrays of cuLinkCreate as the driver does, writing the logs
 * and their sizes into them, and cuLinkComplete hands out the smallest
 * cubin cuModuleLoadData takes: an ELF header for EM_CUDA and its section
 * name table.
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "fakecuda.h"

#define LINK_LOG_MAX 256

struct fc_link {
	uintptr_t handle;
	unsigned int count;	/* the options of cuLinkCreate, kept */
	CUjit_option *options;
	void **values;
	void **sizes;		/* the log sizes as created, by option */
	unsigned int inputs;
	void *cubin;
	size_t cubin_size;
	char info[LINK_LOG_MAX];	/* the logs so far */
	char error[LINK_LOG_MAX];
};

/* The smallest cubin: header, a name table, and its two section headers. */
struct tiny_cubin {
	Elf64_Ehdr header;
	char names[16];
	Elf64_Shdr sections[2];
};

static void
make_cubin(struct tiny_cubin *c)
{
	static const char names[] = "\0.shstrtab";

	memset(c, 0, sizeof(*c));
	memcpy(c->header.e_ident, ELFMAG, SELFMAG);
	c->header.e_ident[EI_CLASS] = ELFCLASS64;
	c->header.e_ident[EI_DATA] = ELFDATA2LSB;
	c->header.e_ident[EI_VERSION] = EV_CURRENT;
	c->header.e_type = ET_EXEC;
	c->header.e_machine = EM_CUDA;
	c->header.e_version = EV_CURRENT;
	c->header.e_ehsize = sizeof(Elf64_Ehdr);
	c->header.e_shoff = offsetof(struct tiny_cubin, sections);
	c->header.e_shentsize = sizeof(Elf64_Shdr);
	c->header.e_shnum = 2;
	c->header.e_shstrndx = 1;
	memcpy(c->names, names, sizeof(names));
	c->sections[1].sh_name = 1;
	c->sections[1].sh_type = SHT_STRTAB;
	c->sections[1].sh_offset = offsetof(struct tiny_cubin, names);
	c->sections[1].sh_size = sizeof(names);
}

static CUresult
lookup(CUlinkState state, struct fc_link **link)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*link = fc_handle_lookup((uintptr_t)state, FC_KIND_LINK);
	return *link != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

/*
 * The logs so far into the program's buffers of cuLinkCreate.  The size
 * options come back as the bytes used, but the buffers stay as large as
 * they were created: the driver's logs accumulate until cuLinkDestroy.
 */
static void
report(struct fc_link *l)
{
	for (unsigned int i = 0; i < l->count; i++) {
		if (l->options[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES ||
		    l->options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			l->values[i] = l->sizes[i];
	}
	fc_jit_report(l->count, l->options, l->values, l->info, l->error);
}

static void
link_free(struct fc_link *l)
{
	free(l->sizes);
	free(l->cubin);
	free(l);
}

FC_API CUresult
cuLinkCreate_v2(unsigned int numOptions, CUjit_option *options,
    void **optionValues, CUlinkState *stateOut)
{
	struct fc_context *ctx;
	struct fc_link *l;
	CUresult rc;

	fc_lock();
	rc = fc_context_current(&ctx);
	if (rc == CUDA_SUCCESS && stateOut == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_jit_check(numOptions, options, optionValues);
	if (rc == CUDA_SUCCESS && (l = calloc(1, sizeof(*l))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		l->count = numOptions;
		l->options = options;
		l->values = optionValues;
		l->sizes = calloc(numOptions + 1, sizeof(void *));
		if (l->sizes != NULL && numOptions > 0)
			memcpy(l->sizes, optionValues,
			    numOptions * sizeof(void *));
		l->handle = l->sizes != NULL ?
		    fc_handle_new(FC_KIND_LINK, l) : 0;
		if (l->handle == 0) {
			link_free(l);
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		} else {
			*stateOut = (CUlinkState)l->handle;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLinkAddData_v2(CUlinkState state, CUjitInputType type, void *data,
    size_t size, const char *name, unsigned int numOptions,
    CUjit_option *options, void **optionValues)
{
	struct fc_link *l;
	size_t bytes;
	CUresult rc;

	fc_lock();
	rc = lookup(state, &l);
	if (rc == CUDA_SUCCESS && (data == NULL || size == 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_jit_check(numOptions, options, optionValues);
	if (rc != CUDA_SUCCESS) {
		fc_unlock();
		return rc;
	}
	if ((int)type < 0 || type >= CU_JIT_NUM_INPUT_TYPES) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else if (fc_image_check(data, &bytes) != CUDA_SUCCESS) {
		/* The H200's driver: no image, even as PTX. */
		rc = CUDA_ERROR_INVALID_IMAGE;
		snprintf(l->error, sizeof(l->error), "fakecuda: input %s is "
		    "not a cubin, a fatbin or PTX text",
		    name != NULL ? name : "");
	} else {
		l->inputs++;
	}
	report(l);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLinkAddFile_v2(CUlinkState state, CUjitInputType type, const char *path,
    unsigned int numOptions, CUjit_option *options, void **optionValues)
{
	void *data;
	size_t size;
	CUresult rc;

	if (path == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((rc = image_read_file(path, &data, &size)) != CUDA_SUCCESS)
		return rc;
	rc = cuLinkAddData_v2(state, type, data, size, path, numOptions,
	    options, optionValues);
	free(data);
	return rc;
}

FC_API CUresult
cuLinkComplete(CUlinkState state, void **cubinOut, size_t *sizeOut)
{
	struct fc_link *l;
	CUresult rc;

	fc_lock();
	rc = lookup(state, &l);
	if (rc == CUDA_SUCCESS && cubinOut == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && l->inputs == 0)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && l->cubin == NULL &&
	    (l->cubin = malloc(sizeof(struct tiny_cubin))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		make_cubin(l->cubin);
		l->cubin_size = sizeof(struct tiny_cubin);
		snprintf(l->info, sizeof(l->info), "fakecuda: linked %u "
		    "inputs into a %zu-byte cubin", l->inputs, l->cubin_size);
		report(l);
		*cubinOut = l->cubin;
		if (sizeOut != NULL)
			*sizeOut = l->cubin_size;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLinkDestroy(CUlinkState state)
{
	struct fc_link *l;
	CUresult rc;

	fc_lock();
	if ((rc = lookup(state, &l)) == CUDA_SUCCESS) {
		fc_handle_drop(l->handle);
		link_free(l);
	}
	fc_unlock();
	return rc;
}
