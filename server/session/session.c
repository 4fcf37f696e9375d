/*
 * session.c -- the end of a client: release what it left behind.
 *
 * The process exits right after teardown, and the kernel would reclaim the
 * memory anyway.  Releasing through the driver still matters: it gives the
 * device memory back at once, in an order the driver accepts, and the debug
 * log then says what the client had left.
 */
#include <stdint.h>

#include <cuda.h>

#include "server/session/handles.h"
#include "server/copy/local_staged.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/svc_context.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/svc_image.h"
#include "server/svc/svc_memory.h"
#include "server/svc/svc_module.h"
#include "server/svc/svc_params.h"
#include "server/copy/staging.h"
#include "server/copy/upload_pool.h"
#include "server/session/session.h"

void session_context_gone(CUcontext ctx)
{
	/* The driver already freed what was made in ctx; only our records of
	 * it remain.  Handles made in it go with the context's handle. */
	modules_context_gone(ctx);
	hostmem_context_gone(ctx);
	upload_pool_context_gone(ctx);
	local_staged_context_gone(ctx);
	allocations_context_gone(ctx);
	ranges_context_gone(ctx);
	layouts_flush();
	handle_forget(HANDLE_CONTEXT, (cu_handle)(uintptr_t)ctx);
}

void session_teardown(void)
{
	log_msg(LOG_DEBUG, "releasing what the client left behind");
	/*
	 * Host memory first: freeing page-locked memory needs the context it
	 * was made in, so it must go before that context does.  Libraries do
	 * not belong to a context and are unloaded next.  Destroying contexts
	 * and dropping primary retains then frees device memory, modules,
	 * streams and events.  Module images are freed last, because the
	 * driver may read an image for as long as its module lives.
	 */
	hostmem_release_all();
	libraries_unload_all();
	contexts_release_all();
	upload_pool_session_end();
	staging_session_end();
	allocations_forget_all();
	ranges_clear();
	modules_drop_all();
	image_drop();
	layouts_flush();
	log_msg(LOG_DEBUG, "client resources released");
}
