/*
 * managed.h -- managed memory on the client (managed.c): the program's
 * side of each managed allocation, mapped at the server's address.
 */
#ifndef ONCUDA_MANAGED_H
#define ONCUDA_MANAGED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether [p, p + len) touches managed memory of the program's. */
bool managed_contains(const void *p, size_t len);

/*
 * The library is about to store into [p, p + len) for the program (a copy
 * to host memory): the pages it touches in managed memory are marked
 * written, so that they are pushed, and made writable, so that a system
 * call may fill them.  Nothing when p is not managed memory.
 */
void managed_host_write(void *p, size_t len);

/*
 * cuMemFree of dptr succeeded: when it was managed memory, the program's
 * side is unmapped and no longer kept coherent.  Called with the
 * connection lock held.
 */
void managed_freed(uint64_t dptr);

/*
 * The server tracks size bytes at at holding a managed variable of library
 * (CU_LIBRARY_GET_MANAGED): maps the program's side there unless it is
 * mapped already; mapped_pull_fresh brings the initial values.  false:
 * it cannot be mapped, or a different range holds at.  Within a call.
 */
bool managed_var_side(uint64_t library, uint64_t at, size_t size);

/* cuLibraryUnload of library (the held server's handle) succeeded: its
 * variables' sides go.  Within a call. */
void managed_library_unloaded(uint64_t library);

#endif
