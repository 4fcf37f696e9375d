/*
 * test_session_totals.c -- server/daemon/session_totals.c: the totals of
 * every session, as the metrics file's counters, whatever the sessions
 * write into their pages.
 *
 * Plays the daemon: sessions start, are read while open, and end with
 * figures as a session's page may hold them: honest ones, ones below what
 * was read while the session ran, and the largest numbers there are.  The
 * counters must hold the ended sessions, never go down from one reading
 * to the next, and stay bounded, neither wrapping nor taking a lying
 * session's figure whole.
 */
#include <stdint.h>
#include <string.h>

#include "server/daemon/session_totals.h"
#include "tests/unit/unit_check.h"

#define FIGURE_MAX ((UINT64_C(1) << 53) - 1)	/* session_totals.c's */
#define T0 1700000000				/* seconds since 1970 */

static struct session_figures session(int64_t since, uint64_t calls,
    uint64_t bytes_in, uint64_t bytes_out, uint64_t device_peak)
{
	struct session_figures s;

	memset(&s, 0, sizeof s);
	s.pid = 1000;
	s.since = since;
	s.calls = calls;
	s.bytes_in = bytes_in;
	s.bytes_out = bytes_out;
	s.device_peak = device_peak;
	s.page_locked_peak = device_peak / 2;
	return s;
}

/* Every counter of b is at least a's. */
static int never_down(const struct session_totals *a,
    const struct session_totals *b)
{
	int down = a->started > b->started || a->uncounted > b->uncounted ||
	    a->key_proved > b->key_proved || a->calls > b->calls ||
	    a->bytes_in > b->bytes_in || a->bytes_out > b->bytes_out ||
	    a->seconds > b->seconds || a->device_peak > b->device_peak ||
	    a->page_locked_peak > b->page_locked_peak;

	for (int how = 0; how < SESSION_END_HOWS; how++)
		down |= a->ended[how] > b->ended[how];
	return !down;
}

int main(void)
{
	struct session_totals t, before;
	struct session_figures open[2];

	/* Nothing yet. */
	session_totals_read(NULL, 0, T0, &t);
	CHECK_EQ(t.started, 0);
	CHECK_EQ(t.calls, 0);

	/* Two sessions run: the totals are their figures. */
	session_totals_started();
	session_totals_started();
	open[0] = session(T0, 10, 1000, 2000, 4096);
	open[1] = session(T0 + 5, 3, 300, 600, 8192);
	open[1].key_proved = true;
	session_totals_read(open, 2, T0 + 10, &t);
	CHECK_EQ(t.started, 2);
	CHECK_EQ(t.calls, 13);
	CHECK_EQ(t.bytes_in, 1300);
	CHECK_EQ(t.bytes_out, 2600);
	CHECK_EQ(t.seconds, 15);
	CHECK_EQ(t.device_peak, 8192);
	CHECK_EQ(t.page_locked_peak, 4096);
	CHECK_EQ(t.key_proved, 0);	/* counted at the end */

	/* The second ends, honestly, a little further on: still counted. */
	before = t;
	open[1].calls = 5;
	session_totals_ended(SESSION_EXITED, &open[1], T0 + 12);
	session_totals_read(open, 1, T0 + 12, &t);
	CHECK(never_down(&before, &t));
	CHECK_EQ(t.ended[SESSION_EXITED], 1);
	CHECK_EQ(t.key_proved, 1);
	CHECK_EQ(t.calls, 15);
	CHECK_EQ(t.bytes_in, 1300);
	CHECK_EQ(t.seconds, 12 + 7);

	/* The first lowers its own counters, then ends by a signal with them
	 * lower still: the counters stay where they were, and catch up only
	 * when the sessions' sums pass them. */
	before = t;
	open[0].calls = 1;
	open[0].bytes_in = 0;
	session_totals_read(open, 1, T0 + 13, &t);
	CHECK(never_down(&before, &t));
	CHECK_EQ(t.calls, 15);
	CHECK_EQ(t.bytes_in, 1300);
	before = t;
	session_totals_ended(SESSION_KILLED, &open[0], T0 + 14);
	session_totals_read(NULL, 0, T0 + 14, &t);
	CHECK(never_down(&before, &t));
	CHECK_EQ(t.ended[SESSION_KILLED], 1);
	CHECK_EQ(t.calls, 15);

	/* A session without a slot: counted as ended, its figures unknown. */
	session_totals_started();
	session_totals_ended(SESSION_FAILED, NULL, T0 + 15);
	session_totals_read(NULL, 0, T0 + 15, &t);
	CHECK_EQ(t.started, 3);
	CHECK_EQ(t.ended[SESSION_FAILED], 1);
	CHECK_EQ(t.uncounted, 1);

	/* Sessions that write the largest numbers there are: each adds at
	 * most FIGURE_MAX, and the sums stop at UINT64_MAX, never wrap. */
	open[0] = session(T0, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX);
	open[0].since = INT64_MIN;	/* the daemon's own figure: not so */
	session_totals_read(open, 1, T0 + 16, &t);
	CHECK_EQ(t.calls, 5 + 1 + FIGURE_MAX);	/* the ended ones' own, and it */
	CHECK_EQ(t.device_peak, FIGURE_MAX);
	CHECK_EQ(t.page_locked_peak, FIGURE_MAX);
	for (int i = 0; i < 3000; i++) {
		before = t;
		session_totals_started();
		session_totals_ended(SESSION_EXITED, &open[0], T0 + 16);
		session_totals_read(NULL, 0, T0 + 16, &t);
		if (!never_down(&before, &t)) {
			CHECK(never_down(&before, &t));
			break;
		}
	}
	CHECK_EQ(t.calls, UINT64_MAX);
	CHECK_EQ(t.bytes_out, UINT64_MAX);
	CHECK_EQ(t.device_peak, FIGURE_MAX);
	CHECK_EQ(t.started, 3003);
	CHECK_EQ(t.ended[SESSION_EXITED], 3001);
	return unit_report("test_session_totals");
}
