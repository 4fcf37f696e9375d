/*
 * server/session/session.c -- the end of a client: release what it left behind.
 *
 * The process exits right after teardown, and the kernel would reclaim the
 * memory anyway.  Releasing through the driver still matters: it gives the
 * device memory back at once, in an order the driver accepts, and the debug
 * log then says what the client had left.
 *
 * It is the top of a session's calls, called only by child.c (and the fuzz
 * target): it calls down into the services (server/svc/), the copy
 * machinery (server/copy/) and the session's ranges, and nothing calls
 * back into it.
 */
#include <unistd.h>

#include "server/copy/staging.h"
#include "server/copy/stripe_copy.h"
#include "server/copy/upload_pool.h"
#include "server/session/ipc_registry.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/session/session.h"
#include "server/session/stripes.h"
#include "server/svc/svc_context.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/svc_image.h"
#include "server/svc/svc_memory.h"
#include "server/svc/svc_module.h"
#include "server/svc/svc_params.h"
#include "server/svc/svc_vmm.h"

void session_teardown(void)
{
	log_msg(LOG_DEBUG, "releasing what the client left behind");
	/* No session opens what this one exported from now on. */
	ipc_registry_forget(getpid());
	/*
	 * Host memory first: freeing page-locked memory needs the context it
	 * was made in, so it must go before that context does.  Libraries do
	 * not belong to a context and are unloaded next.  Destroying contexts
	 * and dropping primary retains then frees device memory, modules,
	 * streams and events.  Module images are freed last, because the
	 * driver may read an image for as long as its module lives.
	 */
	hostmem_release_all();
	vmm_release_all();
	libraries_unload_all();
	contexts_release_all();
	upload_pool_session_end();
	staging_session_end();
	stripe_copy_session_end();
	stripes_session_end();
	allocations_forget_all();
	ranges_clear();
	modules_drop_all();
	image_drop();
	image_drop_prelinked();
	layouts_flush();
	log_msg(LOG_DEBUG, "client resources released");
}
