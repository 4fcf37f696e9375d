/*
 * server/svc/svc_graph_mem.h -- memory that graph allocation nodes hand
 * out (svc_graph_mem.c).
 */
#ifndef ONCUDA_SERVER_SVC_GRAPH_MEM_H
#define ONCUDA_SERVER_SVC_GRAPH_MEM_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

/*
 * Whether dptr is the address an allocation node gave this client, still
 * among its device ranges: memory a free node, cuMemFreeAsync or
 * cuMemFree may free.
 */
bool graph_mem_known(CUdeviceptr dptr);

/*
 * Records bytes at dptr, which the driver just handed out for a graph
 * (an allocation node, or cuMemAllocAsync during a capture), as graph
 * memory: among the client's device ranges while its context lives, not
 * counted against its budget (the driver counts it as the device's graph
 * memory).  false: out of memory, nothing recorded.
 */
bool graph_mem_record(CUdeviceptr dptr, uint64_t bytes);

#endif
