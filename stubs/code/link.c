/*
 * link.c - cuLink*: the JIT linker, run by the server's driver.
 *
 * The CUlinkState the program holds is a record of this library: the
 * server's state, the server it lives on, the program's options (which the
 * driver writes into until cuLinkDestroy, so every link call copies back
 * what the server's driver left in its copies), and the linked cubin,
 * which cuLinkComplete reads into memory of the client that lives until
 * cuLinkDestroy, as the driver's does.  Inputs go as module images do
 * (code_load.h); a file is read here, where it is.  What the inputs state
 * of their kernels is kept for the linked cubin (linked.h).
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/code/code_load.h"
#include "stubs/code/linked.h"
#include "stubs/code/load_options.h"
#include "stubs/route/call.h"

/*
 * cuda.h maps cuLinkCreate, cuLinkAddData and cuLinkAddFile to their _v2
 * entry points; the plain names are the ABI of CUDA 5.0, the same calls
 * with the same parameters, which the driver still exports.
 */
#undef cuLinkCreate
#undef cuLinkAddData
#undef cuLinkAddFile
ONCUDA_API CUresult cuLinkCreate(unsigned int numOptions,
    CUjit_option *options, void **optionValues, CUlinkState *stateOut);
ONCUDA_API CUresult cuLinkAddData(CUlinkState state, CUjitInputType type,
    void *data, size_t size, const char *name, unsigned int numOptions,
    CUjit_option *options, void **optionValues);
ONCUDA_API CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type,
    const char *path, unsigned int numOptions, CUjit_option *options,
    void **optionValues);

struct link {
	unsigned server;
	uint64_t remote;		/* the server's CUlinkState */
	struct load_options options;	/* cuLinkCreate's, kept */
	void *cubin;			/* after cuLinkComplete */
	struct link *next;
};

static pthread_mutex_t links_lock = PTHREAD_MUTEX_INITIALIZER;
static struct link *links;

/* The record of state if the program holds it (the driver's answer for
 * a bad link state is CUDA_ERROR_INVALID_HANDLE). */
static struct link *link_find(CUlinkState state)
{
	struct link *l;

	pthread_mutex_lock(&links_lock);
	for (l = links; l != NULL && (CUlinkState)l != state; l = l->next)
		;
	pthread_mutex_unlock(&links_lock);
	return l;
}

ONCUDA_API CUresult cuLinkCreate_v2(unsigned int numOptions,
				    CUjit_option *options, void **optionValues,
				    CUlinkState *stateOut)
{
	struct link *l;
	struct call k;
	res_handle r;
	CUresult e;

	if (stateOut == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((l = calloc(1, sizeof(*l))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	load_options_init(&l->options);
	e = load_options_jit(&l->options, numOptions, options, optionValues);
	if (e == CUDA_SUCCESS)
		e = call_begin(&k, CALL_REPLY(r));
	if (e == CUDA_SUCCESS) {
		l->server = k.server;
		e = call_done(&k, cu_link_create(l->options.jit, &r, k.c),
			      &r.err);
	}
	if (e != CUDA_SUCCESS) {
		free(l);
		return e;
	}
	l->remote = r.res_handle_u.value;
	pthread_mutex_lock(&links_lock);
	l->next = links;
	links = l;
	pthread_mutex_unlock(&links_lock);
	*stateOut = (CUlinkState)l;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuLinkCreate(unsigned int numOptions,
				 CUjit_option *options, void **optionValues,
				 CUlinkState *stateOut)
{
	return cuLinkCreate_v2(numOptions, options, optionValues, stateOut);
}

/* Adds size bytes at data as an input, with its own options. */
static CUresult add(struct link *l, CUjitInputType type, const void *data,
		    size_t size, const char *name, struct load_options *o)
{
	res_link_output r;
	enum clnt_stat st;
	CUresult e, refused;
	struct call k;

	if ((e = call_begin_on(&k, l->server, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = code_stage(k.c, data, size, &refused);
	if (st == RPC_SUCCESS && refused == CUDA_SUCCESS)
		st = cu_link_add_data(l->remote, type,
				      (char *)(name != NULL ? name : ""),
				      o->jit, &r, k.c);
	e = call_end(&k, st);
	if (e == CUDA_SUCCESS && refused != CUDA_SUCCESS)
		e = refused;
	if (e == CUDA_SUCCESS) {
		/* Both arms of the reply hold the same outputs. */
		const link_output *out = r.err == CUDA_SUCCESS ?
			&r.res_link_output_u.value : &r.res_link_output_u.failed;

		load_options_give_back(&l->options, &out->link);
		load_options_give_back(o, &out->input);
		e = (CUresult)r.err;
	}
	xdr_free((xdrproc_t)xdr_res_link_output, (char *)&r);
	if (e == CUDA_SUCCESS)
		linked_input(l, type, data, size);
	return e;
}

/* An input's options: the driver takes no log buffers here (cuda.h). */
static CUresult input_options(struct load_options *o, unsigned int count,
			      CUjit_option *options, void **values)
{
	load_options_init(o);
	return load_options_jit(o, count, options, values);
}

ONCUDA_API CUresult cuLinkAddData_v2(CUlinkState state, CUjitInputType type,
				     void *data, size_t size,
				     const char *name, unsigned int numOptions,
				     CUjit_option *options,
				     void **optionValues)
{
	struct link *l = link_find(state);
	struct load_options o;
	CUresult e;

	if (l == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (data == NULL || size == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = input_options(&o, numOptions, options, optionValues)) !=
	    CUDA_SUCCESS)
		return e;
	return add(l, type, data, size, name, &o);
}

ONCUDA_API CUresult cuLinkAddData(CUlinkState state, CUjitInputType type,
				  void *data, size_t size, const char *name,
				  unsigned int numOptions, CUjit_option *options,
				  void **optionValues)
{
	return cuLinkAddData_v2(state, type, data, size, name, numOptions,
				options, optionValues);
}

ONCUDA_API CUresult cuLinkAddFile_v2(CUlinkState state, CUjitInputType type,
				     const char *path, unsigned int numOptions,
				     CUjit_option *options,
				     void **optionValues)
{
	struct link *l = link_find(state);
	struct load_options o;
	void *data;
	size_t size;
	CUresult e;

	if (l == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (path == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = input_options(&o, numOptions, options, optionValues)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = code_image_from_file(path, &data, &size)) != CUDA_SUCCESS)
		return e;
	/* The file's bytes, and the NUL that ends PTX text only for PTX:
	 * an archive or object ends where the file does. */
	if (type != CU_JIT_INPUT_PTX)
		size--;
	e = add(l, type, data, size, path, &o);
	free(data);
	return e;
}

ONCUDA_API CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type,
				  const char *path, unsigned int numOptions,
				  CUjit_option *options, void **optionValues)
{
	return cuLinkAddFile_v2(state, type, path, numOptions, options,
				optionValues);
}

/* Reads the size bytes of the linked cubin into cubin. */
static CUresult read_cubin(struct link *l, char *cubin, size_t size)
{
	size_t offset, n;
	struct call k;
	res_data r;
	CUresult e;

	for (offset = 0; offset < size; offset += n) {
		n = size - offset;
		if (n > ONCUDA_CHUNK_DEFAULT)
			n = ONCUDA_CHUNK_DEFAULT;
		if ((e = call_begin_on(&k, l->server, CALL_REPLY(r))) !=
		    CUDA_SUCCESS)
			return e;
		e = call_done(&k, cu_link_read_cubin(l->remote, offset, n, &r,
						     k.c), &r.err);
		if (e == CUDA_SUCCESS && r.res_data_u.data.data_len != n)
			e = CUDA_ERROR_INVALID_VALUE;
		if (e == CUDA_SUCCESS)
			memcpy(cubin + offset, r.res_data_u.data.data_val, n);
		xdr_free((xdrproc_t)xdr_res_data, (char *)&r);
		if (e != CUDA_SUCCESS)
			return e;
	}
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuLinkComplete(CUlinkState state, void **cubinOut,
				   size_t *sizeOut)
{
	struct link *l = link_find(state);
	res_link_complete r;
	struct call k;
	size_t size;
	char *cubin;
	CUresult e;

	if (l == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (cubinOut == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin_on(&k, l->server, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, cu_link_complete(l->remote, &r, k.c))) !=
	    CUDA_SUCCESS)
		return e;
	load_options_give_back(&l->options, r.err == CUDA_SUCCESS ?
			       &r.res_link_complete_u.value.link :
			       &r.res_link_complete_u.failed);
	e = (CUresult)r.err;
	size = e == CUDA_SUCCESS ? (size_t)r.res_link_complete_u.value.size : 0;
	xdr_free((xdrproc_t)xdr_res_link_complete, (char *)&r);
	if (e != CUDA_SUCCESS)
		return e;
	if ((cubin = malloc(size > 0 ? size : 1)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((e = read_cubin(l, cubin, size)) != CUDA_SUCCESS) {
		free(cubin);
		return e;
	}
	/* A second cuLinkComplete replaces the image, as the driver's
	 * does; the program may not use the first one after it. */
	free(l->cubin);
	l->cubin = cubin;
	linked_output(l, cubin, size);
	*cubinOut = cubin;
	if (sizeOut != NULL)
		*sizeOut = size;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuLinkDestroy(CUlinkState state)
{
	struct link *l, **at;
	struct call k;
	res_none r;
	CUresult e;

	if ((l = link_find(state)) == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if ((e = call_begin_on(&k, l->server, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_link_destroy(l->remote, &r, k.c), &r.err)) !=
	    CUDA_SUCCESS)
		return e;
	pthread_mutex_lock(&links_lock);
	for (at = &links; *at != NULL && *at != l; at = &(*at)->next)
		;
	if (*at == l)
		*at = l->next;
	pthread_mutex_unlock(&links_lock);
	linked_forget(l);
	free(l->cubin);
	free(l);
	return CUDA_SUCCESS;
}
