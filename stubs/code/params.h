/*
 * params.h - kernel parameter layouts, and packing a launch's arguments.
 *
 * A program passes kernel arguments as kernelParams, an array of pointers
 * into its own memory, which cannot cross the wire.  The client therefore
 * asks the server once per function or kernel where each parameter lives in
 * the parameter buffer (CU_PARAM_LAYOUT), keeps the answer, and copies each
 * argument to its place in one buffer that travels in kernel_args.
 *
 * The cache is keyed by handle.  When a module or library is unloaded its
 * handles die and the server may give the same values to new functions, so
 * the unload (or a context's death) empties the whole cache: simpler than tracking which handle
 * came from where, and a refetch costs one call per function.
 */
#ifndef ONCUDA_PARAMS_H
#define ONCUDA_PARAMS_H

#include <cuda.h>

#include "gen/cuda_names.h"

/*
 * Fills args for a launch of func (a CUfunction, or a CUkernel cast to one):
 * from kernelParams through func's layout, or from the buffer that extra
 * names (CU_LAUNCH_PARAM_BUFFER_POINTER / _SIZE / _END).  Both at once is
 * CUDA_ERROR_INVALID_VALUE, as in the driver.  On success the caller gives
 * args back with params_release().
 */
CUresult params_pack(CUfunction func, void **kernelParams, void **extra,
		     kernel_args *args);

/*
 * Frees what params_pack() allocated for args.  Arguments that fit in 4 KiB
 * are packed into a buffer of the calling thread, without allocating: they
 * stay valid until the thread's next params_pack().
 */
void params_release(kernel_args *args);

/*
 * Forgets every cached layout.  Called after unloading a module or library,
 * which ends the life of its functions or kernels; a context's death is
 * seen by the cache itself, from context_deaths() (context.h).
 */
void params_forget_all(void);

#endif /* ONCUDA_PARAMS_H */
