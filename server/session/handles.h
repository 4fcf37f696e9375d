/*
 * server/session/handles.h -- the handles this client was given.
 *
 * The driver trusts the handles it is passed: a forged or stale CUstream is a
 * wild pointer inside libcuda.  So every handle the server gives a client is
 * recorded here, and every handle a client sends is checked here before the
 * driver sees it (see the conventions at the top of idl/cuda.x).
 *
 * Handles form a tree that mirrors their lifetimes in the driver: a module,
 * stream or event belongs to the context it was made in, a function to its
 * module (or to the kernel it came from), a kernel to its library, a
 * texture or surface reference to the module that declares it.  Forgetting
 * a handle forgets everything below it, so destroying a context or unloading a
 * module leaves no stale children behind.  Contexts and libraries belong to
 * nothing (libraries are context-independent in CUDA).
 *
 * One registry per process, that is per client.  It is used only by the thread
 * that serves RPC requests and is not locked.
 */
#ifndef ONCUDA_SERVER_HANDLES_H
#define ONCUDA_SERVER_HANDLES_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>
#include "gen/cuda_names.h"

enum handle_kind {
	HANDLE_CONTEXT,
	HANDLE_MODULE,
	HANDLE_FUNCTION,
	HANDLE_LIBRARY,
	HANDLE_KERNEL,
	HANDLE_STREAM,
	HANDLE_EVENT,
	HANDLE_GRAPH,
	HANDLE_GRAPH_NODE,      /* owned by its graph */
	HANDLE_GRAPH_EXEC,
	HANDLE_MEM_POOL,        /* a device's pool outlives contexts */
	HANDLE_MEM_ALLOCATION,  /* a CUmemGenericAllocationHandle */
	HANDLE_USER_OBJECT,     /* until the program's references are released */
	HANDLE_ARRAY,           /* a level or plane is owned by its array */
	HANDLE_MIPMAPPED_ARRAY,
	HANDLE_TEX_OBJECT,      /* a CUtexObject's value */
	HANDLE_SURF_OBJECT,     /* a CUsurfObject's value */
	HANDLE_LINK_STATE,      /* a CUlinkState, tied to no context */
	HANDLE_GREEN_CTX,       /* a CUgreenCtx; owns the CUcontext made of it */
	HANDLE_DEV_RESOURCE_DESC, /* a CUdevResourceDesc, never destroyed */
	HANDLE_TEXREF,          /* a module's CUtexref, or a context's */
	HANDLE_SURFREF,         /* a module's CUsurfref */
};


/*
 * CUDA_SUCCESS if h was given to this client and is alive (or h == 0 and
 * null_ok; for HANDLE_STREAM, 0, CU_STREAM_LEGACY and CU_STREAM_PER_THREAD
 * are always fine); otherwise the driver's error for a bad handle of that
 * kind: CUDA_ERROR_INVALID_CONTEXT for contexts, CUDA_ERROR_INVALID_HANDLE
 * otherwise.  For HANDLE_FUNCTION a known CUkernel is accepted too (the CUDA
 * runtime passes CUkernel where CUfunction is expected).
 */
CUresult handle_check(enum handle_kind kind, cu_handle h, bool null_ok);

/*
 * Records a handle the driver just gave this client.  owner: the module,
 * library or kernel it came from, or 0 for the context current in this
 * process (none for contexts and libraries).  Recording a handle again with
 * the same owner changes nothing; with another owner, the driver has reused
 * the value of an object that died unseen, so the old entry and what it owned
 * are forgotten first.  false: the client holds limits.handles already (logged), or out of
 * memory.
 */
bool handle_add(enum handle_kind kind, cu_handle h, cu_handle owner);

/*
 * The handle that owns h (see handle_add) when h is known and its owner is
 * of kind owner_kind; 0 otherwise.
 */
cu_handle handle_owner(enum handle_kind kind, cu_handle h,
    enum handle_kind owner_kind);

/*
 * Whether h is known and is above, or is owned by it, or by what above
 * owns, and so on down (above of kind above_kind).
 */
bool handle_within(enum handle_kind kind, cu_handle h,
    enum handle_kind above_kind, cu_handle above);

/*
 * h, known, passes with everything it owns to owner (resolved as by
 * handle_add, and not h nor within it): the driver moved the object into
 * another, as a graph moved into a child graph node.  false: nothing
 * changed.
 */
bool handle_adopt(enum handle_kind kind, cu_handle h, cu_handle owner);

/* Forgets h and everything it owns; nothing happens if h is unknown. */
void handle_forget(enum handle_kind kind, cu_handle h);

/*
 * Calls each(h, arg) for every live handle of kind, in no order, until it
 * returns false: false then, true when it never did.
 */
bool handle_each(enum handle_kind kind, bool (*each)(cu_handle, void *),
    void *arg);

/* How many handles are recorded. */
size_t handle_count(void);

/* Forgets every handle and frees the registry (end of the session). */
void handle_clear(void);

#endif
