/*
 * server/svc/svc_managed.h -- managed memory (svc_managed.c): whether the
 * server can offer it on a device.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MANAGED_H
#define ONCUDA_SERVER_SVC_SVC_MANAGED_H

#include <stdbool.h>

#include <cuda.h>

/*
 * Whether dev has concurrent managed access, which the server's own reads
 * and writes of managed memory need; without it there is none to offer.
 */
bool svc_managed_possible(CUdevice dev);

#endif
