/*
 * hostmem.h -- page-locked host memory, which lives on both machines.
 *
 * The program's pointer is client memory: ours, mmap'ed, for cuMemAllocHost
 * and cuMemHostAlloc; its own for cuMemHostRegister.  The server holds
 * page-locked memory of the same size (the mirror), which answers the calls
 * that ask the driver about the memory.  An address at offset k in the
 * program's range stands for the address at offset k in the mirror.
 */
#ifndef ONCUDA_HOSTMEM_H
#define ONCUDA_HOSTMEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

/* Whether p lies in host memory the client mirrors. */
bool hostmem_contains(const void *p);

/*
 * Whether [p, p + len) lies in one allocation shared with the server of
 * the held connection (local_share.h); then *base is the server's address of the allocation and
 * *offset that of p in it.
 */
bool hostmem_shared_range(const void *p, size_t len, uint64_t *base,
    uint64_t *offset);

/*
 * Whether [p, p + len) lies in one mirror of cuMemAllocHost or
 * cuMemHostAlloc (not registered memory, nor memory shared on the same
 * host) held by the server of the held connection; then *server is the
 * server's address that stands for p, where an asynchronous download may
 * land (downloads.h).
 */
bool hostmem_download_mirror(const void *p, size_t len, uint64_t *server);

/* The server's address that stands for p, when p lies in mirrored memory. */
bool hostmem_to_server(const void *p, uint64_t *server);

/* The program's address that a server address in a mirror stands for. */
bool hostmem_to_client(uint64_t server, void **client);

/*
 * Records that the mirror of the memory holding p is mapped into device
 * memory, p's byte at device address dptr, so that cuMemcpy treats the
 * mapped range as device memory, and that the two copies are to be kept
 * coherent from now on (mapped.h).  Both are forgotten with the memory.
 * Called while the connection lock is held.  false: no memory to record it.
 */
bool hostmem_note_device_pointer(const void *p, uint64_t dptr);

/*
 * A kernel is about to be launched with these argument bytes: a mirror at
 * the program's own address that a pointer-sized word of them points into
 * can now be reached by the GPU through the program's pointer, and is
 * tracked as mapped memory from here on (mapped.h).  Under the lock of the
 * connection that sends the launch.  false: no memory for a shadow.
 */
bool hostmem_track_reachable(const void *args, size_t len);

/*
 * Whether the len bytes at p lie in one mirror at the program's own
 * address, which the GPU may then be handed as p itself (a graph's
 * memcpy node); such a mirror is tracked as mapped memory from here on
 * (a shared one is the same memory and needs nothing).  false: they do
 * not, or there is no memory to track them.
 */
bool hostmem_placed_for_gpu(const void *p, size_t len);

/*
 * Within a call: when the len bytes at p lie in one mirror held by the
 * connection's server (*ours), *device becomes the address the GPU
 * reaches their mirror by (the program's own for a mirror placed there,
 * else the mirror's device alias, asked of the server once), and the
 * mirror is kept coherent as mapped memory from now on.  *err becomes the
 * server's refusal, or CUDA_ERROR_OUT_OF_MEMORY; the status is the RPC's.
 */
enum clnt_stat hostmem_gpu_address(CLIENT *c, const void *p, size_t len,
    bool *ours, uint64_t *device, int *err);

/*
 * The program's host address that device, an address hostmem_gpu_address
 * gave for a mirror of server link, stands for.
 */
bool hostmem_device_to_client(unsigned link, uint64_t device, void **client);

#endif /* ONCUDA_HOSTMEM_H */
