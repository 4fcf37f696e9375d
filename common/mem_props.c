/*
 * common/mem_props.c -- see mem_props.h.  Unpacking starts from a zeroed
 * structure, so the reserved bytes the driver requires to be zero are.
 */
#include <string.h>

#include "common/mem_props.h"

mem_location mem_location_pack(const CUmemLocation *l)
{
	mem_location w = { (int)l->type, l->id };

	return w;
}

CUmemLocation mem_location_unpack(const mem_location *l)
{
	CUmemLocation c;

	memset(&c, 0, sizeof c);
	c.type = (CUmemLocationType)l->type;
	c.id = l->id;
	return c;
}

mem_alloc_prop mem_alloc_prop_pack(const CUmemAllocationProp *p)
{
	mem_alloc_prop w;

	memset(&w, 0, sizeof w);
	w.type = (int)p->type;
	w.requested_handle_types = (int)p->requestedHandleTypes;
	w.location = mem_location_pack(&p->location);
	w.compression_type = p->allocFlags.compressionType;
	w.rdma_capable = p->allocFlags.gpuDirectRDMACapable;
	w.usage = p->allocFlags.usage;
	return w;
}

CUmemAllocationProp mem_alloc_prop_unpack(const mem_alloc_prop *p)
{
	CUmemAllocationProp c;

	memset(&c, 0, sizeof c);
	c.type = (CUmemAllocationType)p->type;
	c.requestedHandleTypes = (CUmemAllocationHandleType)p->requested_handle_types;
	c.location = mem_location_unpack(&p->location);
	c.allocFlags.compressionType = (unsigned char)p->compression_type;
	c.allocFlags.gpuDirectRDMACapable = (unsigned char)p->rdma_capable;
	c.allocFlags.usage = (unsigned short)p->usage;
	return c;
}

mem_pool_props mem_pool_props_pack(const CUmemPoolProps *p)
{
	mem_pool_props w;

	memset(&w, 0, sizeof w);
	w.alloc_type = (int)p->allocType;
	w.handle_types = (int)p->handleTypes;
	w.location = mem_location_pack(&p->location);
	w.max_size = p->maxSize;
	w.usage = p->usage;
	return w;
}

CUmemPoolProps mem_pool_props_unpack(const mem_pool_props *p)
{
	CUmemPoolProps c;

	memset(&c, 0, sizeof c);
	c.allocType = (CUmemAllocationType)p->alloc_type;
	c.handleTypes = (CUmemAllocationHandleType)p->handle_types;
	c.location = mem_location_unpack(&p->location);
	c.maxSize = (size_t)p->max_size;
	c.usage = (unsigned short)p->usage;
	return c;
}

mem_access_desc mem_access_desc_pack(const CUmemAccessDesc *d)
{
	mem_access_desc w = { mem_location_pack(&d->location), (u_int)d->flags };

	return w;
}

CUmemAccessDesc mem_access_desc_unpack(const mem_access_desc *d)
{
	CUmemAccessDesc c;

	memset(&c, 0, sizeof c);
	c.location = mem_location_unpack(&d->location);
	c.flags = (CUmemAccess_flags)d->flags;
	return c;
}
