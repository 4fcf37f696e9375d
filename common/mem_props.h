/*
 * common/mem_props.h -- the pool and virtual memory structures of cuda.h
 * and their XDR forms in idl/cuda.x, both ways (mem_props.c).
 *
 * The client packs what the program passed and unpacks what the server
 * answered; the server the reverse.  The Windows-only pointers
 * (win32HandleMetaData, win32SecurityAttributes) do not travel: they must
 * be NULL off Windows, and the unpacked structures hold NULL.
 */
#ifndef ONCUDA_COMMON_MEM_PROPS_H
#define ONCUDA_COMMON_MEM_PROPS_H

#include <stddef.h>

#include <cuda.h>
#include "gen/cuda_rpc.h"

mem_location mem_location_pack(const CUmemLocation *l);
CUmemLocation mem_location_unpack(const mem_location *l);

mem_alloc_prop mem_alloc_prop_pack(const CUmemAllocationProp *p);
CUmemAllocationProp mem_alloc_prop_unpack(const mem_alloc_prop *p);

mem_pool_props mem_pool_props_pack(const CUmemPoolProps *p);
CUmemPoolProps mem_pool_props_unpack(const mem_pool_props *p);

mem_access_desc mem_access_desc_pack(const CUmemAccessDesc *d);
CUmemAccessDesc mem_access_desc_unpack(const mem_access_desc *d);

#endif
