/*
 * svc_params.c -- kernel parameter layouts and launch arguments.
 *
 * The driver reads each kernel argument through a pointer, as many bytes
 * as the parameter's size.  Arguments arrive packed in one buffer with an
 * offset each, so before a launch every offset is checked against the
 * parameter's size as the driver itself reported it: the driver then never
 * reads past the bytes that arrived.  Layouts are cached per handle, and
 * the cache is emptied whenever a module, library or context goes away,
 * since the driver may reuse a handle value for a different function.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_params.h"

struct layout {
	cu_handle handle;
	unsigned int count;
	param_slot *slots;
};

/* A bound on the cache; a client past it only pays for asking again. */
#define LAYOUTS_MAX 4096

static struct layout *layouts;
static unsigned int layout_count;

void layouts_flush(void)
{
	unsigned int i;

	for (i = 0; i < layout_count; i++)
		free(layouts[i].slots);
	free(layouts);
	layouts = NULL;
	layout_count = 0;
}

static CUresult param_info(cu_handle h, bool kernel, size_t index,
    size_t *offset, size_t *size)
{
	if (kernel)
		return cuKernelGetParamInfo((CUkernel)(uintptr_t)h, index,
		    offset, size);
	return cuFuncGetParamInfo((CUfunction)(uintptr_t)h, index, offset,
	    size);
}

/* Asks the driver for parameter 0, 1, ... until it says there is no more. */
static CUresult query_layout(cu_handle h, struct layout *out)
{
	bool kernel = handle_check(HANDLE_KERNEL, h, false) == CUDA_SUCCESS;
	param_slot *slots = NULL, *grown;
	size_t offset, size, cap = 0, n;
	CUresult err;

	for (n = 0;; n++) {
		err = param_info(h, kernel, n, &offset, &size);
		if (err == CUDA_ERROR_INVALID_VALUE)
			break;
		if (err == CUDA_SUCCESS && n == ONCUDA_PARAMS_MAX)
			err = CUDA_ERROR_NOT_SUPPORTED;	/* cannot cross the wire */
		if (err != CUDA_SUCCESS) {
			free(slots);
			return err;
		}
		if (n == cap) {
			cap = cap == 0 ? 8 : cap * 2;
			grown = realloc(slots, cap * sizeof(*slots));
			if (grown == NULL) {
				free(slots);
				return CUDA_ERROR_OUT_OF_MEMORY;
			}
			slots = grown;
		}
		slots[n].offset = offset;
		slots[n].size = size;
	}
	out->handle = h;
	out->count = (unsigned int)n;
	out->slots = slots;
	return CUDA_SUCCESS;
}

CUresult layout_get(cu_handle h, const param_slot **slots, unsigned int *count)
{
	struct layout fresh, *grown;
	unsigned int i;
	CUresult err;

	if ((err = handle_check(HANDLE_FUNCTION, h, false)) != CUDA_SUCCESS)
		return err;
	for (i = 0; i < layout_count; i++) {
		if (layouts[i].handle == h) {
			*slots = layouts[i].slots;
			*count = layouts[i].count;
			return CUDA_SUCCESS;
		}
	}
	if ((err = query_layout(h, &fresh)) != CUDA_SUCCESS)
		return err;
	if (layout_count == LAYOUTS_MAX)
		layouts_flush();
	grown = realloc(layouts, (layout_count + 1) * sizeof(*layouts));
	if (grown == NULL) {
		free(fresh.slots);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	layouts = grown;
	layouts[layout_count++] = fresh;
	*slots = fresh.slots;
	*count = fresh.count;
	return CUDA_SUCCESS;
}

bool_t cu_param_layout_svc(cu_handle func_or_kernel,
    res_param_layout *r, struct svc_req *rq)
{
	const param_slot *slots;
	param_slot *copy = NULL;
	unsigned int count;

	(void)rq;
	r->err = layout_get(func_or_kernel, &slots, &count);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (count > 0) {
		if ((copy = malloc(count * sizeof(*copy))) == NULL) {
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
			return TRUE;
		}
		memcpy(copy, slots, count * sizeof(*copy));
	}
	r->res_param_layout_u.params.params_val = copy;
	r->res_param_layout_u.params.params_len = count;
	return TRUE;
}

/*
 * Launch argument storage.  The server runs one call at a time and the
 * driver copies the arguments before cuLaunchKernel returns, so one static
 * set serves every launch.  The extra buffer is a full parameter space and
 * zeroed past what arrived: whatever the driver makes of the size it is
 * given, it cannot read beyond this buffer.
 */
static void *param_ptrs[ONCUDA_PARAMS_MAX];
static unsigned char extra_buf[ONCUDA_PARAM_BYTES_MAX];
static size_t extra_size;
static void *extra_list[5];

static CUresult by_extra(const kernel_args *args, struct launch_params *out)
{
	memset(extra_buf, 0, sizeof(extra_buf));
	if (args->bytes.bytes_len > sizeof(extra_buf))
		return CUDA_ERROR_INVALID_VALUE;
	if (args->bytes.bytes_len > 0)
		memcpy(extra_buf, args->bytes.bytes_val, args->bytes.bytes_len);
	extra_size = args->bytes.bytes_len;
	extra_list[0] = CU_LAUNCH_PARAM_BUFFER_POINTER;
	extra_list[1] = extra_buf;
	extra_list[2] = CU_LAUNCH_PARAM_BUFFER_SIZE;
	extra_list[3] = &extra_size;
	extra_list[4] = CU_LAUNCH_PARAM_END;
	out->extra = extra_list;
	return CUDA_SUCCESS;
}

CUresult params_prepare(cu_handle func, const kernel_args *args,
    struct launch_params *out)
{
	const param_slot *slots;
	unsigned int count, i;
	char *base;
	uint64_t end;
	CUresult err;

	out->kernel_params = NULL;
	out->extra = NULL;
	if (args->by_extra)
		return by_extra(args, out);
	if ((err = layout_get(func, &slots, &count)) != CUDA_SUCCESS)
		return err;
	/* The driver takes one pointer per parameter, no fewer. */
	if (args->offsets.offsets_len != count)
		return CUDA_ERROR_INVALID_VALUE;
	/* No bytes at all (parameters of size 0): point somewhere real. */
	base = args->bytes.bytes_val != NULL ? args->bytes.bytes_val :
	    (char *)extra_buf;
	for (i = 0; i < count; i++) {
		if (__builtin_add_overflow((uint64_t)args->offsets.offsets_val[i],
		    slots[i].size, &end) || end > args->bytes.bytes_len)
			return CUDA_ERROR_INVALID_VALUE;
		param_ptrs[i] = base + args->offsets.offsets_val[i];
	}
	if (count > 0)
		out->kernel_params = param_ptrs;
	return CUDA_SUCCESS;
}
