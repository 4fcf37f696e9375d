/*
 * stubs/stream/node_store.h -- memory the client keeps for what a graph
 * node's parameters point to (node_store.c).
 *
 * The driver's node queries (cuGraphKernelNodeGetParams and kin) and
 * cuGraphAddNode's conditional bodies hand the program pointers into
 * the driver's own storage, valid while the node lives (a query's until
 * the node's parameters are set again).  The server's storage is of
 * another process, so the client keeps a copy of its own, tied to the
 * node and to what owns the node: its graph, the node that graph is
 * embedded in (a child graph node, a conditional node's body), that
 * node's graph, and so on up to a graph the program made.  Whichever of
 * them is destroyed takes the copy with it.
 *
 * Nothing here talks to a server (node_keep.h asks for the owners);
 * safe to call from any thread.
 */
#ifndef ONCUDA_STUBS_NODE_STORE_H
#define ONCUDA_STUBS_NODE_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

/* Owners recorded for one copy at most; a deeper nesting keeps the top. */
#define NODE_STORE_OWNERS_MAX 16

/* What a copy is: a query's answer, or what lives as long as the node. */
enum node_copy {
	NODE_COPY_QUERY,	/* goes when the node's parameters are set */
	NODE_COPY_LASTING,	/* a conditional node's bodies */
};

/*
 * A copy already kept for node, of that kind, whose size bytes from skip
 * on equal data's: asking again for the same parameters keeps nothing
 * more.  NULL: none.
 */
void *node_store_shared(CUgraphNode node, enum node_copy kind,
    const void *data, size_t size, size_t skip);

/*
 * Keeps a copy of size bytes of data for node, owned by owners[0..count)
 * (the node's graph first, then upwards; see above), or returns an
 * identical one already kept (node_store_shared).  The first skip bytes
 * are the caller's to fill (pointers into the copy itself).  NULL when
 * out of memory.
 */
void *node_store_keep(CUgraphNode node, enum node_copy kind,
    const void *const *owners, size_t count, const void *data, size_t size,
    size_t skip);

/*
 * Whether a copy is kept for node; then *owners holds its owners (room
 * for NODE_STORE_OWNERS_MAX) and *count their number.
 */
bool node_store_owners(CUgraphNode node, const void **owners,
    size_t *count);

/*
 * The driver destroyed gone, a graph or a node: every copy of gone's, or
 * owned by it, is freed.
 */
void node_store_gone(const void *gone);

/* node's parameters were set: its queries' copies are freed. */
void node_store_params_set(CUgraphNode node);

/* How many copies are kept, and their bytes (for tests). */
size_t node_store_count(size_t *bytes);

#endif
