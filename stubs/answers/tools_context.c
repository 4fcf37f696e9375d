/*
 * tools_context.c -- the "ToolsContext" export table that cuBLAS and
 * cuBLASLt ask for (UUID 21318c60-9714-3248-8ca6-41ff7324c8f2).
 *
 * What is known, and what each slot below rests on:
 * - dark-api.md section 3 (driver 580): 93 entries, the first the size in
 *   bytes (744); cuBLASLt calls [4], cuBLAS [39] and [51], once each in a
 *   create + SGEMM run; refused, cublasSgemm returns status 15
 *   (CUBLAS_STATUS_NOT_SUPPORTED).
 * - Public code read for the meaning of the slots (none of it copied): a
 *   table dumper that names byte offset 0x20 (slot 4)
 *   "cuexpContext_getContextNumber" and lists 0x138 (slot 39) as called
 *   but unknown; a reimplementation of the driver whose comment says slot
 *   4 was checked against the driver and answers what cuCtxGetId does; and
 *   another whose tests call [51] as (context, stream, out private stream,
 *   int) -- the driver's own object for a public stream handle -- and [39]
 *   as (context, private stream, out 64-bit id), the stream's identity.
 * Every other slot is an UNSEEN stub (export_table_slots.h).
 *
 * oncuda has no private stream objects: the client's CUstream is the
 * server's handle, which the server checks wherever it is used.  So [51]
 * hands back the public handle and [39] asks the server for the id of the
 * stream that handle names.
 */
#include <stdint.h>

#include "stubs/answers/export_table_slots.h"
#include "stubs/answers/tools_context.h"

#define TOOLS_CONTEXT_SLOTS 93

/*
 * [4](CUcontext ctx, unsigned long long *id): the context's id, as
 * cuCtxGetId (see the top of the file).  cuBLASLt keys its kernels by it,
 * so it must stay the same for a context and differ between contexts for
 * the life of the process: the driver's own id, from the server, does.
 */
static CUresult tools_context_id(CUcontext ctx, unsigned long long *id)
{
	return cuCtxGetId(ctx, id);
}

/*
 * [39](CUcontext ctx, void *stream, unsigned long long *id): the id of a
 * stream given as [51] returned it, which here is its public handle; the
 * context is implied by the stream.  A NULL stream is the default stream,
 * whose id the driver gives too.
 */
static CUresult tools_context_stream_id(CUcontext ctx, void *stream,
    unsigned long long *id)
{
	(void)ctx;
	return cuStreamGetId((CUstream)stream, id);
}

/*
 * [51](CUcontext ctx, CUstream stream, void **internal, int flag): the
 * driver's object for a public stream handle.  oncuda's handle is all
 * there is, so it is returned as it is; whether it names a live stream is
 * checked by the server when it is used, as for any other handle.  The
 * last argument (possibly per-thread default stream semantics for NULL)
 * does not matter, as NULL stays NULL and keeps the meaning the program's
 * other calls give it.
 */
static CUresult tools_context_stream(CUcontext ctx, CUstream stream,
    void **internal, int flag)
{
	(void)ctx;
	(void)flag;
	if (internal == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*internal = (void *)stream;
	return CUDA_SUCCESS;
}

/* Ten unseen slots at once: table[d0] .. table[d9]. */
#define UNSEEN_TEN(d)							\
	UNSEEN(TOOLS_CONTEXT, d##0) UNSEEN(TOOLS_CONTEXT, d##1)		\
	UNSEEN(TOOLS_CONTEXT, d##2) UNSEEN(TOOLS_CONTEXT, d##3)		\
	UNSEEN(TOOLS_CONTEXT, d##4) UNSEEN(TOOLS_CONTEXT, d##5)		\
	UNSEEN(TOOLS_CONTEXT, d##6) UNSEEN(TOOLS_CONTEXT, d##7)		\
	UNSEEN(TOOLS_CONTEXT, d##8) UNSEEN(TOOLS_CONTEXT, d##9)
#define SLOTS_TEN(d)							\
	SLOT(TOOLS_CONTEXT_##d##0), SLOT(TOOLS_CONTEXT_##d##1),		\
	SLOT(TOOLS_CONTEXT_##d##2), SLOT(TOOLS_CONTEXT_##d##3),		\
	SLOT(TOOLS_CONTEXT_##d##4), SLOT(TOOLS_CONTEXT_##d##5),		\
	SLOT(TOOLS_CONTEXT_##d##6), SLOT(TOOLS_CONTEXT_##d##7),		\
	SLOT(TOOLS_CONTEXT_##d##8), SLOT(TOOLS_CONTEXT_##d##9)

UNSEEN(TOOLS_CONTEXT, 1) UNSEEN(TOOLS_CONTEXT, 2) UNSEEN(TOOLS_CONTEXT, 3)
UNSEEN(TOOLS_CONTEXT, 5) UNSEEN(TOOLS_CONTEXT, 6) UNSEEN(TOOLS_CONTEXT, 7)
UNSEEN(TOOLS_CONTEXT, 8) UNSEEN(TOOLS_CONTEXT, 9)
UNSEEN_TEN(1) UNSEEN_TEN(2)
UNSEEN(TOOLS_CONTEXT, 30) UNSEEN(TOOLS_CONTEXT, 31) UNSEEN(TOOLS_CONTEXT, 32)
UNSEEN(TOOLS_CONTEXT, 33) UNSEEN(TOOLS_CONTEXT, 34) UNSEEN(TOOLS_CONTEXT, 35)
UNSEEN(TOOLS_CONTEXT, 36) UNSEEN(TOOLS_CONTEXT, 37) UNSEEN(TOOLS_CONTEXT, 38)
UNSEEN_TEN(4)
UNSEEN(TOOLS_CONTEXT, 50) UNSEEN(TOOLS_CONTEXT, 52) UNSEEN(TOOLS_CONTEXT, 53)
UNSEEN(TOOLS_CONTEXT, 54) UNSEEN(TOOLS_CONTEXT, 55) UNSEEN(TOOLS_CONTEXT, 56)
UNSEEN(TOOLS_CONTEXT, 57) UNSEEN(TOOLS_CONTEXT, 58) UNSEEN(TOOLS_CONTEXT, 59)
UNSEEN_TEN(6) UNSEEN_TEN(7) UNSEEN_TEN(8)
UNSEEN(TOOLS_CONTEXT, 90) UNSEEN(TOOLS_CONTEXT, 91) UNSEEN(TOOLS_CONTEXT, 92)

/* 93 entries (744 bytes) on 580. */
const void *const tools_context_table[] = {
	SIZE_HEADER(TOOLS_CONTEXT_SLOTS),
	SLOT(TOOLS_CONTEXT_1), SLOT(TOOLS_CONTEXT_2), SLOT(TOOLS_CONTEXT_3),
	SLOT(tools_context_id), SLOT(TOOLS_CONTEXT_5), SLOT(TOOLS_CONTEXT_6),
	SLOT(TOOLS_CONTEXT_7), SLOT(TOOLS_CONTEXT_8), SLOT(TOOLS_CONTEXT_9),
	SLOTS_TEN(1), SLOTS_TEN(2),
	SLOT(TOOLS_CONTEXT_30), SLOT(TOOLS_CONTEXT_31), SLOT(TOOLS_CONTEXT_32),
	SLOT(TOOLS_CONTEXT_33), SLOT(TOOLS_CONTEXT_34), SLOT(TOOLS_CONTEXT_35),
	SLOT(TOOLS_CONTEXT_36), SLOT(TOOLS_CONTEXT_37), SLOT(TOOLS_CONTEXT_38),
	SLOT(tools_context_stream_id),
	SLOTS_TEN(4),
	SLOT(TOOLS_CONTEXT_50), SLOT(tools_context_stream),
	SLOT(TOOLS_CONTEXT_52), SLOT(TOOLS_CONTEXT_53), SLOT(TOOLS_CONTEXT_54),
	SLOT(TOOLS_CONTEXT_55), SLOT(TOOLS_CONTEXT_56), SLOT(TOOLS_CONTEXT_57),
	SLOT(TOOLS_CONTEXT_58), SLOT(TOOLS_CONTEXT_59),
	SLOTS_TEN(6), SLOTS_TEN(7), SLOTS_TEN(8),
	SLOT(TOOLS_CONTEXT_90), SLOT(TOOLS_CONTEXT_91), SLOT(TOOLS_CONTEXT_92),
};

_Static_assert(sizeof(tools_context_table) / sizeof(tools_context_table[0]) ==
    TOOLS_CONTEXT_SLOTS, "the ToolsContext table has 93 entries");
