/*
 * svc_device.c -- driver initialisation and the device queries whose
 * answers are not plain numbers: names, PCI bus ids, UUIDs.
 */
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/log.h"

bool_t cu_init_svc(u_int flags, res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = cuInit(flags);
	if (r->err != CUDA_SUCCESS)
		log_msg(LOG_WARN, "cuInit(%u) failed with error %d; the client "
		    "will see it", flags, r->err);
	return TRUE;
}

/*
 * The driver writes at most len - 1 characters and a NUL.  The reply can
 * carry ONCUDA_NAME_MAX characters, so a longer buffer than that buys
 * nothing; a len below 1 leaves no room even for the NUL and is refused
 * before the driver sees it.
 */
typedef CUresult (*text_query)(char *text, int len, CUdevice dev);

static void device_text(text_query query, int len, int dev, res_string *r)
{
	char text[ONCUDA_NAME_MAX + 1];
	char *copy;

	if (len < 1) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return;
	}
	if (len > (int)sizeof(text))
		len = (int)sizeof(text);
	memset(text, 0, sizeof(text));
	r->err = query(text, len, (CUdevice)dev);
	if (r->err != CUDA_SUCCESS)
		return;
	copy = strndup(text, (size_t)len - 1);
	if (copy == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->res_string_u.value = copy;
}

bool_t cu_device_get_name_svc(int len, int dev, res_string *r,
    struct svc_req *rq)
{
	(void)rq;
	device_text(cuDeviceGetName, len, dev, r);
	return TRUE;
}

bool_t cu_device_get_pci_bus_id_svc(int len, int dev, res_string *r,
    struct svc_req *rq)
{
	(void)rq;
	device_text(cuDeviceGetPCIBusId, len, dev, r);
	return TRUE;
}

bool_t cu_device_get_uuid_svc(int dev, res_uuid *r, struct svc_req *rq)
{
	CUuuid uuid;

	(void)rq;
	r->err = cuDeviceGetUuid(&uuid, (CUdevice)dev);
	if (r->err == CUDA_SUCCESS)
		memcpy(r->res_uuid_u.bytes, uuid.bytes,
		    sizeof(r->res_uuid_u.bytes));
	return TRUE;
}
