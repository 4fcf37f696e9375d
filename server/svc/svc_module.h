/*
 * server/svc/svc_module.h -- loaded modules and libraries with their images
 * (svc_module.c), as the rest of the session forgets them.
 */
#ifndef ONCUDA_SERVER_SVC_SVC_MODULE_H
#define ONCUDA_SERVER_SVC_SVC_MODULE_H

#include <cuda.h>

/* The driver destroyed ctx, and with it the modules loaded in it. */
void modules_context_gone(CUcontext ctx);
/* The session is over: unloads the libraries (they have no context). */
void libraries_unload_all(void);
/* The session is over, its contexts gone: frees the images kept for the driver. */
void modules_drop_all(void);

#endif
