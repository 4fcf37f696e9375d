/*
 * server/svc/svc_jit.h -- JIT and library options for the load procedures
 * (svc_jit.c).
 */
#ifndef ONCUDA_SERVER_SVC_SVC_JIT_H
#define ONCUDA_SERVER_SVC_SVC_JIT_H

#include <cuda.h>

#include "gen/cuda_names.h"

struct jit_call {
	unsigned int count;
	CUjit_option options[ONCUDA_JIT_OPTIONS_MAX];
	void *values[ONCUDA_JIT_OPTIONS_MAX];
	const jit_option *sent;		/* what the client sent */
	char *info_log;			/* server log buffers, or NULL */
	char *error_log;
};

CUresult jit_prepare(struct jit_call *call, const jit_options *sent);
/* Fills out (values, logs) after the driver ran; always leaves out freeable. */
CUresult jit_finish(struct jit_call *call, jit_output *out);
void jit_release(struct jit_call *call);

#endif
