/*
 * copy3d.h -- the copies CUDA_MEMCPY3D describes: cuMemcpy3D, the 2D
 * copies with an array side, the array copies (cuMemcpyHtoA, ...) and
 * cuMemcpy3DPeer.
 */
#ifndef ONCUDA_COPY3D_H
#define ONCUDA_COPY3D_H

#include <cuda.h>

#include "stubs/copy/copy_wire.h"

/*
 * Makes the copy c describes on stream s.  Contexts NULL: cuMemcpy3D's
 * copy in the current context; otherwise cuMemcpy3DPeer's.
 */
CUresult copy_3d(const CUDA_MEMCPY3D_PEER *c, const struct copy_stream *s);

/* A CUDA_MEMCPY2D as the 3D copy of depth 1 it is. */
void copy_3d_from_2d(const CUDA_MEMCPY2D *c, CUDA_MEMCPY3D_PEER *p);

#endif /* ONCUDA_COPY3D_H */
