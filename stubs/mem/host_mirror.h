/*
 * host_mirror.h -- the address by which the GPU reaches a host buffer that
 * a graph's memcpy node, or a copy being captured into one, names: the
 * page-locked mirror the server holds for it, made on demand for pageable
 * memory (host_mirror.c; idl/cuda.x, memcpy_node).
 */
#ifndef ONCUDA_HOST_MIRROR_H
#define ONCUDA_HOST_MIRROR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

/*
 * Within a call: *device becomes the server's device address standing for
 * the len (> 0) bytes at p, which the client keeps coherent with the
 * program's bytes from now on (mapped.h).  *err becomes the server's
 * refusal or CUDA_ERROR_OUT_OF_MEMORY (the caller makes no further call
 * then); the status is that of the last RPC made.
 */
enum clnt_stat host_mirror_for_gpu(CLIENT *c, const void *p, size_t len,
    uint64_t *device, int *err);

/*
 * The program's host address that device, given by host_mirror_for_gpu
 * for server link, stands for.  false: device is no such address.
 */
bool host_mirror_to_client(unsigned link, uint64_t device, void **client);

/*
 * Whether a CU_MEMORYTYPE_UNIFIED side of len bytes at p is host memory,
 * as the driver would tell by the address under unified addressing: the
 * program's page-locked memory, or memory of this process that is not
 * device memory the client knows of.
 */
bool host_mirror_is_host(const void *p, size_t len);

#endif
