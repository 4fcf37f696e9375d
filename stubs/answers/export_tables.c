/*
 * export_tables.c -- cuGetExportTable: the tables NVIDIA's libraries ask
 * for by UUID, and the slots that need no more than a line or two.
 *
 * Which tables, how long, and which slots are called: dark-api.md section
 * 3 (driver 580, CUDA 13.0).  Except for context-local storage, a table's
 * first word is its own size in bytes.  A slot that was never seen called
 * is an UNSEEN stub (export_table_slots.h).  The tables of more than a
 * line or two have files of their own: cudart_interface.c, integrity.c,
 * context_storage.c, tools_context.c, tools_module.c.
 */
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "stubs/context/context_storage.h"
#include "stubs/answers/cudart_interface.h"
#include "stubs/answers/export_table_slots.h"
#include "stubs/answers/integrity.h"
#include "stubs/answers/tools_context.h"
#include "stubs/answers/tools_module.h"
#include "stubs/link/say.h"

/* ------------------------------------------ tools runtime callback hooks */

/*
 * Slots [2] and [6](void **ptr, size_t *size) give the runtime storage of
 * the driver's (dark-api.md: "return pointers to scratch storage"); ZLUDA
 * gives zeroed buffers of 1024 and 14 32-bit words and answers those
 * counts.  Whether the size counts bytes or words is not known, so each
 * buffer is large enough for either reading, even of 64-bit words.
 */
static uint64_t hooks_buffer_2[1024];
static uint64_t hooks_buffer_6[14];

static void hooks_scratch_2(void **ptr, size_t *size)
{
	*ptr = hooks_buffer_2;
	*size = 1024;
}

static void hooks_scratch_6(void **ptr, size_t *size)
{
	*ptr = hooks_buffer_6;
	*size = 14;
}

UNSEEN(TOOLS_HOOKS, 1)
UNSEEN(TOOLS_HOOKS, 3)
UNSEEN(TOOLS_HOOKS, 4)
UNSEEN(TOOLS_HOOKS, 5)

/* 7 entries (56 bytes). */
static const void *const tools_hooks_table[] = {
	SIZE_HEADER(7),
	SLOT(TOOLS_HOOKS_1), SLOT(hooks_scratch_2), SLOT(TOOLS_HOOKS_3),
	SLOT(TOOLS_HOOKS_4), SLOT(TOOLS_HOOKS_5), SLOT(hooks_scratch_6),
};

/* -------------------------------------------------------------- TOOLS_TLS */

/*
 * TOOLS_TLS[2](CUcontext *ctx): the calling thread's current context.
 * Called by cuBLASLt only (dark-api.md, 3 times in the cuBLAS run); a
 * public project that checked it against the driver (a GPU emulation shim
 * that names it tools_tls_current_context) found it answers what
 * cuCtxGetCurrent does, and that cuBLASLt finds no kernels when it fails.
 * The context stack is the client's own, so this costs no call.
 */
static CUresult tools_tls_current_context(CUcontext *ctx)
{
	return cuCtxGetCurrent(ctx);
}

UNSEEN(TOOLS_TLS, 1)

/* 3 entries (24 bytes). */
static const void *const tools_tls_table[] = {
	SIZE_HEADER(3), SLOT(TOOLS_TLS_1), SLOT(tools_tls_current_context),
};

/* --------------------------------------------------------- CONTEXT_CHECKS */

/* [2](CUcontext, unsigned *out, void **): dark-api.md saw it write 0 to
 * its out argument and return 0; ZLUDA leaves the third argument alone. */
static CUresult context_check(CUcontext ctx, unsigned int *out, void **unused)
{
	(void)ctx;
	(void)unused;
	if (out != NULL)
		*out = 0;
	return CUDA_SUCCESS;
}

/* [3](): returns 0 (dark-api.md). */
static unsigned int context_check_3(void)
{
	return 0;
}

UNSEEN(CONTEXT_CHECKS, 1)
UNSEEN(CONTEXT_CHECKS, 4)
UNSEEN(CONTEXT_CHECKS, 5)
UNSEEN(CONTEXT_CHECKS, 6)
UNSEEN(CONTEXT_CHECKS, 7)
UNSEEN(CONTEXT_CHECKS, 8)
UNSEEN(CONTEXT_CHECKS, 9)
UNSEEN(CONTEXT_CHECKS, 10)
UNSEEN(CONTEXT_CHECKS, 11)
UNSEEN(CONTEXT_CHECKS, 12)
UNSEEN(CONTEXT_CHECKS, 13)
UNSEEN(CONTEXT_CHECKS, 14)

/* 15 entries (120 bytes) on 580. */
static const void *const context_checks_table[] = {
	SIZE_HEADER(15),
	SLOT(CONTEXT_CHECKS_1), SLOT(context_check), SLOT(context_check_3),
	SLOT(CONTEXT_CHECKS_4), SLOT(CONTEXT_CHECKS_5),
	SLOT(CONTEXT_CHECKS_6), SLOT(CONTEXT_CHECKS_7),
	SLOT(CONTEXT_CHECKS_8), SLOT(CONTEXT_CHECKS_9),
	SLOT(CONTEXT_CHECKS_10), SLOT(CONTEXT_CHECKS_11),
	SLOT(CONTEXT_CHECKS_12), SLOT(CONTEXT_CHECKS_13),
	SLOT(CONTEXT_CHECKS_14),
};

/* ----------------------------------------------------------- requirements */

/* The 13.x table: 3 entries (24 bytes), none called; the runtime works
 * without it too (dark-api.md). */
UNSEEN(REQUIREMENTS, 1)
UNSEEN(REQUIREMENTS, 2)

static const void *const requirements_table[] = {
	SIZE_HEADER(3), SLOT(REQUIREMENTS_1), SLOT(REQUIREMENTS_2),
};

/* ----------------------------------------------- asked for, not answered */

/*
 * da9151d3-3ae6-cc41-a5c0-4f26d533e328, which NVRTC (through CuPy) asks
 * for and whose slots 1 to 4 it calls, is refused (note_refused says so),
 * on purpose: no public source names the table or any of its slots, and
 * nothing is known of their parameters.  tests/probe/export_probe.c lists
 * its size and slots on the real driver; their arguments need a trace
 * under a real caller.
 */

/* --------------------------------------------------------- cuBLASLt's */

/*
 * 1734dc26-800d-4745-8726-c0f1e7dd8bca: 17 entries (136 bytes) on 580.
 * cuBLASLt 13 asks for it on its bf16 paths (PyTorch's autocast matmul)
 * and calls slot 4 (two outputs, one of its own tables of 17 entries, the
 * caller's copy of this table, two small numbers), then slot 13 with the
 * two objects slot 4 made (observed on the H200 by wrapping the table's
 * slots under the driver).  Nothing public describes them, and a refusal
 * of the whole table crashes cuBLASLt (a null table, dereferenced), so
 * the table is given and each slot refuses itself: after slot 4's
 * CUDA_ERROR_NOT_SUPPORTED cuBLASLt goes on without it, and bf16 and
 * fp16 matrix products under PyTorch are right (checked against the CPU
 * on the H200).
 */
UNSEEN(BLASLT, 1)
UNSEEN(BLASLT, 2)
UNSEEN(BLASLT, 3)
UNSEEN(BLASLT, 4)
UNSEEN(BLASLT, 5)
UNSEEN(BLASLT, 6)
UNSEEN(BLASLT, 7)
UNSEEN(BLASLT, 8)
UNSEEN(BLASLT, 9)
UNSEEN(BLASLT, 10)
UNSEEN(BLASLT, 11)
UNSEEN(BLASLT, 12)
UNSEEN(BLASLT, 13)
UNSEEN(BLASLT, 14)
UNSEEN(BLASLT, 15)
UNSEEN(BLASLT, 16)

static const void *const blaslt_table[] = {
	SIZE_HEADER(17),
	SLOT(BLASLT_1), SLOT(BLASLT_2), SLOT(BLASLT_3), SLOT(BLASLT_4),
	SLOT(BLASLT_5), SLOT(BLASLT_6), SLOT(BLASLT_7), SLOT(BLASLT_8),
	SLOT(BLASLT_9), SLOT(BLASLT_10), SLOT(BLASLT_11), SLOT(BLASLT_12),
	SLOT(BLASLT_13), SLOT(BLASLT_14), SLOT(BLASLT_15), SLOT(BLASLT_16),
};

/* ----------------------------------------------------------------- lookup */

static const struct {
	uint8_t uuid[16];
	const void *const *table;
} tables[] = {
	{ { 0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7, 0x4a,
	    0x89, 0x87, 0xd9, 0x39, 0x12, 0xfd, 0x9d, 0xf9 },
	  cudart_interface_table },
	{ { 0xa0, 0x94, 0x79, 0x8c, 0x2e, 0x74, 0x2e, 0x74,
	    0x93, 0xf2, 0x08, 0x00, 0x20, 0x0c, 0x0a, 0x66 },
	  tools_hooks_table },
	{ { 0x42, 0xd8, 0x5a, 0x81, 0x23, 0xf6, 0xcb, 0x47,
	    0x82, 0x98, 0xf6, 0xe7, 0x8a, 0x3a, 0xec, 0xdc },
	  tools_tls_table },
	{ { 0xc6, 0x93, 0x33, 0x6e, 0x11, 0x21, 0xdf, 0x11,
	    0xa8, 0xc3, 0x68, 0xf3, 0x55, 0xd8, 0x95, 0x93 },
	  context_storage_table },
	{ { 0x26, 0x3e, 0x88, 0x60, 0x7c, 0xd2, 0x61, 0x43,
	    0x92, 0xf6, 0xbb, 0xd5, 0x00, 0x6d, 0xfa, 0x7e },
	  context_checks_table },
	{ { 0xd4, 0x08, 0x20, 0x55, 0xbd, 0xe6, 0x70, 0x4b,
	    0x8d, 0x34, 0xba, 0x12, 0x3c, 0x66, 0xe1, 0xf2 },
	  integrity_check_table },
	{ { 0xf8, 0xcf, 0xf9, 0x51, 0x21, 0x46, 0x8b, 0x4e,
	    0xb9, 0xe2, 0xfb, 0x46, 0x9e, 0x7c, 0x0d, 0xd9 },
	  requirements_table },
	{ { 0x21, 0x31, 0x8c, 0x60, 0x97, 0x14, 0x32, 0x48,
	    0x8c, 0xa6, 0x41, 0xff, 0x73, 0x24, 0xc8, 0xf2 },
	  tools_context_table },
	{ { 0x6e, 0x16, 0x3f, 0xbe, 0xb9, 0x58, 0x44, 0x4d,
	    0x83, 0x5c, 0xe1, 0x82, 0xaf, 0xf1, 0x99, 0x1e },
	  tools_module_table },
	{ { 0x17, 0x34, 0xdc, 0x26, 0x80, 0x0d, 0x47, 0x45,
	    0x87, 0x26, 0xc0, 0xf1, 0xe7, 0xdd, 0x8b, 0xca },
	  blaslt_table },
};

/*
 * Refused on purpose, without a note: libnvidia-ml's table (34 entries on
 * 580; slots 19, 21, 24 and 25 called).  PyTorch works when it is refused
 * (dark-api.md), what its slots do is described nowhere public, and NVML
 * in the program's process describes the GPUs of the program's machine
 * through the kernel driver there, while oncuda's devices are on the
 * server: answering it would pair the server's CUDA devices with local
 * NVML state that has nothing to do with them.
 */
static const uint8_t nvml_uuid[16] = {
	0x69, 0xa2, 0x8e, 0x9f, 0x24, 0x49, 0x8b, 0x47,
	0xb0, 0x30, 0xc5, 0xda, 0x33, 0x0e, 0xa4, 0xe9,
};

#define REFUSED_MAX 32

static pthread_mutex_t refused_lock = PTHREAD_MUTEX_INITIALIZER;
static uint8_t refused[REFUSED_MAX][16];
static int nrefused;

/* Says once per UUID which table oncuda does not have. */
static void note_refused(const uint8_t uuid[16])
{
	bool seen = false;
	int i;

	pthread_mutex_lock(&refused_lock);
	for (i = 0; i < nrefused && !seen; i++)
		seen = memcmp(refused[i], uuid, 16) == 0;
	if (!seen && nrefused < REFUSED_MAX)
		memcpy(refused[nrefused++], uuid, 16);
	pthread_mutex_unlock(&refused_lock);
	if (seen)
		return;
	oncuda_say("cuGetExportTable: oncuda has no export table "
	    "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
	    "%02x%02x%02x%02x%02x%02x (returns CUDA_ERROR_INVALID_VALUE)",
	    uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6],
	    uuid[7], uuid[8], uuid[9], uuid[10], uuid[11], uuid[12], uuid[13],
	    uuid[14], uuid[15]);
}

/*
 * An unknown UUID is refused with CUDA_ERROR_INVALID_VALUE, as ZLUDA
 * does; what the libraries then do is in dark-api.md's "refused" column
 * (the runtime and cuBLAS fail, PyTorch goes on without the NVML table,
 * which is refused on purpose: see nvml_uuid).
 */
ONCUDA_API CUresult cuGetExportTable(const void **ppExportTable,
    const CUuuid *pExportTableId)
{
	const uint8_t *uuid;
	size_t i;

	if (ppExportTable == NULL || pExportTableId == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	uuid = (const uint8_t *)pExportTableId->bytes;
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
		if (memcmp(tables[i].uuid, uuid, 16) == 0) {
			*ppExportTable = tables[i].table;
			return CUDA_SUCCESS;
		}
	}
	*ppExportTable = NULL;
	if (memcmp(uuid, nvml_uuid, 16) != 0)
		note_refused(uuid);
	return CUDA_ERROR_INVALID_VALUE;
}
