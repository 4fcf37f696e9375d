/*
 * server/svc/svc_graph_mem.h -- memory that graph allocation nodes hand
 * out (svc_graph_mem.c).
 */
#ifndef ONCUDA_SERVER_SVC_GRAPH_MEM_H
#define ONCUDA_SERVER_SVC_GRAPH_MEM_H

#include <stdbool.h>

#include <cuda.h>

/*
 * Whether dptr is the address an allocation node gave this client, still
 * among its device ranges: memory a free node, cuMemFreeAsync or
 * cuMemFree may free.
 */
bool graph_mem_known(CUdeviceptr dptr);

#endif
