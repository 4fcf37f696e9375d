/*
 * server/svc/svc_vmm.h -- the client's virtual memory (svc_vmm.c): what
 * sparse arrays map of it, and its end with the session.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_VMM_H
#define ONCUDA_SERVER_SVC_SVC_VMM_H

#include "gen/cuda_names.h"

/*
 * A tile or mip tail of a sparse array was mapped onto allocation h, a
 * live one of the client's (server/svc/sparse_tiles.c): it counts as a
 * mapping of h, which keeps h's memory counted against --max-memory after
 * its release, until vmm_tile_unmapped(h).
 */
void vmm_tile_mapped(cu_handle h);
void vmm_tile_unmapped(cu_handle h);

/*
 * The session is over: unmaps the client's mappings, releases its
 * allocation handles and frees its reservations through the driver, and
 * forgets them.
 */
void vmm_release_all(void);

#endif
