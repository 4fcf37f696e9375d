/*
 * server/daemon/children.c -- the daemon's list of per-client processes.
 *
 * The daemon keeps every child's pid so that it can end them when it stops,
 * and its client's address so that the log says whose session ended and how.
 * A child that crashes takes only its own client with it; that is worth a
 * warning, a normal end is not.
 *
 * How many sessions are open is also asked in a child (ONCUDA_DESCRIBE_SERVER,
 * svc_info.c), which has only the copy of the list it was forked with: the
 * daemon publishes the count through server/session/daemon_facts.h.
 *
 * Each child also has a slot in the session table (session_table.h), where
 * it counts what it holds and does; when it ends, the daemon logs its
 * totals from there and frees the slot, whether it exited or crashed; the
 * same totals join those of every session (session_totals.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "server/daemon/children.h"
#include "server/daemon/session_totals.h"
#include "server/session/daemon_facts.h"
#include "server/session/ipc_registry.h"
#include "server/session/log.h"
#include "server/session/session_table.h"

struct child {
	pid_t pid;
	int slot;		/* in the session table; -1: none */
	char peer[64];
	char host[48];		/* for --max-clients-per-host */
};

static struct child *children;
static size_t count, capacity;

bool children_add(pid_t pid, int slot, const char *peer, const char *host)
{
	if (count == capacity) {
		size_t bigger = capacity == 0 ? 16 : capacity * 2;
		struct child *grown = realloc(children, bigger * sizeof *grown);

		if (grown == NULL)
			return false;
		children = grown;
		capacity = bigger;
	}
	session_totals_started();
	children[count].pid = pid;
	children[count].slot = slot;
	snprintf(children[count].peer, sizeof children[count].peer, "%s", peer);
	snprintf(children[count].host, sizeof children[count].host, "%s", host);
	count++;
	daemon_facts_set_sessions(count);
	return true;
}

/* How the session ended, logged when it was not a clean exit. */
static enum session_end_how log_exit(const struct child *c, int status)
{
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		log_msg(LOG_WARN, "session %s pid %ld ended by signal %d (%s)%s",
		    c->peer, (long)c->pid, sig, strsignal(sig),
		    WCOREDUMP(status) ? ", core dumped" : "");
		return SESSION_KILLED;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
		log_msg(LOG_WARN, "session %s pid %ld exited with status %d",
		    c->peer, (long)c->pid, WEXITSTATUS(status));
		return SESSION_FAILED;
	}
	log_msg(LOG_DEBUG, "session %s pid %ld exited", c->peer, (long)c->pid);
	return SESSION_EXITED;
}

/*
 * The session's totals, one line at info whatever its end, for accounting:
 * key=value, so that a script can add them up.  A session that went
 * uncounted (no slot) says so.  Both join the totals of every session.
 */
static void log_totals(const struct child *c, enum session_end_how how)
{
	struct session_figures f;
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	if (c->slot < 0) {
		session_totals_ended(how, NULL, (int64_t)now.tv_sec);
		log_msg(LOG_INFO, "session %s pid %ld ended, not counted (no "
		    "slot in the session table)", c->peer, (long)c->pid);
		return;
	}
	session_table_close_slot(c->slot, &f);
	session_totals_ended(how, &f, (int64_t)now.tv_sec);
	log_msg(LOG_INFO, "session %s pid %ld ended: seconds=%lld calls=%llu "
	    "bytes_in=%llu bytes_out=%llu device_memory_peak=%llu "
	    "page_locked_peak=%llu key_proved=%s identity=%s", c->peer,
	    (long)c->pid, (long long)(now.tv_sec - f.since),
	    (unsigned long long)f.calls, (unsigned long long)f.bytes_in,
	    (unsigned long long)f.bytes_out, (unsigned long long)f.device_peak,
	    (unsigned long long)f.page_locked_peak, f.key_proved ? "yes" : "no",
	    f.identity[0] != '\0' ? f.identity : "-");
}

void children_reap(void)
{
	pid_t pid;
	int status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (size_t i = 0; i < count; i++) {
			if (children[i].pid != pid)
				continue;
			log_totals(&children[i], log_exit(&children[i], status));
			ipc_registry_forget(pid);
			children[i] = children[--count];
			daemon_facts_set_sessions(count);
			break;
		}
	}
	if (pid < 0 && errno != ECHILD)
		log_msg(LOG_WARN, "waitpid: %s", strerror(errno));
}

size_t children_count(void)
{
	return count;
}

size_t children_count_host(const char *host)
{
	size_t n = 0;

	for (size_t i = 0; i < count; i++)
		n += strcmp(children[i].host, host) == 0;
	return n;
}

void children_signal(int sig)
{
	for (size_t i = 0; i < count; i++)
		if (kill(children[i].pid, sig) < 0 && errno != ESRCH)
			log_msg(LOG_WARN, "cannot signal session %s pid %ld: %s",
			    children[i].peer, (long)children[i].pid, strerror(errno));
}
