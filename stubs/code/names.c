/*
 * names.c -- what the driver says about loaded code: function and kernel
 * names, the module of a function, the library of a kernel, and the
 * functions of a module or kernels of a library by enumeration.
 *
 * The driver hands out names as strings it owns, valid while the module
 * or library lives; a program may keep the pointer that long.  The client
 * cannot know when the server's module goes (another thread may unload
 * it), so it keeps every name it hands out for the life of the process,
 * once per distinct name: a program asks about the kernels it has, whose
 * names are few.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/code/own_library.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

struct kept_name {
	struct kept_name *next;
	char text[];
};

static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kept_name *names;

/* The kept copy of name, made the first time; NULL when out of memory. */
static const char *keep_name(const char *name)
{
	struct kept_name *k;
	size_t len = strlen(name);

	pthread_mutex_lock(&names_lock);
	for (k = names; k != NULL; k = k->next) {
		if (strcmp(k->text, name) == 0)
			break;
	}
	if (k == NULL && (k = malloc(sizeof(*k) + len + 1)) != NULL) {
		memcpy(k->text, name, len + 1);
		k->next = names;
		names = k;
	}
	pthread_mutex_unlock(&names_lock);
	return k != NULL ? k->text : NULL;
}

/* Asks the name of a function (kernel: false) or kernel of code. */
static CUresult ask_name(const char **name, const void *code, bool kernel)
{
	res_symbol r;
	uint64_t value;
	CUresult e;
	struct call k;

	if (name == NULL || code == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((e = library_call_code(&k, code, NULL, ROUTE_HANDLE, &value,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, kernel ? cu_kernel_get_name(value, &r, k.c) :
	    cu_func_get_name(value, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS) {
		if ((*name = keep_name(r.res_symbol_u.value)) == NULL)
			e = CUDA_ERROR_OUT_OF_MEMORY;
	}
	xdr_free((xdrproc_t)xdr_res_symbol, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuFuncGetName(const char **name, CUfunction hfunc)
{
	return ask_name(name, hfunc, false);
}

ONCUDA_API CUresult cuKernelGetName(const char **name, CUkernel hfunc)
{
	return ask_name(name, hfunc, true);
}

ONCUDA_API CUresult cuFuncGetModule(CUmodule *hmod, CUfunction hfunc)
{
	unsigned server;
	res_handle r;
	uint64_t value;
	CUresult e;
	struct call k;

	if (hmod == NULL || hfunc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((e = library_call_code(&k, hfunc, NULL, ROUTE_HANDLE, &value,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	server = rpc_held_server();
	if ((e = call_end(&k, cu_func_get_module(value, &r, k.c))) !=
	    CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*hmod = (CUmodule)(uintptr_t)route_tag(r.res_handle_u.value,
		    server);
	return (CUresult)r.err;
}

/*
 * The client's own kernels and libraries (several servers, library.h)
 * answer for the client's own objects, which the server's do not name:
 * these two calls are refused for them.
 */
static bool own(const void *handle)
{
	return route_server_of(handle) == ROUTE_OWN;
}

ONCUDA_API CUresult cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel)
{
	struct route rt = ROUTE_INIT;
	res_handle r;
	uint64_t value;
	CUresult e;
	struct call k;

	if (pLib == NULL || kernel == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (own(kernel)) {
		oncuda_unsupported("cuKernelGetLibrary with several servers");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	route_handle(&rt, kernel, ROUTE_CODE);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS ||
	    (e = route_value(&rt, kernel, &value)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof(r));
	if ((e = call_begin_on(&k, (unsigned)rt.server, CALL_NO_REPLY)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, cu_kernel_get_library(value, &r, k.c))) !=
	    CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*pLib = (CUlibrary)(uintptr_t)route_tag(r.res_handle_u.value,
		    (unsigned)rt.server);
	return (CUresult)r.err;
}

/* Stores the handles of r, tagged with server, into out. */
static void handles_out(const res_handles *r, unsigned server, void **out,
    unsigned int room)
{
	unsigned int i, n = r->res_handles_u.value.cu_handles_len;

	for (i = 0; i < n && i < room; i++)
		out[i] = (void *)(uintptr_t)route_tag(
		    r->res_handles_u.value.cu_handles_val[i], server);
}

ONCUDA_API CUresult cuModuleEnumerateFunctions(CUfunction *functions,
    unsigned int numFunctions, CUmodule mod)
{
	unsigned server;
	res_handles r;
	CUresult e;
	struct call k;

	if (functions == NULL || mod == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((e = route_call_handles(&k, mod, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	server = rpc_held_server();
	e = call_end(&k, cu_module_enumerate_functions(route_strip(mod),
	    numFunctions, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS)
		handles_out(&r, server, (void **)functions, numFunctions);
	xdr_free((xdrproc_t)xdr_res_handles, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuLibraryEnumerateKernels(CUkernel *kernels,
    unsigned int numKernels, CUlibrary lib)
{
	unsigned server;
	res_handles r;
	uint64_t value;
	CUresult e;
	struct call k;

	if (kernels == NULL || lib == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (own(lib)) {
		oncuda_unsupported("cuLibraryEnumerateKernels with several "
		    "servers");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	memset(&r, 0, sizeof(r));
	if ((e = library_call_code(&k, lib, NULL, ROUTE_HANDLE, &value,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	server = rpc_held_server();
	e = call_end(&k, cu_library_enumerate_kernels(value, numKernels, &r,
	    k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS)
		handles_out(&r, server, (void **)kernels, numKernels);
	xdr_free((xdrproc_t)xdr_res_handles, (char *)&r);
	return e;
}
