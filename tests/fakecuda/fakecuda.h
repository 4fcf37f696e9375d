/*
 * fakecuda.h - internals of the CPU stand-in for the NVIDIA driver.
 *
 * The stand-in is a test double built as libcuda.so.1 for machines without
 * a GPU.  Device memory is host memory (a device pointer is a host address),
 * kernels are host functions found by name in kernels.c, and every call runs
 * to completion before it returns, so streams and events are bookkeeping.
 *
 * One mutex guards all state.  Handles given to the caller are serial
 * numbers, never addresses, so a stale or forged handle is answered with an
 * error instead of being dereferenced.
 */
#ifndef FAKECUDA_H
#define FAKECUDA_H

#include <cuda.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* Built with -fvisibility=hidden: only the driver entry points are exported. */
#define FC_API __attribute__((visibility("default")))

/* The device this stand-in pretends to be: a Hopper-class GPU (FAKECUDA_DEVICES of them). */
#define FC_DRIVER_VERSION          CUDA_VERSION
#define FC_MAX_DEVICES             8       /* FAKECUDA_DEVICES at most */
#define FC_DEVICE_NAME             "oncuda CPU stand-in"
#define FC_PCI_BUS_ID_FORMAT       "0000:%02x:00.0" /* bus: the device's number */
#define FC_TOTAL_MEMORY            (16ULL << 30)
#define FC_DEVICE_BUDGET           (64ULL << 20) /* per process (device_notify.c) */
#define FC_CONTEXT_OVERHEAD        (64ULL << 20)
#define FC_SM_COUNT                132
#define FC_WARP_SIZE               32
#define FC_MAX_THREADS_PER_BLOCK   1024
#define FC_MAX_THREADS_PER_SM      2048
#define FC_MAX_BLOCKS_PER_SM       32
#define FC_REGS_PER_SM             65536
#define FC_SMEM_PER_BLOCK          49152
#define FC_SMEM_PER_BLOCK_OPTIN    232448
#define FC_SMEM_PER_SM             233472
#define FC_SMEM_RESERVED_PER_BLOCK 1024
#define FC_MAX_GRID_X              2147483647u
#define FC_MAX_GRID_YZ             65535u
#define FC_MAX_BLOCK_XY            1024u
#define FC_MAX_BLOCK_Z             64u
#define FC_MAX_PITCH               2147483647u
#define FC_PITCH_ALIGNMENT         512
#define FC_PORTABLE_CLUSTER_SIZE   8
#define FC_MAX_CLUSTER_SIZE        16
#define FC_KERNEL_REGS             16

/* ---- state.c: lock, initialisation, handles ---- */

enum fc_kind {
	FC_KIND_CONTEXT,
	FC_KIND_MODULE,
	FC_KIND_FUNCTION,
	FC_KIND_LIBRARY,
	FC_KIND_KERNEL,
	FC_KIND_STREAM,
	FC_KIND_EVENT,
	FC_KIND_GRAPH,
	FC_KIND_GRAPH_NODE,
	FC_KIND_GRAPH_EXEC,
	FC_KIND_MEM_POOL,
	FC_KIND_MEM_ALLOCATION,
	FC_KIND_USER_OBJECT,
	FC_KIND_ARRAY,
	FC_KIND_MIPMAPPED_ARRAY,
	FC_KIND_TEX_OBJECT,
	FC_KIND_SURF_OBJECT,
	FC_KIND_LINK,
	FC_KIND_GREEN_CTX,
	FC_KIND_RESOURCE_DESC,
	FC_KIND_TEXREF		/* texture and surface references */
};

void fc_lock(void);
void fc_unlock(void);
CUresult fc_check_init(void);
CUresult fc_check_device(CUdevice dev);

/* ---- log_callbacks.c: the error log ---- */

/* Logs message for entry point api, outside the lock (it calls the
 * registered functions). */
void fc_log_error(const char *api, const char *message);
/* Up to room bytes of the log from byte from; how many. */
size_t fc_log_copy(size_t from, char *out, size_t room);
size_t fc_log_end(void);		/* bytes logged so far */

/* ---- device_notify.c ---- */

/* This process's device memory on dev grew (or shrank) by bytes, under
 * the lock: past the budget, the notifications run. */
void fc_device_budget_note(CUdevice dev, long long bytes);

/* ---- visible.c: FAKECUDA_DEVICES and CUDA_VISIBLE_DEVICES ---- */

void fc_visible_init(void);             /* by cuInit, under the lock */
int fc_device_count(void);              /* devices this process sees */
int fc_physical_device(CUdevice dev);   /* a checked visible ordinal's machine number */
void fc_device_uuid(int physical, CUuuid *uuid);
void fc_device_uuid_text(int physical, char *text, size_t size); /* "GPU-..." */

/* Returns 0 when out of memory. */
uintptr_t fc_handle_new(enum fc_kind kind, void *object);
void *fc_handle_lookup(uintptr_t handle, enum fc_kind kind);
void fc_handle_drop(uintptr_t handle);

/* ---- context.c, ctx_current.c ---- */

struct fc_module;
struct fc_stream;
struct fc_event;

struct fc_context {
	uintptr_t handle;
	CUdevice device;
	unsigned int flags;
	bool is_primary;
	unsigned int primary_refs;	/* primary only; 0 means inactive */
	CUresult sticky_error;		/* a kernel fault poisons the context */
	size_t limits[CU_LIMIT_MAX];
	struct fc_module *modules;
	struct fc_stream *streams;
	struct fc_event *events;
	struct fc_context *next;
};

/* Every context, the primary one included, active or not. */
extern struct fc_context *fc_contexts;

struct fc_context *fc_context_lookup(CUcontext handle);
CUresult fc_context_current(struct fc_context **ctx);
CUresult fc_context_usable(struct fc_context **ctx);
CUresult fc_context_resolve(CUcontext handle, struct fc_context **ctx);
void fc_context_setup(struct fc_context *ctx, unsigned int flags);
void fc_context_teardown(struct fc_context *ctx);
void fc_current_pop_if_top(uintptr_t handle);
CUresult fc_current_push(uintptr_t handle);

/* ---- ctx_config.c: affinity and other per-context settings ---- */

CUresult fc_exec_affinity_check(const CUctxCreateParams *params);
void fc_exec_affinity_record(const struct fc_context *ctx,
    const CUctxCreateParams *params);

/* ---- accounting.c: device memory use shared by all processes ---- */

/* Per device, by the ordinal the process sees (CUDA_VISIBLE_DEVICES). */
CUresult fc_accounting_charge(CUdevice dev, size_t bytes);
void fc_accounting_release(CUdevice dev, size_t bytes);
size_t fc_accounting_used(CUdevice dev);

/* ---- graph_more.c ---- */

/* Whether dptr is the address a graph allocation node handed out. */
bool fc_graph_mem_known(CUdeviceptr dptr);

/* ---- alloc_table.c ---- */

enum fc_mem_kind {
	FC_MEM_DEVICE,
	FC_MEM_HOST_PINNED,
	FC_MEM_HOST_REGISTERED,
	FC_MEM_MODULE_GLOBALS,
	FC_MEM_VMM_MAPPING,	/* a mapping of vmm.c's; not charged, not unmapped */
	FC_MEM_MANAGED		/* cuMemAllocManaged's (managed.c) */
};

struct fc_alloc {
	uintptr_t base;
	size_t size;			/* what the caller asked for */
	size_t mapped;			/* pages we mapped; 0 for registered */
	enum fc_mem_kind kind;
	struct fc_context *ctx;
	unsigned int flags;
	unsigned long long buffer_id;
	bool sync_memops;		/* cuPointerSetAttribute(SYNC_MEMOPS) */
};

CUresult fc_alloc_create(struct fc_context *ctx, enum fc_mem_kind kind,
    size_t size, unsigned int flags, struct fc_alloc **out);
CUresult fc_alloc_register(struct fc_context *ctx, void *p, size_t size,
    unsigned int flags);
/* bytes of fresh zeroed memory in the device window, recorded nowhere. */
void *fc_alloc_window(size_t bytes);
/* Records an allocation of kind at `at`, inside memory the caller owns
 * (mapped stays 0: nothing is unmapped at its free). */
CUresult fc_alloc_place(struct fc_context *ctx, enum fc_mem_kind kind,
    uintptr_t at, size_t size, unsigned int flags, struct fc_alloc **out);
void fc_alloc_destroy(struct fc_alloc *a);
struct fc_alloc *fc_alloc_find(uintptr_t addr);
bool fc_alloc_covers(uintptr_t addr, size_t bytes);
void fc_alloc_release_context(struct fc_context *ctx);

/* ---- kernels.c: the stand-in's whole instruction set ---- */

/* kernels.c's own fifteen, kernels_runtime.h's, kernels_texture.h's,
 * kernels_graph.h's and kernels_texref.h's. */
#define FC_KERNEL_COUNT     23
#define FC_MAX_PARAMS       8
#define FC_PARAM_BUFFER_MAX 4096
#define FC_GLOBALS_BYTES    16

struct fc_launch {
	unsigned int grid[3];
	unsigned int block[3];
	unsigned int dynamic_shared_bytes;
	unsigned char *globals;		/* the launching module's globals */
	unsigned char *managed;		/* and its managed variables */
	const struct fc_module *module;	/* the launching module (its references) */
	const unsigned char *params;	/* FC_PARAM_BUFFER_MAX bytes, packed */
};

struct fc_param {
	size_t offset;
	size_t size;
};

struct fc_kernel_def {
	const char *name;
	CUresult (*run)(const struct fc_launch *launch);
	unsigned int param_count;
	struct fc_param params[FC_MAX_PARAMS];
	unsigned int static_shared_bytes;
};

struct fc_global_def {
	const char *name;
	size_t offset;
	size_t size;
	int32_t initial;
	bool managed;		/* __managed__: in the module's managed block */
};

extern const struct fc_kernel_def fc_kernel_defs[FC_KERNEL_COUNT];
extern const struct fc_global_def fc_global_defs[];
extern const size_t fc_global_count;

int fc_kernel_index(const char *name);
size_t fc_kernel_params_end(const struct fc_kernel_def *def);

/* ---- module.c, library.c, function.c ---- */

struct fc_func_attrs {
	int values[CU_FUNC_ATTRIBUTE_MAX];
	CUfunc_cache cache_config;
};

struct fc_function {
	uintptr_t handle;
	struct fc_module *module;
	const struct fc_kernel_def *def;
	struct fc_func_attrs *attrs;	/* own_attrs, or its library kernel's */
	struct fc_func_attrs own_attrs;
};

struct fc_library;

struct fc_module {
	uintptr_t handle;
	struct fc_context *ctx;
	struct fc_library *library;	/* NULL unless loaded by a library */
	struct fc_alloc *globals;
	struct fc_alloc *managed;	/* its __managed__ variables */
	struct fc_function functions[FC_KERNEL_COUNT];
	struct fc_module *next;
};

struct fc_kernel {
	uintptr_t handle;
	struct fc_library *library;
	const struct fc_kernel_def *def;
	struct fc_func_attrs attrs;
};

struct fc_library {
	uintptr_t handle;
	struct fc_kernel kernels[FC_KERNEL_COUNT];
};

CUresult fc_image_check(const void *image, size_t *bytes);
CUresult fc_jit_check(unsigned int count, const CUjit_option *options,
    void **values);
void fc_jit_report(unsigned int count, const CUjit_option *options,
    void **values, const char *info, const char *error);
CUresult fc_image_load(const void *image, unsigned int count,
    const CUjit_option *options, void **values);
CUresult fc_module_create(struct fc_context *ctx, struct fc_library *library,
    struct fc_module **out);
void fc_module_destroy(struct fc_module *mod);
CUresult fc_module_global(struct fc_module *mod, const char *name,
    CUdeviceptr *dptr, size_t *bytes);
CUresult fc_library_module(struct fc_library *lib, struct fc_context *ctx,
    struct fc_module **out);
void fc_func_attrs_init(struct fc_func_attrs *attrs,
    const struct fc_kernel_def *def);
CUresult fc_func_attr_get(const struct fc_func_attrs *attrs,
    CUfunction_attribute attrib, int *value);
CUresult fc_func_attr_set(struct fc_func_attrs *attrs,
    const struct fc_kernel_def *def, CUfunction_attribute attrib, int value);
CUresult fc_param_info(const struct fc_kernel_def *def, size_t index,
    size_t *offset, size_t *size);
CUresult fc_function_resolve(CUfunction handle, struct fc_context *ctx,
    struct fc_function **out);

/* ---- stream.c, event.c ---- */

struct fc_capture;
struct fc_node;

struct fc_stream {
	uintptr_t handle;
	struct fc_context *ctx;
	unsigned int flags;
	int priority;
	/* Capture (capture.c): the sequence it takes part in, and the nodes
	 * its next captured work depends on. */
	struct fc_capture *capture;
	struct fc_node **capture_deps;
	/* cuStreamGetCaptureInfo's answers: the set as handles, and edge
	 * data (all zeros) parallel to it. */
	CUgraphNode *capture_handles;
	CUgraphEdgeData *capture_edges;
	size_t capture_ndeps, capture_cap;
	struct fc_stream *next;
};

struct fc_event {
	uintptr_t handle;
	struct fc_context *ctx;
	unsigned int flags;
	bool recorded;
	struct timespec when;
	/* Recorded during a capture: which one, and the handles of the nodes
	 * a wait on it joins (handles, as those nodes may be destroyed). */
	unsigned long long capture_id;
	uintptr_t *capture_deps;
	size_t capture_ndeps;
	struct fc_event *next;
};

CUresult fc_stream_check(CUstream handle, struct fc_context *ctx);
void fc_stream_destroy_all(struct fc_context *ctx);
void fc_event_destroy_all(struct fc_context *ctx);
struct fc_event *fc_event_lookup(CUevent handle);

/* ---- capture.c: what other files ask of stream capture ---- */

/* A "potentially unsafe" call (a synchronous copy, an allocation, ...):
 * CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED while the thread's capture mode
 * forbids it, and the captures that forbid it are invalidated. */
CUresult fc_capture_check_unsafe(void);
/* Synchronizing or querying a stream: illegal on a capturing one. */
CUresult fc_capture_check_wait(CUstream handle, struct fc_context *ctx);
/* Synchronizing or querying an event recorded in an active capture. */
CUresult fc_capture_check_event(struct fc_event *e);
/* cuEventRecord(WithFlags) and cuStreamWaitEvent on a capturing stream,
 * or a wait that forks a stream into a capture; *done when handled. */
CUresult fc_capture_record(CUstream handle, struct fc_context *ctx,
    struct fc_event *e, unsigned int flags, bool *done);
CUresult fc_capture_wait(CUstream handle, struct fc_context *ctx,
    struct fc_event *e, unsigned int flags);
void fc_capture_stream_gone(struct fc_stream *s);
void fc_capture_event_gone(struct fc_event *e);

#endif /* FAKECUDA_H */
