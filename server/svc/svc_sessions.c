/*
 * server/svc/svc_sessions.c -- ONCUDA_LIST_SESSIONS: the sessions of this
 * daemon and the GPUs' figures, for an operator (oncuda-ls -v).
 *
 * The gate of child.c admits it only after the key exchange, so on a
 * server with --key-file only a caller holding the key sees who else uses
 * the GPUs.  It is read from the session table (session_table.h), as of
 * now, and shows no data, handles or addresses of any session.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/nvml.h"
#include "server/session/session_table.h"

_Static_assert(SESSION_TABLE_MAX == ONCUDA_SESSIONS_MAX, "session_table.h and idl/cuda.x disagree");
_Static_assert(SESSION_PEER_MAX == ONCUDA_PEER_MAX, "session_table.h and idl/cuda.x disagree");
_Static_assert(USAGE_IDENTITY_MAX == ONCUDA_IDENTITY_MAX, "usage.h and idl/cuda.x disagree");

static bool fill_session(const struct session_figures *f, session_description *d)
{
	d->pid = (u_int)f->pid;
	d->key_proved = f->key_proved;
	d->since = f->since;
	d->device_memory = f->device_memory;
	d->page_locked_memory = f->page_locked;
	d->contexts = f->contexts > UINT32_MAX ? UINT32_MAX : (u_int)f->contexts;
	d->calls = f->calls;
	d->bytes_in = f->bytes_in;
	d->bytes_out = f->bytes_out;
	d->self = f->pid == getpid();
	d->peer = strdup(f->peer);
	d->identity = strdup(f->identity);
	return d->peer != NULL && d->identity != NULL;
}

static bool fill_gpu(const struct gpu_figures *g, gpu_usage *u)
{
	u->index = g->index;
	u->utilization_gpu = g->utilization_gpu;
	u->utilization_memory = g->utilization_memory;
	u->memory_used = g->memory_used;
	u->memory_total = g->memory_total;
	return (u->pci_bus_id = strdup(g->pci_bus_id)) != NULL;
}

bool_t oncuda_list_sessions_svc(res_session_list *r, struct svc_req *rq)
{
	static struct session_figures figures[ONCUDA_SESSIONS_MAX];
	struct gpu_figures gpus[ONCUDA_DEVICES_MAX];
	char why[ONCUDA_NVML_TEXT_MAX];
	session_list *v = &r->res_session_list_u.value;
	size_t sessions, gpu_count;
	bool ok = true;

	(void)rq;
	/* rpcgen's dispatcher does not clear the result; freeresult frees
	 * what is set here, a partial answer included. */
	memset(r, 0, sizeof *r);
	sessions = session_table_read(figures, ONCUDA_SESSIONS_MAX);
	gpu_count = nvml_read(gpus, ONCUDA_DEVICES_MAX, why, sizeof why);
	v->nvml = strdup(why);
	v->sessions.sessions_val = calloc(sessions > 0 ? sessions : 1,
	    sizeof *v->sessions.sessions_val);
	v->gpus.gpus_val = calloc(gpu_count > 0 ? gpu_count : 1,
	    sizeof *v->gpus.gpus_val);
	ok = v->nvml != NULL && v->sessions.sessions_val != NULL &&
	    v->gpus.gpus_val != NULL;
	for (size_t i = 0; ok && i < sessions; i++) {
		v->sessions.sessions_len++;
		ok = fill_session(&figures[i], &v->sessions.sessions_val[i]);
	}
	for (size_t i = 0; ok && i < gpu_count; i++) {
		v->gpus.gpus_len++;
		ok = fill_gpu(&gpus[i], &v->gpus.gpus_val[i]);
	}
	if (!ok) {
		xdr_free((xdrproc_t)xdr_session_list, (char *)v);
		memset(r, 0, sizeof *r);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}
