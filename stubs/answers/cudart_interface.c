/*
 * cudart_interface.c -- the CUDA runtime's CUDART_INTERFACE export table
 * (cudart_interface.h): its primary-context slot, the rest UNSEEN.  Apart
 * from export_tables.c because the integrity check (integrity.c) hashes
 * this table's address.
 */
#include <pthread.h>

#include "stubs/answers/cudart_interface.h"
#include "stubs/answers/export_table_slots.h"

#define CUDART_INTERFACE_SLOTS 13
#define DEVICES_MAX 64

static pthread_mutex_t primary_lock = PTHREAD_MUTEX_INITIALIZER;
static CUcontext primary[DEVICES_MAX];

/*
 * CUDART_INTERFACE[2](CUcontext *pctx, CUdevice dev): the primary context
 * of dev.  Called once per copy of the runtime as it starts (dark-api.md
 * section 3); ZLUDA answers it with the primary context without taking a
 * reference, and the runtime takes its own afterwards with
 * cuDevicePrimaryCtxRetain (dark-api.md section 2 lists that call after
 * the export tables).  The protocol has no "handle without a reference",
 * so the first call for a device retains it once on the runtime's behalf
 * and later calls give the same handle (the driver keeps a device's
 * primary context handle for the life of the process).  That reference
 * is undone by the server when the program disconnects (session_teardown).
 */
static CUresult cudart_primary_context(CUcontext *pctx, CUdevice dev)
{
	CUresult e = CUDA_SUCCESS;

	if (pctx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev < 0 || dev >= DEVICES_MAX)
		return CUDA_ERROR_INVALID_DEVICE;
	pthread_mutex_lock(&primary_lock);
	if (primary[dev] == NULL)
		e = cuDevicePrimaryCtxRetain(&primary[dev], dev);
	if (e == CUDA_SUCCESS)
		*pctx = primary[dev];
	pthread_mutex_unlock(&primary_lock);
	return e;
}

UNSEEN(CUDART_INTERFACE, 1)
UNSEEN(CUDART_INTERFACE, 3)
UNSEEN(CUDART_INTERFACE, 4)
UNSEEN(CUDART_INTERFACE, 5)
UNSEEN(CUDART_INTERFACE, 6)
UNSEEN(CUDART_INTERFACE, 7)
UNSEEN(CUDART_INTERFACE, 8)
UNSEEN(CUDART_INTERFACE, 9)
UNSEEN(CUDART_INTERFACE, 10)
UNSEEN(CUDART_INTERFACE, 11)
UNSEEN(CUDART_INTERFACE, 12)

/* 13 entries (104 bytes) on 580. */
const void *const cudart_interface_table[CUDART_INTERFACE_SLOTS] = {
	SIZE_HEADER(CUDART_INTERFACE_SLOTS),
	SLOT(CUDART_INTERFACE_1), SLOT(cudart_primary_context),
	SLOT(CUDART_INTERFACE_3), SLOT(CUDART_INTERFACE_4),
	SLOT(CUDART_INTERFACE_5), SLOT(CUDART_INTERFACE_6),
	SLOT(CUDART_INTERFACE_7), SLOT(CUDART_INTERFACE_8),
	SLOT(CUDART_INTERFACE_9), SLOT(CUDART_INTERFACE_10),
	SLOT(CUDART_INTERFACE_11), SLOT(CUDART_INTERFACE_12),
};
