/*
 * server/session/session.h -- the end of a client (session.c): release what
 * it left behind.
 *
 * A server process serves exactly one client connection on one thread, so
 * the per-client state is plain file-scope data in the file that owns it,
 * without locks; each of those files says in its header how the session
 * forgets it.
 *
 * Most of that state belongs to the layers above the session (the
 * procedures of server/svc/, the buffers of server/copy/), which the
 * session does not call.  Instead the end of a session is a fixed list of
 * steps, run in the order of the enumeration below; the daemon fills each
 * step with the function of the layer that owns what it releases
 * (server/daemon/session_end.c) before it forks a session, and the session
 * fills its own.
 */
#ifndef ONCUDA_SERVER_SESSION_SESSION_H
#define ONCUDA_SERVER_SESSION_SESSION_H

/*
 * The steps, in the order they run, and why that order:
 * - page-locked host memory first: freeing it needs the context it was
 *   made in, so it goes before that context does;
 * - the record of sparse arrays' mapped tiles, then virtual memory
 *   mappings, allocation handles and reservations, while their contexts
 *   still live (the tiles go with their arrays' contexts);
 * - libraries, which belong to no context;
 * - the contexts: destroying them (and dropping primary retains) frees
 *   device memory, modules, streams and events, and waits for their work;
 * - the copy machinery's buffers, whose events and registrations went with
 *   the contexts: the upload pool, the staging slots, the striped copies'
 *   buffers, then the session's data connections;
 * - the bookkeeping of device memory the driver has now freed: the
 *   allocations, then the device ranges;
 * - module images last, because the driver may read an image for as long
 *   as its module lives: the kept images, the staged image, the kept
 *   fatbins of a link; then the cached parameter layouts.
 */
enum session_end_step {
	SESSION_END_HOST_MEMORY,	/* svc/svc_hostmem.c */
	SESSION_END_SPARSE_TILES,	/* svc/sparse_tiles.c */
	SESSION_END_VMM,		/* svc/svc_vmm.c */
	SESSION_END_LIBRARIES,		/* svc/svc_module.c */
	SESSION_END_CONTEXTS,		/* svc/svc_context.c */
	SESSION_END_UPLOAD_POOL,	/* copy/upload_pool.c */
	SESSION_END_STAGING,		/* copy/staging.c */
	SESSION_END_STRIPE_COPY,	/* copy/stripe_copy.c */
	SESSION_END_STRIPES,		/* session/stripes.c (filled here) */
	SESSION_END_ALLOCATIONS,	/* svc/svc_memory.c */
	SESSION_END_RANGES,		/* session/ranges.c (filled here) */
	SESSION_END_MODULES,		/* svc/svc_module.c */
	SESSION_END_IMAGE,		/* svc/svc_image.c */
	SESSION_END_PRELINKED,		/* svc/svc_image.c */
	SESSION_END_LAYOUTS,		/* svc/svc_params.c */
	SESSION_END_STEPS
};

/*
 * Fills step with release, before the first session begins.  Each step is
 * filled once, by the layer that owns what it releases.
 */
void session_end_fill(enum session_end_step step, void (*release)(void));

/*
 * Called once when the client disconnects, before the process exits: no
 * other session opens what this one exported from now on, then every step
 * runs in order.  Every step must have been filled (asserted).
 */
void session_teardown(void);

#endif
