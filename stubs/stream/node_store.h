/*
 * stubs/stream/node_store.h -- memory the client keeps for what a graph
 * node's parameters point to (node_store.c).
 *
 * The driver's node queries (cuGraphKernelNodeGetParams and kin) and
 * cuGraphAddNode's conditional bodies hand the program pointers into
 * the driver's own storage, valid while the node lives.  The server's
 * storage is of another process, so the client keeps a copy of its own,
 * tied to the node's handle.
 */
#ifndef ONCUDA_STUBS_NODE_STORE_H
#define ONCUDA_STUBS_NODE_STORE_H

#include <stddef.h>

#include <cuda.h>

/*
 * A kept copy of size bytes of data for node, never freed (a program may
 * read it as long as the node lives, which the client does not see end).
 * A copy already kept for node whose bytes from skip on equal data's is
 * handed out again, so asking again for the same parameters keeps
 * nothing more; the first skip bytes are the caller's to fill (pointers
 * into the copy itself).  NULL when out of memory.
 */
void *node_store_keep(CUgraphNode node, const void *data, size_t size,
    size_t skip);

#endif
