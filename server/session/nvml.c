/*
 * server/session/nvml.c -- GPU figures from NVML (nvml.h).
 *
 * libnvidia-ml.so.1 comes with NVIDIA's driver, which a build machine or
 * the CI's stand-in does not have: it is opened at run time, and oncudad
 * runs without it.  Each reading initialises NVML and shuts it down again,
 * so that no NVML state (open device files) is ever inherited by a session
 * forked afterwards; a reading every few seconds can afford it.
 *
 * The few types used are declared here, as NVML's nvml.h declares them
 * (stable since NVML's v2 entry points); the header is not needed to build.
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "server/session/nvml.h"

typedef int nvml_return;		/* nvmlReturn_t; 0: NVML_SUCCESS */
typedef struct nvml_device *nvml_device;

struct nvml_utilization {		/* nvmlUtilization_t */
	unsigned int gpu, memory;
};

struct nvml_memory {			/* nvmlMemory_t */
	unsigned long long total, free, used;
};

struct nvml_pci_info {			/* nvmlPciInfo_t */
	char bus_id_legacy[16];
	unsigned int domain, bus, device, pci_device_id, pci_subsystem_id;
	char bus_id[32];
};

struct nvml_api {
	nvml_return (*init)(void);
	nvml_return (*shutdown)(void);
	const char *(*error_string)(nvml_return);
	nvml_return (*count)(unsigned int *);
	nvml_return (*handle)(unsigned int, nvml_device *);
	nvml_return (*utilization)(nvml_device, struct nvml_utilization *);
	nvml_return (*memory)(nvml_device, struct nvml_memory *);
	nvml_return (*pci)(nvml_device, struct nvml_pci_info *);
};

/* The entry points, looked up once; false with why when they cannot be. */
static bool load(struct nvml_api *api, char *why, size_t why_len)
{
	static void *lib;
	static bool tried;

	if (!tried) {
		tried = true;
		lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
	}
	if (lib == NULL) {
		snprintf(why, why_len, "no NVML");
		return false;
	}
	*(void **)&api->init = dlsym(lib, "nvmlInit_v2");
	*(void **)&api->shutdown = dlsym(lib, "nvmlShutdown");
	*(void **)&api->error_string = dlsym(lib, "nvmlErrorString");
	*(void **)&api->count = dlsym(lib, "nvmlDeviceGetCount_v2");
	*(void **)&api->handle = dlsym(lib, "nvmlDeviceGetHandleByIndex_v2");
	*(void **)&api->utilization = dlsym(lib, "nvmlDeviceGetUtilizationRates");
	*(void **)&api->memory = dlsym(lib, "nvmlDeviceGetMemoryInfo");
	*(void **)&api->pci = dlsym(lib, "nvmlDeviceGetPciInfo_v3");
	if (api->init == NULL || api->shutdown == NULL || api->count == NULL ||
	    api->handle == NULL || api->utilization == NULL ||
	    api->memory == NULL || api->pci == NULL || api->error_string == NULL) {
		snprintf(why, why_len, "no NVML (libnvidia-ml.so.1 lacks an "
		    "entry point)");
		return false;
	}
	return true;
}

size_t nvml_read(struct gpu_figures *out, size_t max, char *why,
    size_t why_len)
{
	struct nvml_api api;
	unsigned int count = 0;
	nvml_return rc;
	size_t n = 0;

	why[0] = '\0';
	if (!load(&api, why, why_len))
		return 0;
	if ((rc = api.init()) != 0) {
		snprintf(why, why_len, "NVML: %s", api.error_string(rc));
		return 0;
	}
	if ((rc = api.count(&count)) != 0)
		snprintf(why, why_len, "NVML: %s", api.error_string(rc));
	for (unsigned int i = 0; i < count && n < max; i++) {
		struct nvml_utilization u = { 0, 0 };
		struct nvml_memory m = { 0, 0, 0 };
		struct nvml_pci_info pci;
		nvml_device dev;

		if (api.handle(i, &dev) != 0)
			continue;
		memset(&pci, 0, sizeof pci);
		/* A GPU that cannot say one figure still says the others. */
		api.utilization(dev, &u);
		api.memory(dev, &m);
		api.pci(dev, &pci);
		pci.bus_id[sizeof pci.bus_id - 1] = '\0';
		out[n].index = i;
		snprintf(out[n].pci_bus_id, sizeof out[n].pci_bus_id, "%s",
		    pci.bus_id);
		out[n].utilization_gpu = u.gpu;
		out[n].utilization_memory = u.memory;
		out[n].memory_used = m.used;
		out[n].memory_total = m.total;
		n++;
	}
	api.shutdown();
	return n;
}
