/*
 * stubs/stream/node_list.h -- arrays of graph nodes between the program
 * and the wire (node_list.c).
 */
#ifndef ONCUDA_STUBS_NODE_LIST_H
#define ONCUDA_STUBS_NODE_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/route/route.h"

/*
 * The program's count nodes as the wire carries them (their server's
 * values), each routed into rt.  *wire's array is allocated here; free it
 * with node_list_release.  CUDA_ERROR_INVALID_VALUE for a NULL array of a
 * nonzero count, as the driver answers.
 */
CUresult node_list_to_wire(struct route *rt, const CUgraphNode *nodes,
    size_t count, cu_nodes *wire);

void node_list_release(cu_nodes *wire);

/*
 * Stores the nodes of an answer from server into the program's array of
 * room entries (NULL: none) and sets the ones after them to NULL, as the
 * driver does; *count becomes the number stored, or with no array the
 * total.
 */
void node_list_from_wire(const node_list *answer, unsigned server,
    CUgraphNode *nodes, size_t room, size_t *count);

/* A node handle of server as the program holds it. */
CUgraphNode node_tagged(cu_handle value, unsigned server);

#endif
