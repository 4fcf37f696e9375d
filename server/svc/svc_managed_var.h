/*
 * server/svc/svc_managed_var.h -- the managed variables of libraries and
 * modules (svc_managed_var.c): a module's found, and what goes when a
 * library or module goes.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MANAGED_VAR_H
#define ONCUDA_SERVER_SVC_SVC_MANAGED_VAR_H

#include "gen/cuda_names.h"

/*
 * The library or module was unloaded (or its context destroyed): its
 * managed variables are no longer tracked.
 */
void managed_vars_library_gone(cu_handle library);

/*
 * The global of module at dptr (bytes) into *out: when it is a
 * __managed__ variable, tracked for the module and named as the range the
 * client keeps coherent (CU_MODULE_GET_GLOBAL); otherwise with no range.
 * An error of the driver's kind.
 */
CUresult managed_var_of_module(cu_handle module, CUdeviceptr dptr,
    size_t bytes, managed_var *out);

#endif
