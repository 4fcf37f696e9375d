/*
 * svc_link.c -- the JIT linker: cuLinkCreate, cuLinkAddData, cuLinkComplete
 * and cuLinkDestroy for a client.
 *
 * The driver keeps the option arrays given to cuLinkCreate and writes into
 * them until the state is destroyed (the log sizes, the wall time), and it
 * may read an input's bytes until it links.  The XDR arguments die with the
 * call, so a state's record holds copies of what the driver keeps: the
 * options and their server-side log buffers (svc_jit.c), and every input
 * with its own options.  The cubin cuLinkComplete makes is the driver's,
 * inside the state; the client reads it in pieces (CU_LINK_READ_CUBIN).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_image.h"
#include "server/svc/svc_jit.h"

/* Options the driver may read or write after the call that passed them. */
struct kept_options {
	jit_option sent[ONCUDA_JIT_OPTIONS_MAX];
	struct jit_call jit;
};

struct link_input {
	void *image;
	struct kept_options options;
	struct link_input *next;
};

struct link {
	CUlinkState state;
	struct kept_options options;
	struct link_input *inputs;
	void *cubin;		/* the driver's, after cuLinkComplete */
	size_t cubin_size;
	struct link *next;
};

static struct link *links;

/* Copies what the client sent and translates it for the driver. */
static CUresult keep_options(struct kept_options *k, const jit_options *sent)
{
	jit_options copy;

	memset(k, 0, sizeof(*k));
	if (sent->jit_options_len > ONCUDA_JIT_OPTIONS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(k->sent, sent->jit_options_val,
	    sent->jit_options_len * sizeof(k->sent[0]));
	copy.jit_options_len = sent->jit_options_len;
	copy.jit_options_val = k->sent;
	return jit_prepare(&k->jit, &copy);
}

static struct link *link_find(cu_handle h)
{
	struct link *l;

	if (handle_check(HANDLE_LINK_STATE, h, false) != CUDA_SUCCESS)
		return NULL;
	for (l = links; l != NULL; l = l->next)
		if ((cu_handle)(uintptr_t)l->state == h)
			return l;
	return NULL;
}

/* The outputs of no options: empty logs, no values. */
static CUresult no_output(jit_output *out)
{
	struct jit_call none;

	memset(&none, 0, sizeof(none));
	return jit_finish(&none, out);
}

static void input_free(struct link_input *in)
{
	jit_release(&in->options.jit);
	free(in->image);
	free(in);
}

static void link_free(struct link *l)
{
	struct link_input *in, *next;

	for (in = l->inputs; in != NULL; in = next) {
		next = in->next;
		input_free(in);
	}
	jit_release(&l->options.jit);
	free(l);
}

bool_t cu_link_create_svc(jit_options options, res_handle *r,
    struct svc_req *rq)
{
	struct link *l = calloc(1, sizeof(*l));

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (l == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	if ((r->err = keep_options(&l->options, &options)) == CUDA_SUCCESS)
		r->err = cuLinkCreate(l->options.jit.count,
		    l->options.jit.options, l->options.jit.values, &l->state);
	if (r->err != CUDA_SUCCESS) {
		link_free(l);
		return TRUE;
	}
	if (!handle_add(HANDLE_LINK_STATE, (cu_handle)(uintptr_t)l->state,
	    0)) {
		cuLinkDestroy(l->state);
		link_free(l);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	l->next = links;
	links = l;
	r->res_handle_u.value = (cu_handle)(uintptr_t)l->state;
	return TRUE;
}

/* What the driver left in the link's options and logs, into out. */
static CUresult link_report(struct link *l, jit_output *out)
{
	return jit_finish(&l->options.jit, out);
}

bool_t cu_link_add_data_svc(cu_handle link, int type, cu_name name,
    jit_options options, res_link_output *r, struct svc_req *rq)
{
	struct link *l = link_find(link);
	struct link_input *in = calloc(1, sizeof(*in));
	link_output *out = &r->res_link_output_u.value;
	size_t size = 0;
	CUresult e, reported;

	(void)rq;
	memset(r, 0, sizeof(*r));
	/* The staged image is consumed whatever happens, as a load's is. */
	if (in == NULL) {
		image_drop();
		e = CUDA_ERROR_OUT_OF_MEMORY;
	} else {
		e = image_take(&in->image, &size);
	}
	if (e == CUDA_SUCCESS && l == NULL)
		e = CUDA_ERROR_INVALID_HANDLE;
	if (e == CUDA_SUCCESS)
		e = keep_options(&in->options, &options);
	if (e == CUDA_SUCCESS)
		e = cuLinkAddData(l->state, (CUjitInputType)type, in->image,
		    size, name, in->options.jit.count,
		    in->options.jit.options, in->options.jit.values);
	/* The outputs go back on failure too: the logs say why.  (A zeroed
	 * input holds no options.) */
	reported = in != NULL ? jit_finish(&in->options.jit, &out->input) :
	    no_output(&out->input);
	if ((l != NULL ? link_report(l, &out->link) :
	    no_output(&out->link)) != CUDA_SUCCESS)
		reported = CUDA_ERROR_OUT_OF_MEMORY;
	if (e == CUDA_SUCCESS)
		e = reported;
	r->err = e;
	if (e != CUDA_SUCCESS) {
		if (in != NULL)
			input_free(in);
		return TRUE;
	}
	in->next = l->inputs;
	l->inputs = in;
	return TRUE;
}

bool_t cu_link_complete_svc(cu_handle link, res_link_complete *r,
    struct svc_req *rq)
{
	struct link *l = link_find(link);
	void *cubin = NULL;
	size_t size = 0;
	jit_output out;
	CUresult e;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (l == NULL) {
		r->err = CUDA_ERROR_INVALID_HANDLE;
		no_output(&r->res_link_complete_u.failed);
		return TRUE;
	}
	e = cuLinkComplete(l->state, &cubin, &size);
	if (link_report(l, &out) != CUDA_SUCCESS && e == CUDA_SUCCESS)
		e = CUDA_ERROR_OUT_OF_MEMORY;
	r->err = e;
	if (e != CUDA_SUCCESS) {
		r->res_link_complete_u.failed = out;
		return TRUE;
	}
	l->cubin = cubin;
	l->cubin_size = size;
	r->res_link_complete_u.value.size = size;
	r->res_link_complete_u.value.link = out;
	return TRUE;
}

bool_t cu_link_read_cubin_svc(cu_handle link, cu_size offset, cu_size count,
    res_data *r, struct svc_req *rq)
{
	struct link *l = link_find(link);
	char *bytes;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (l == NULL) {
		r->err = CUDA_ERROR_INVALID_HANDLE;
		return TRUE;
	}
	if (l->cubin == NULL || offset > l->cubin_size ||
	    count > l->cubin_size - offset || count > ONCUDA_CHUNK_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	/* The reply is freed after it is sent; the driver's cubin is not ours
	 * to free. */
	if ((bytes = malloc(count > 0 ? (size_t)count : 1)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	memcpy(bytes, (const char *)l->cubin + offset, (size_t)count);
	r->err = CUDA_SUCCESS;
	r->res_data_u.data.data_val = bytes;
	r->res_data_u.data.data_len = (u_int)count;
	return TRUE;
}

bool_t cu_link_destroy_svc(cu_handle link, res_none *r, struct svc_req *rq)
{
	struct link *l = link_find(link), **at;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (l == NULL) {
		r->err = CUDA_ERROR_INVALID_HANDLE;
		return TRUE;
	}
	if ((r->err = cuLinkDestroy(l->state)) != CUDA_SUCCESS)
		return TRUE;
	handle_forget(HANDLE_LINK_STATE, link);
	for (at = &links; *at != l; at = &(*at)->next)
		;
	*at = l->next;
	link_free(l);
	return TRUE;
}
