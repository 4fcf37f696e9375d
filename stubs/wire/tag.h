/*
 * tag.h -- which server a handle came from: the tag in its top bits.
 *
 * Every handle the program holds (context, module, library, function,
 * kernel, stream, event, graph) carries the index of its server (an index
 * into the list ONCUDA_SERVER names, rpc.h) in bits 56-63; the rest is
 * the server's own value.  Server 0's handles are therefore exactly what
 * that server sent, so a program with one server sees the same values,
 * and the wire is the same, as before there were several.  The servers'
 * handles are addresses in their processes, below 2^47.
 *
 * The format alone, as constants and inline functions (no .c): the
 * connection layer strips the tag of the context it makes current, and
 * routing (route.h) reads it to choose a call's server.
 */
#ifndef ONCUDA_TAG_H
#define ONCUDA_TAG_H

#include <stdint.h>

#define ROUTE_SERVERS_MAX 32
#define ROUTE_TAG_SHIFT 56
#define ROUTE_VALUE_MASK ((UINT64_C(1) << ROUTE_TAG_SHIFT) - 1)
#define ROUTE_OWN 0xFFu		/* the client's own libraries and kernels */

/* The server's value of a handle the program holds. */
static inline uint64_t route_strip(const void *handle)
{
	return (uint64_t)(uintptr_t)handle & ROUTE_VALUE_MASK;
}

/* The server index a handle carries. */
static inline unsigned route_server_of(const void *handle)
{
	return (unsigned)((uint64_t)(uintptr_t)handle >> ROUTE_TAG_SHIFT);
}

/* The handle the program gets for server's value. */
static inline uint64_t route_tag(uint64_t value, unsigned server)
{
	return value | (uint64_t)server << ROUTE_TAG_SHIFT;
}

#endif
