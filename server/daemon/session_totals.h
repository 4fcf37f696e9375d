/*
 * server/daemon/session_totals.h -- what every session since the daemon
 * started has done, the ended ones included, for the metrics file's
 * counters (session_totals.c).  The daemon's alone: fed where it forks and
 * reaps its sessions (children.c), read where it writes the metrics file.
 */
#ifndef ONCUDA_SERVER_DAEMON_SESSION_TOTALS_H
#define ONCUDA_SERVER_DAEMON_SESSION_TOTALS_H

#include <stddef.h>
#include <stdint.h>

#include "server/session/session_table.h"

/* How a session's process ended, as the daemon's log tells it. */
enum session_end_how {
	SESSION_EXITED,		/* exit status 0 */
	SESSION_FAILED,		/* another exit status */
	SESSION_KILLED,		/* a signal */
	SESSION_END_HOWS
};

/*
 * The totals as of one reading.  Every field but the peaks is a counter:
 * it never decreases while the daemon runs, whatever a session writes
 * into its page.
 */
struct session_totals {
	uint64_t started;		/* sessions forked */
	uint64_t ended[SESSION_END_HOWS];
	uint64_t uncounted;		/* ended without a slot: figures unknown */
	uint64_t key_proved;		/* ended whose client proved the key */
	/* Every session, ended or open: */
	uint64_t calls, bytes_in, bytes_out;
	uint64_t seconds;		/* how long sessions have lasted, added up */
	/* The most any one session has held at once (gauges that only rise): */
	uint64_t device_peak, page_locked_peak;
};

/* A session was forked. */
void session_totals_started(void);

/*
 * A session ended, how, at now (seconds since 1970); last: its figures
 * from the session table (session_table_close_slot), NULL when it had no
 * slot.
 */
void session_totals_ended(enum session_end_how how,
    const struct session_figures *last, int64_t now);

/*
 * The totals: those of the ended sessions plus the figures of the n open
 * ones (session_table_read) at now.
 */
void session_totals_read(const struct session_figures *open, size_t n,
    int64_t now, struct session_totals *out);

#endif
