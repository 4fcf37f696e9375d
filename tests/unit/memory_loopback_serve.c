/*
 * tests/unit/memory_loopback_serve.c -- the procedures the loopback serves:
 * those of the client's memory files, answered as the driver answers where
 * the tests look.  Device memory is loopback.device; server host memory
 * (mirrors) is addresses only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory_loopback.h"

/* Decodes the call's arguments as `type` into `a`, or fails the call. */
#define ARGS(type, decoder) \
	type a; \
	memset(&a, 0, sizeof a); \
	if (!loopback_decode(XDRPROC(decoder), &a, len)) \
		return RPC_CANTDECODEARGS

/* Device memory for [addr, addr + len) when it is allocated, else NULL. */
static unsigned char *device_span(uint64_t addr, uint64_t len)
{
	if (loopback_block(loopback_allocations, addr, len ? len : 1) == NULL)
		return NULL;
	return loopback_device(addr);
}

static int put(struct logged_call *l, uint64_t dst, const cu_bytes *data)
{
	unsigned char *d = device_span(dst, data->cu_bytes_len);

	l->addr = dst;
	l->len = data->cu_bytes_len;
	if (loopback_injected_failure())
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	if (data->cu_bytes_len == 0)
		return CUDA_SUCCESS;
	if (d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(d, data->cu_bytes_val, data->cu_bytes_len);
	return CUDA_SUCCESS;
}

/* Answers size bytes at src, and loopback.dtoh_extra_bytes more if asked to misbehave. */
static enum clnt_stat get(struct logged_call *l, uint64_t src, uint64_t size,
    xdrproc_t xres, void *resp)
{
	unsigned char *d = device_span(src, size);
	u_int n = (u_int)size + loopback.dtoh_extra_bytes;
	res_data r = { CUDA_SUCCESS, { { n, NULL } } };
	enum clnt_stat st;

	l->addr = src;
	l->len = size;
	if (loopback_injected_failure())
		r.err = CUDA_ERROR_ILLEGAL_ADDRESS;
	else if (d == NULL && size != 0)
		r.err = CUDA_ERROR_INVALID_VALUE;
	else if ((r.res_data_u.data.data_val = calloc(1, n + 1)) == NULL)
		abort();
	else if (size != 0)
		memcpy(r.res_data_u.data.data_val, d, size);
	st = loopback_answer(XDRPROC(xdr_res_data), &r, xres, resp);
	free(r.res_data_u.data.data_val);
	return st;
}

static int move(struct logged_call *l, uint64_t dst, uint64_t src, uint64_t size)
{
	unsigned char *to = device_span(dst, size), *from = device_span(src, size);

	l->addr = dst;
	l->len = size;
	if (size == 0)
		return CUDA_SUCCESS;
	if (to == NULL || from == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memmove(to, from, size);
	return CUDA_SUCCESS;
}

/* The device memory a 2D region spans when it is allocated, else NULL. */
static unsigned char *region_span(const dev_region *r, uint64_t width, uint64_t height)
{
	if (r->pitch < width)
		return NULL;
	if (width == 0 || height == 0)
		return loopback.device;
	if (device_span(r->base + r->y * r->pitch + r->x_bytes,
	    (height - 1) * r->pitch + width) == NULL)
		return NULL;
	return loopback_device(r->base);
}

static void log_region(struct logged_call *l, const dev_region *r, uint64_t width,
    uint64_t height, cu_handle stream, bool_t async)
{
	l->addr = r->base;
	l->x = r->x_bytes;
	l->y = r->y;
	l->width = width;
	l->height = height;
	l->len = width * height;
	l->stream = stream;
	l->async = async;
}

/* Moves packed rows to or from a region (of the fake device). */
static void move_2d(const dev_region *r, unsigned char *packed, uint64_t width,
    uint64_t height, bool to_device)
{
	for (uint64_t row = 0; width != 0 && row < height; row++) {
		unsigned char *d = loopback_device(r->base) + (r->y + row) * r->pitch + r->x_bytes;

		if (to_device)
			memcpy(d, packed + row * width, width);
		else
			memcpy(packed + row * width, d, width);
	}
}

static enum clnt_stat serve_copy(rpcproc_t proc, u_int len, xdrproc_t xres,
    void *resp, struct logged_call *l)
{
	switch (proc) {
	case CU_MEMCPY_HTOD: {
		ARGS(cu_memcpy_htod_argument, xdr_cu_memcpy_htod_argument);
		res_none r = { put(l, a.dst, &a.data) };

		xdr_free(XDRPROC(xdr_cu_memcpy_htod_argument), (char *)&a);
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEMCPY_HTOD_ASYNC: {
		ARGS(cu_memcpy_htod_async_argument, xdr_cu_memcpy_htod_async_argument);
		res_none r = { put(l, a.dst, &a.data) };

		l->stream = a.stream;
		l->async = true;
		xdr_free(XDRPROC(xdr_cu_memcpy_htod_async_argument), (char *)&a);
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEMCPY_DTOH: {
		ARGS(cu_memcpy_dtoh_argument, xdr_cu_memcpy_dtoh_argument);

		return get(l, a.src, a.size, xres, resp);
	}
	case CU_MEMCPY_DTOH_ASYNC: {
		ARGS(cu_memcpy_dtoh_async_argument, xdr_cu_memcpy_dtoh_async_argument);

		l->stream = a.stream;
		l->async = true;
		return get(l, a.src, a.size, xres, resp);
	}
	case CU_MEMCPY_DTOD: {
		ARGS(cu_memcpy_dtod_argument, xdr_cu_memcpy_dtod_argument);
		res_none r = { move(l, a.dst, a.src, a.size) };

		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEMCPY_DTOD_ASYNC: {
		ARGS(cu_memcpy_dtod_async_argument, xdr_cu_memcpy_dtod_async_argument);
		res_none r = { move(l, a.dst, a.src, a.size) };

		l->stream = a.stream;
		l->async = true;
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEMCPY_2D_HTOD: {
		ARGS(cu_memcpy_2d_htod_argument, xdr_cu_memcpy_2d_htod_argument);
		res_none r = { CUDA_SUCCESS };

		log_region(l, &a.dst, a.width, a.height, a.stream, a.async);
		if (loopback_injected_failure())
			r.err = CUDA_ERROR_ILLEGAL_ADDRESS;
		else if (a.rows.cu_bytes_len != a.width * a.height ||
		    region_span(&a.dst, a.width, a.height) == NULL)
			r.err = CUDA_ERROR_INVALID_VALUE;
		else
			move_2d(&a.dst, (unsigned char *)a.rows.cu_bytes_val, a.width, a.height, true);
		xdr_free(XDRPROC(xdr_cu_memcpy_2d_htod_argument), (char *)&a);
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEMCPY_2D_DTOH: {
		ARGS(cu_memcpy_2d_dtoh_argument, xdr_cu_memcpy_2d_dtoh_argument);
		u_int n = (u_int)(a.width * a.height);
		res_data r = { CUDA_SUCCESS, { { n, calloc(1, n + 1) } } };
		enum clnt_stat st;

		log_region(l, &a.src, a.width, a.height, a.stream, a.async);
		if (loopback_injected_failure())
			r.err = CUDA_ERROR_ILLEGAL_ADDRESS;
		else if (region_span(&a.src, a.width, a.height) == NULL)
			r.err = CUDA_ERROR_INVALID_VALUE;
		else
			move_2d(&a.src, (unsigned char *)r.res_data_u.data.data_val, a.width, a.height, false);
		st = loopback_answer(XDRPROC(xdr_res_data), &r, xres, resp);
		free(r.res_data_u.data.data_val);
		return st;
	}
	case CU_MEMCPY_2D_DTOD: {
		ARGS(cu_memcpy_2d_dtod_argument, xdr_cu_memcpy_2d_dtod_argument);
		res_none r = { CUDA_SUCCESS };
		unsigned char *row = malloc(a.width + 1);

		log_region(l, &a.dst, a.width, a.height, a.stream, a.async);
		if (region_span(&a.dst, a.width, a.height) == NULL ||
		    region_span(&a.src, a.width, a.height) == NULL)
			r.err = CUDA_ERROR_INVALID_VALUE;
		for (uint64_t y = 0; r.err == CUDA_SUCCESS && y < a.height; y++) {
			dev_region from = a.src, to = a.dst;

			from.y += y;
			to.y += y;
			move_2d(&from, row, a.width, 1, false);
			move_2d(&to, row, a.width, 1, true);
		}
		free(row);
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_STREAM_SYNCHRONIZE: {
		ARGS(cu_handle, xdr_cu_handle);
		res_none r = { CUDA_SUCCESS };

		l->stream = a;
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	}
	fprintf(stderr, "loopback: procedure %u is not served\n", (unsigned int)proc);
	return RPC_PROCUNAVAIL;
}

static void attribute(int attr, uint64_t ptr, ptr_attr_value *v, int *err)
{
	struct block *m = loopback_block(loopback_mirrors, ptr, 1);
	struct block *d = loopback_block(loopback_allocations, ptr, 1);

	*v = (ptr_attr_value){ attr == CU_POINTER_ATTRIBUTE_MEMORY_TYPE ? 4 : 8, 0 };
	if (m == NULL && d == NULL) {
		*err = CUDA_ERROR_INVALID_VALUE;
		return;
	}
	switch (attr) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
		v->value = FAKE_CONTEXT;
		break;
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
		v->value = m ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
		break;
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
		v->value = ptr;
		break;
	case CU_POINTER_ATTRIBUTE_HOST_POINTER:
		if (m == NULL)
			*err = CUDA_ERROR_INVALID_VALUE;
		v->value = ptr;
		break;
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
		v->value = m ? m->base : d->base;
		break;
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
		v->value = m ? m->size : d->size;
		break;
	default:
		*err = CUDA_ERROR_INVALID_VALUE;
		break;
	}
}

static enum clnt_stat serve_memory(rpcproc_t proc, u_int len, xdrproc_t xres,
    void *resp, struct logged_call *l)
{
	struct block *b;

	switch (proc) {
	case CU_MEM_ALLOC: {
		ARGS(cu_size, xdr_cu_size);
		res_dptr r = { CUDA_ERROR_INVALID_VALUE, { 0 } };

		l->len = a;
		if (a != 0 && (b = loopback_new_allocation(a)) != NULL)
			r = (res_dptr){ CUDA_SUCCESS, { b->base } };
		return loopback_answer(XDRPROC(xdr_res_dptr), &r, xres, resp);
	}
	case CU_MEM_ALLOC_PITCH: {
		ARGS(cu_mem_alloc_pitch_argument, xdr_cu_mem_alloc_pitch_argument);
		res_pitched_alloc r = { CUDA_ERROR_INVALID_VALUE, { { 0, 0 } } };
		uint64_t pitch = (a.width + FAKE_PITCH_ALIGN - 1) / FAKE_PITCH_ALIGN * FAKE_PITCH_ALIGN;

		if (a.width != 0 && a.height != 0 &&
		    (b = loopback_new_allocation(pitch * a.height)) != NULL)
			r = (res_pitched_alloc){ CUDA_SUCCESS, { { b->base, pitch } } };
		return loopback_answer(XDRPROC(xdr_res_pitched_alloc), &r, xres, resp);
	}
	case CU_MEM_FREE: {
		ARGS(cu_dptr, xdr_cu_dptr);
		res_none r = { CUDA_SUCCESS };

		l->addr = a;
		b = loopback_block(loopback_allocations, a, 1);
		if (b != NULL && b->base == a)
			b->live = false;
		else if (a != 0)
			r.err = CUDA_ERROR_INVALID_VALUE;
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEM_GET_INFO: {
		res_mem_info r = { CUDA_SUCCESS, { { 1000, 2000 } } };

		return loopback_answer(XDRPROC(xdr_res_mem_info), &r, xres, resp);
	}
	case CU_MEM_GET_ADDRESS_RANGE: {
		ARGS(cu_dptr, xdr_cu_dptr);
		res_dev_range r = { CUDA_ERROR_NOT_FOUND, { { 0, 0 } } };

		if ((b = loopback_block(loopback_allocations, a, 1)) != NULL)
			r = (res_dev_range){ CUDA_SUCCESS, { { b->base, b->size } } };
		return loopback_answer(XDRPROC(xdr_res_dev_range), &r, xres, resp);
	}
	case CU_MEM_HOST_ALLOC:
	case CU_MEM_HOST_REGISTER: {
		/* The two argument lists are the same: size, flags. */
		ARGS(cu_mem_host_alloc_argument, xdr_cu_mem_host_alloc_argument);
		res_handle r = { CUDA_SUCCESS, { 0 } };

		l->len = a.size;
		if (a.size == 0 && proc == CU_MEM_HOST_REGISTER)
			r.err = CUDA_ERROR_INVALID_VALUE;
		else if (a.size != 0 && (b = loopback_new_mirror(a.size)) != NULL) {
			b->flags = a.flags;
			b->registered = proc == CU_MEM_HOST_REGISTER;
			r.res_handle_u.value = b->base;
		}
		return loopback_answer(XDRPROC(xdr_res_handle), &r, xres, resp);
	}
	case CU_MEM_HOST_ALLOC_AT: {
		/*
		 * The client's own address is taken in this process, which is
		 * also the client's: the answer of a server that has it in use.
		 */
		ARGS(cu_mem_host_alloc_at_argument,
		    xdr_cu_mem_host_alloc_at_argument);
		res_handle r = { CUDA_ERROR_ALREADY_MAPPED, { 0 } };

		l->len = a.size;
		return loopback_answer(XDRPROC(xdr_res_handle), &r, xres, resp);
	}
	case CU_MEM_FREE_HOST:
	case CU_MEM_HOST_UNREGISTER: {
		ARGS(cu_hostptr, xdr_cu_hostptr);
		res_none r = { CUDA_SUCCESS };

		l->addr = a;
		b = loopback_block(loopback_mirrors, a, 1);
		if (b != NULL && b->base == a && b->registered == (proc == CU_MEM_HOST_UNREGISTER))
			b->live = false;
		else
			r.err = CUDA_ERROR_INVALID_VALUE;
		return loopback_answer(XDRPROC(xdr_res_none), &r, xres, resp);
	}
	case CU_MEM_HOST_GET_DEVICE_POINTER: {
		ARGS(cu_mem_host_get_device_pointer_argument,
		    xdr_cu_mem_host_get_device_pointer_argument);
		res_dptr r = { CUDA_ERROR_INVALID_VALUE, { 0 } };

		l->addr = a.ptr;
		/* Unified addressing: the device sees the memory at its host address. */
		if (a.flags == 0 && loopback_block(loopback_mirrors, a.ptr, 1) != NULL)
			r = (res_dptr){ CUDA_SUCCESS, { a.ptr } };
		return loopback_answer(XDRPROC(xdr_res_dptr), &r, xres, resp);
	}
	case CU_MEM_HOST_GET_FLAGS: {
		ARGS(cu_hostptr, xdr_cu_hostptr);
		res_uint r = { CUDA_ERROR_INVALID_VALUE, { 0 } };

		l->addr = a;
		if ((b = loopback_block(loopback_mirrors, a, 1)) != NULL)
			r = (res_uint){ CUDA_SUCCESS, { (u_int)b->flags } };
		return loopback_answer(XDRPROC(xdr_res_uint), &r, xres, resp);
	}
	case CU_POINTER_GET_ATTRIBUTE: {
		ARGS(cu_pointer_get_attribute_argument,
		    xdr_cu_pointer_get_attribute_argument);
		res_ptr_attr r = { CUDA_SUCCESS, { { 0, 0 } } };

		l->addr = a.ptr;
		attribute(a.attribute, a.ptr, &r.res_ptr_attr_u.value, &r.err);
		return loopback_answer(XDRPROC(xdr_res_ptr_attr), &r, xres, resp);
	}
	case CU_POINTER_GET_ATTRIBUTES: {
		ARGS(cu_pointer_get_attributes_argument,
		    xdr_cu_pointer_get_attributes_argument);
		ptr_attr_value v[ONCUDA_POINTER_ATTRS_MAX];
		u_int n = a.attributes.pointer_attributes_len;
		res_ptr_attrs r = { CUDA_SUCCESS, { { n, v } } };
		enum clnt_stat st;

		l->addr = a.ptr;
		l->len = n;
		if (n == 0)
			r.err = CUDA_ERROR_INVALID_VALUE;
		for (u_int i = 0; i < n; i++) {
			int err = CUDA_SUCCESS;

			/* Unknown memory answers zeros, as the driver's does. */
			attribute(a.attributes.pointer_attributes_val[i], a.ptr, &v[i], &err);
			if (err != CUDA_SUCCESS)
				v[i].value = 0;
		}
		st = loopback_answer(XDRPROC(xdr_res_ptr_attrs), &r, xres, resp);
		xdr_free(XDRPROC(xdr_cu_pointer_get_attributes_argument), (char *)&a);
		return st;
	}
	}
	return serve_copy(proc, len, xres, resp, l);
}

enum clnt_stat loopback_serve(rpcproc_t proc, u_int len, xdrproc_t xres, void *resp)
{
	return serve_memory(proc, len, xres, resp, loopback_log(proc));
}
