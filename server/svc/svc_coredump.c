/*
 * svc_coredump.c -- cuCoredumpGet/SetAttribute(Global): the core dump
 * settings of this server process, whose driver writes the dumps on the
 * server machine.  Setting the file or pipe a dump goes to is refused: it
 * would let a client name any file the daemon may write.
 */
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/log.h"

bool_t cu_coredump_get_attribute_svc(bool_t global, int attrib,
    cu_size size, res_coredump_value *r, struct svc_req *rq)
{
	size_t n = size < ONCUDA_COREDUMP_VALUE_MAX ? (size_t)size :
	    ONCUDA_COREDUMP_VALUE_MAX;
	char *value;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((value = calloc(1, n > 0 ? n : 1)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = global ?
	    cuCoredumpGetAttributeGlobal((CUcoredumpSettings)attrib, value,
	    &n) :
	    cuCoredumpGetAttribute((CUcoredumpSettings)attrib, value, &n);
	if (r->err != CUDA_SUCCESS) {
		free(value);
		return TRUE;
	}
	/* The value is at most the buffer the driver was given. */
	r->res_coredump_value_u.value.value.value_val = value;
	r->res_coredump_value_u.value.value.value_len = (u_int)(size <
	    ONCUDA_COREDUMP_VALUE_MAX ? size : ONCUDA_COREDUMP_VALUE_MAX);
	r->res_coredump_value_u.value.size = n;
	return TRUE;
}

bool_t cu_coredump_set_attribute_svc(bool_t global, int attrib,
    cu_bytes value, res_size *r, struct svc_req *rq)
{
	size_t n = value.cu_bytes_len;
	char *copy;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (attrib == CU_COREDUMP_FILE || attrib == CU_COREDUMP_PIPE) {
		log_msg(LOG_INFO, "refused to set the core dump %s: a path on "
		    "the server", attrib == CU_COREDUMP_FILE ? "file" : "pipe");
		r->err = CUDA_ERROR_NOT_PERMITTED;
		return TRUE;
	}
	if (n > ONCUDA_COREDUMP_VALUE_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	/* The driver may write back through value: a buffer of our own. */
	if ((copy = calloc(1, n > 0 ? n : 1)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	memcpy(copy, value.cu_bytes_val, n);
	r->err = global ?
	    cuCoredumpSetAttributeGlobal((CUcoredumpSettings)attrib, copy,
	    &n) :
	    cuCoredumpSetAttribute((CUcoredumpSettings)attrib, copy, &n);
	free(copy);
	if (r->err == CUDA_SUCCESS)
		r->res_size_u.value = n;
	return TRUE;
}
