/*
 * server/daemon/session_end.c -- what a session's end releases of the
 * layers above the session (session_end.h).
 *
 * The session (server/session/) sits below the procedures and the copy
 * machinery and does not call them; the daemon, above all three, hands it
 * their release functions, one for each step of its end.  The order they
 * run in is session.h's, whatever the order here.
 */
#include "server/copy/staging.h"
#include "server/copy/stripe_copy.h"
#include "server/copy/upload_pool.h"
#include "server/daemon/session_end.h"
#include "server/session/session.h"
#include "server/svc/svc_context.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/svc_image.h"
#include "server/svc/svc_memory.h"
#include "server/svc/svc_module.h"
#include "server/svc/sparse_tiles.h"
#include "server/svc/svc_params.h"
#include "server/svc/svc_vmm.h"

void session_end_fill_all(void)
{
	session_end_fill(SESSION_END_HOST_MEMORY, hostmem_release_all);
	session_end_fill(SESSION_END_SPARSE_TILES, sparse_tiles_release_all);
	session_end_fill(SESSION_END_VMM, vmm_release_all);
	session_end_fill(SESSION_END_LIBRARIES, libraries_unload_all);
	session_end_fill(SESSION_END_CONTEXTS, contexts_release_all);
	session_end_fill(SESSION_END_UPLOAD_POOL, upload_pool_session_end);
	session_end_fill(SESSION_END_STAGING, staging_session_end);
	session_end_fill(SESSION_END_STRIPE_COPY, stripe_copy_session_end);
	session_end_fill(SESSION_END_ALLOCATIONS, allocations_forget_all);
	session_end_fill(SESSION_END_MODULES, modules_drop_all);
	session_end_fill(SESSION_END_IMAGE, image_drop);
	session_end_fill(SESSION_END_PRELINKED, image_drop_prelinked);
	session_end_fill(SESSION_END_LAYOUTS, layouts_flush);
}
