/*
 * host_memory.h -- how much memory this host can still give (host_memory.c).
 *
 * Managed memory through oncuda is held twice on each side, the bytes and
 * their shadow (stubs/mem/mapped.c), in host memory where the driver would
 * keep it on the GPU.  An allocation larger than the host can back is
 * refused at once with CUDA_ERROR_OUT_OF_MEMORY, as the driver refuses one
 * larger than it can back, instead of succeeding and later bringing the
 * kernel's out-of-memory killer to the server or the program.
 */
#ifndef ONCUDA_HOST_MEMORY_H
#define ONCUDA_HOST_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Bytes the kernel estimates it can still give without swapping
 * (MemAvailable of /proc/meminfo).  false: unknown (no /proc), and the
 * caller then does not refuse on this account.
 */
bool host_memory_available(uint64_t *bytes);

/*
 * Whether `copies` copies of `size` bytes fit in the available memory.
 * true when it is unknown.
 */
bool host_memory_fits(uint64_t size, unsigned copies, uint64_t *available);

#endif
