/*
 * server/svc/svc_managed_var.h -- the managed variables of libraries
 * (svc_managed_var.c): what goes when a library goes.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MANAGED_VAR_H
#define ONCUDA_SERVER_SVC_SVC_MANAGED_VAR_H

#include "gen/cuda_names.h"

/* The library was unloaded: its managed variables are no longer tracked. */
void managed_vars_library_gone(cu_handle library);

#endif
