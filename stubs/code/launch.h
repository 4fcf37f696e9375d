/*
 * launch.h - what the launches of launch.c share with the multi-device
 * cooperative launch (launch_multi.c).
 */
#ifndef ONCUDA_LAUNCH_H
#define ONCUDA_LAUNCH_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/*
 * What the client can tell without the device: a dimension of 0 is never
 * a shape the driver runs.
 */
bool launch_shape_possible(const cu_dim3 *grid, const cu_dim3 *block);

/*
 * Picks the server of a launch of f on stream and f's handle there (f may
 * be a kernel of the client's own, loaded there now if need be): *there is
 * that handle, tagged, for params_pack, and *value what to send.
 */
CUresult launch_route(CUfunction f, cu_handle stream, unsigned *server,
    CUfunction *there, uint64_t *value);

#endif
