/*
 * server/svc/svc_info.c -- ONCUDA_DESCRIBE_SERVER: who this server is, for
 * oncuda-ls and for clients choosing among servers.
 *
 * Answered before authentication (child.c), so it says nothing a client's
 * session could use: versions, the host name, the sessions open, whether a
 * key is required, and the devices' identities.  The driver is initialised
 * here if the client has not done it yet; cuInit is the same call every
 * session makes first, and nothing here creates a context.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda.h>

#include "common/release.h"
#include "server/session/auth.h"
#include "server/session/starttls.h"
#include "gen/cuda_names.h"
#include "server/session/daemon_facts.h"

/* The commit oncudad was built from (tools/oncuda-ls.mk sets it). */

static CUresult describe_device(int ordinal, device_description *d)
{
	char name[256], bus_id[ONCUDA_PCI_BUS_ID_MAX + 1];
	CUdevice dev;
	CUuuid uuid;
	size_t bytes;
	CUresult rc;

	memset(name, 0, sizeof name);
	memset(bus_id, 0, sizeof bus_id);
	d->ordinal = ordinal;
	if ((rc = cuDeviceGet(&dev, ordinal)) != CUDA_SUCCESS ||
	    (rc = cuDeviceGetName(name, (int)sizeof name, dev)) != CUDA_SUCCESS ||
	    (rc = cuDeviceTotalMem(&bytes, dev)) != CUDA_SUCCESS ||
	    (rc = cuDeviceGetAttribute(&d->cc_major,
	    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)) != CUDA_SUCCESS ||
	    (rc = cuDeviceGetAttribute(&d->cc_minor,
	    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)) != CUDA_SUCCESS ||
	    (rc = cuDeviceGetPCIBusId(bus_id, (int)sizeof bus_id, dev)) != CUDA_SUCCESS ||
	    (rc = cuDeviceGetUuid(&uuid, dev)) != CUDA_SUCCESS)
		return rc;
	d->total_memory = bytes;
	memcpy(d->uuid, uuid.bytes, sizeof d->uuid);
	if ((d->name = strdup(name)) == NULL ||
	    (d->pci_bus_id = strdup(bus_id)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	return CUDA_SUCCESS;
}

/* Fills the driver's part; its first failure goes in driver_status. */
static void describe_driver(server_description *s)
{
	device_description *devices;
	int count;

	if ((s->driver_status = cuInit(0)) != CUDA_SUCCESS ||
	    (s->driver_status = cuDriverGetVersion(&s->driver_version)) != CUDA_SUCCESS ||
	    (s->driver_status = cuDeviceGetCount(&count)) != CUDA_SUCCESS || count <= 0)
		return;
	if (count > ONCUDA_DEVICES_MAX)
		count = ONCUDA_DEVICES_MAX;
	if ((devices = calloc((size_t)count, sizeof *devices)) == NULL) {
		s->driver_status = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	/* Strings are owned by the result, so the dispatcher's xdr_free frees them. */
	s->devices.devices_val = devices;
	for (int i = 0; i < count; i++) {
		s->devices.devices_len = (u_int)i + 1;
		if ((s->driver_status = describe_device(i, &devices[i])) != CUDA_SUCCESS) {
			s->devices.devices_len = (u_int)i;
			return;
		}
	}
}

bool_t oncuda_describe_server_svc(res_server_description *r,
    struct svc_req *rq)
{
	server_description *s = &r->res_server_description_u.value;
	char host[ONCUDA_HOST_NAME_MAX + 1];
	size_t sessions = daemon_facts_sessions();

	(void)rq;
	/* rpcgen's dispatcher does not clear the result: no stack bytes out. */
	memset(r, 0, sizeof *r);
	if (gethostname(host, sizeof host) != 0)
		strcpy(host, "unknown");
	host[sizeof host - 1] = '\0';
	/* The asker's own session is one of the daemon's, unless the daemon
	 * has not counted it yet, an instant after the fork. */
	s->clients = (u_int)(sessions > 0 ? sessions - 1 : 0);
	s->key_required = auth_key_required();
	s->tls = starttls_required() ? ONCUDA_TLS_REQUIRED :
	    starttls_offered() ? ONCUDA_TLS_OFFERED : ONCUDA_TLS_NONE;
	if ((s->software = strdup(release_software())) == NULL ||
	    (s->host = strdup(host)) == NULL) {
		xdr_free((xdrproc_t)xdr_res_server_description, (char *)r);
		memset(r, 0, sizeof *r);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	describe_driver(s);
	return TRUE;
}
