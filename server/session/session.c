/*
 * server/session/session.c -- the end of a client: release what it left behind.
 *
 * The process exits right after teardown, and the kernel would reclaim the
 * memory anyway.  Releasing through the driver still matters: it gives the
 * device memory back at once, in an order the driver accepts, and the debug
 * log then says what the client had left.
 *
 * It is called only by child.c (and the fuzz target).  What it releases of
 * the layers above (the procedures, the copy machinery) it reaches through
 * the steps they filled (session.h), never by name.
 */
#include <assert.h>
#include <stddef.h>
#include <unistd.h>

#include "server/session/ipc_registry.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/session/session.h"
#include "server/session/stripes.h"

/* The session's own steps are filled here; the others by session_end_fill. */
static void (*steps[SESSION_END_STEPS])(void) = {
	[SESSION_END_STRIPES] = stripes_session_end,
	[SESSION_END_RANGES] = ranges_clear,
};

void session_end_fill(enum session_end_step step, void (*release)(void))
{
	assert(step < SESSION_END_STEPS && release != NULL);
	assert(steps[step] == NULL || steps[step] == release);
	steps[step] = release;
}

void session_teardown(void)
{
	log_msg(LOG_DEBUG, "releasing what the client left behind");
	/* No session opens what this one exported from now on. */
	ipc_registry_forget(getpid());
	for (size_t i = 0; i < SESSION_END_STEPS; i++) {
		assert(steps[i] != NULL);
		steps[i]();
	}
	log_msg(LOG_DEBUG, "client resources released");
}
