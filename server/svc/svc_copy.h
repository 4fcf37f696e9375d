/*
 * server/svc/svc_copy.h -- host buffers for the copies (svc_copy.c says why),
 * shared with the 2D copies.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_COPY_H
#define ONCUDA_SERVER_SVC_SVC_COPY_H

#include <cuda.h>

#include "gen/cuda_names.h"

/* A malloc'ed buffer of size bytes, or NULL. */
char *host_buffer(cu_size size);

/*
 * A copy of size bytes for an upload that a stream reads after the
 * arguments are gone, counted against limits.upload until it is freed by
 * free_after_upload.  NULL when out of memory, or when the client's uploads
 * in flight would pass the limit: the caller then copies from the
 * arguments and waits for the stream (upload_in_place).
 */
char *upload_copy(const char *bytes, cu_size size);

/*
 * queued is the outcome of queueing an upload from buf (an upload_copy) on
 * stream: frees buf at once when it failed (and returns it), otherwise from
 * the stream once the upload has run.
 */
CUresult free_after_upload(CUresult queued, CUstream stream, void *buf);

/* queued is the outcome of queueing an upload from the arguments on
 * stream: waits for it, since the arguments die when the call returns. */
CUresult upload_in_place(CUresult queued, CUstream stream);

/* Puts buf, size bytes, in the reply when r->err is CUDA_SUCCESS; frees it
 * otherwise. */
void reply_with(res_data *r, char *buf, cu_size size);

#endif
