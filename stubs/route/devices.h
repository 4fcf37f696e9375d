/*
 * devices.h -- one list of devices across the servers ONCUDA_SERVER names.
 *
 * The servers' devices, concatenated in the order the servers are named,
 * then selected and ordered by CUDA_VISIBLE_DEVICES in the client's
 * environment as the driver does with local GPUs: a comma-separated list
 * of indices into that list or of GPU UUID prefixes ("GPU-4f1e"), read up
 * to the first entry that names no device or one named already.  Unset,
 * every device; set and empty, none.  The program's CUdevice values are
 * positions in the resulting list (global ordinals).
 */
#ifndef ONCUDA_DEVICES_H
#define ONCUDA_DEVICES_H

#include <stdbool.h>

#include <cuda.h>

#define DEVICES_MAX 256

/* Builds the list once cuInit has succeeded on every server. */
CUresult devices_build(void);

/* The server and the server's CUdevice of global ordinal dev. */
bool devices_lookup(CUdevice dev, unsigned *server, CUdevice *local);

/* The global ordinal of the server's device local; false if not listed. */
bool devices_global(unsigned server, CUdevice local, CUdevice *dev);

/* Generated (gen/glue_client.c): the plain calls on one given server. */
CUresult on_server_cuDriverGetVersion(unsigned server, int *driverVersion);
CUresult on_server_cuDeviceGetCount(unsigned server, int *count);
CUresult on_server_cuDeviceGet(unsigned server, CUdevice *device,
    int ordinal);
CUresult on_server_cuDeviceGetByPCIBusId(unsigned server, CUdevice *dev,
    const char *pciBusId);

/* A device's UUID, asked of one server. */
CUresult on_server_device_uuid(unsigned server, CUdevice local, CUuuid *uuid);

#endif
