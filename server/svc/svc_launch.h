/*
 * server/svc/svc_launch.h -- launch configurations from the wire (svc_launch.c).
 */
#ifndef ONCUDA_SERVER_SVC_SVC_LAUNCH_H
#define ONCUDA_SERVER_SVC_SVC_LAUNCH_H

#include <cuda.h>

#include "gen/cuda_names.h"

/* A CUlaunchConfig from the wire, handles checked. */
CUresult launch_config_build(const launch_config *in, CUlaunchConfig *out,
    CUlaunchAttribute attrs[ONCUDA_LAUNCH_ATTRS_MAX]);

#endif
