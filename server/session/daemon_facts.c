/*
 * server/session/daemon_facts.c -- what a session knows of the daemon that
 * forked it (daemon_facts.h).
 *
 * The socket path is set before the first fork, so each child has it in
 * its copy of this file's data.  The count of sessions changes after the
 * fork, and a child has only the copy of the daemon's list it was forked
 * with; the count is therefore kept in a page shared with every child,
 * mapped before the first fork, which only the daemon writes.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/un.h>

#include "server/session/daemon_facts.h"
#include "server/session/log.h"

static _Atomic size_t *shared_sessions;
static char local_socket[sizeof(((struct sockaddr_un *)0)->sun_path)];

bool daemon_facts_share(void)
{
	void *page = mmap(NULL, sizeof *shared_sessions, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED) {
		log_msg(LOG_ERROR, "cannot map a page for the session count: %s",
		    strerror(errno));
		return false;
	}
	shared_sessions = page;
	atomic_store(shared_sessions, 0);
	return true;
}

void daemon_facts_set_sessions(size_t open)
{
	if (shared_sessions != NULL)
		atomic_store(shared_sessions, open);
}

size_t daemon_facts_sessions(void)
{
	return shared_sessions != NULL ? atomic_load(shared_sessions) : 0;
}

void daemon_facts_set_local_socket(const char *path)
{
	snprintf(local_socket, sizeof local_socket, "%s", path);
}

const char *daemon_facts_local_socket(void)
{
	return local_socket;
}
