/*
 * session.h -- what oncudad remembers about its one client.
 *
 * A server process serves exactly one client connection on one thread, so
 * the per-client state below is plain file-scope data in the svc_*.c file
 * that owns it, without locks.  This header is how those files reach each
 * other's state, and how the daemon releases everything when the client
 * goes away.
 */
#ifndef ONCUDA_SESSION_H
#define ONCUDA_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_rpc.h"

/*
 * Called once when the client disconnects, before the process exits:
 * frees this client's host memory, unloads its libraries, destroys the
 * contexts it created, undoes its primary-context retains and drops staged
 * images and cached parameter layouts.
 */
void session_teardown(void);

/*
 * The driver has destroyed ctx (cuCtxDestroy, or the last release of a
 * primary context): forget what lived in it.
 */
void session_context_gone(CUcontext ctx);

/* svc_memory.c: device allocations counted against --max-memory. */
void allocations_context_gone(CUcontext ctx);
void allocations_forget_all(void);

/* svc_context.c: contexts this client created, primary retains. */
void contexts_release_all(void);

/* svc_hostmem.c: page-locked host memory mirrors. */
void hostmem_context_gone(CUcontext ctx);
void hostmem_release_all(void);

/*
 * svc_local.c: size bytes at base, mapped and cuMemHostRegister'ed, become
 * page-locked memory of this client as if CU_MEM_HOST_REGISTER had made
 * them (memory_take already done): released by CU_MEM_HOST_UNREGISTER or
 * at teardown (unregister, munmap).  false: out of memory, nothing kept.
 */
bool hostmem_adopt_registered(void *base, size_t size);

/* The size of the mirror that starts at ptr; false when none does. */
bool hostmem_mirror_size(cu_hostptr ptr, size_t *size);

/*
 * The driver gave alias as the device address of ptr: when ptr lies in one
 * of this client's mirrors, the alias of the whole mirror becomes one of
 * the client's device ranges.  false: out of memory.
 */
bool hostmem_alias_given(cu_hostptr ptr, CUdeviceptr alias);

/* svc_mapped.c: mapped mirrors kept coherent; the mirror is going away. */
void mapped_mirror_gone(const void *mirror);

/* svc_image.c: the image being staged by CU_IMAGE_STAGE (at most
 * limits.image bytes). */

/*
 * Hands over the complete staged image (a malloc'ed buffer, NUL-terminated
 * one byte past *size so PTX text always ends) and forgets it.  Fails with
 * CUDA_ERROR_INVALID_VALUE when no complete image is staged, and with
 * CUDA_ERROR_INVALID_IMAGE when its headers point outside it.  Either way
 * the staged image is consumed.
 */
CUresult image_take(void **image, size_t *size);
void image_drop(void);

/* svc_jit.c: JIT and library options for the load procedures. */
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

/* svc_module.c: loaded modules and libraries with their images. */
void modules_context_gone(CUcontext ctx);
void libraries_unload_all(void);
void modules_drop_all(void);

/* svc_params.c: parameter layouts and kernel arguments. */
CUresult layout_get(cu_handle func, const param_slot **slots,
    unsigned int *count);
void layouts_flush(void);

struct launch_params {
	void **kernel_params;	/* for the driver's kernelParams, or NULL */
	void **extra;		/* for the driver's extra, or NULL */
};

/* The pointers stay valid until the next call and while args lives. */
CUresult params_prepare(cu_handle func, const kernel_args *args,
    struct launch_params *out);

/* svc_launch.c: a CUlaunchConfig from the wire, handles checked. */
CUresult launch_config_build(const launch_config *in, CUlaunchConfig *out,
    CUlaunchAttribute attrs[ONCUDA_LAUNCH_ATTRS_MAX]);

/* svc_copy.c: host buffers for the copies (why: see svc_copy.c). */

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

#endif /* ONCUDA_SESSION_H */
