/*
 * server/svc/svc_context.h -- the contexts this client created and the primary
 * contexts it retained (svc_context.c), released when it goes.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_CONTEXT_H
#define ONCUDA_SERVER_SVC_SVC_CONTEXT_H

#include <cuda.h>

/* Destroys the contexts the client created and undoes its primary-context
 * retains; what lived in each is forgotten as it goes. */
void contexts_release_all(void);

/* Forgets what lived in ctx, which the driver destroyed (a green context's
 * context goes with cuGreenCtxDestroy): modules, memory, ranges, handles. */
void context_gone(CUcontext ctx);

#endif
