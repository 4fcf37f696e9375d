/*
 * server/daemon/session_totals.c -- the totals of every session since the
 * daemon started (session_totals.h).
 *
 * A session's figures reach the daemon through its page of the session
 * table (session_table.h): read live while it runs, and once more when the
 * daemon reaps it (children.c), which is when they join the totals of the
 * ended sessions.  Counting how many sessions started and ended is the
 * daemon's own doing; the figures are each session's own word, since the
 * session's process writes its page and may have run anything: so
 *
 *  - each figure of a session is taken as at most FIGURE_MAX, far above
 *    anything a session does in a daemon's lifetime, which bounds what one
 *    session can add, and keeps every total exact as the exposition's
 *    float64;
 *  - the sums saturate rather than wrap;
 *  - a reading is never below the last one, field by field: Prometheus
 *    takes a counter that goes down for a restart of the daemon.  Without
 *    this a session that lowered its own counters, or one whose last
 *    figures are below those read while it ran, would do just that.
 *
 * The daemon is one thread: nothing here is shared.
 */
#include <assert.h>

#include "server/daemon/session_totals.h"

/* 2^53 - 1: the largest integer a float64 holds exactly (8 PiB, or 285
 * million years). */
#define FIGURE_MAX ((UINT64_C(1) << 53) - 1)

static struct session_totals ended_sum;	/* what the ended sessions did */
static struct session_totals last_read;	/* what session_totals_read said */

static uint64_t bounded(uint64_t figure)
{
	return figure < FIGURE_MAX ? figure : FIGURE_MAX;
}

static void add(uint64_t *total, uint64_t figure)
{
	figure = bounded(figure);
	*total = *total > UINT64_MAX - figure ? UINT64_MAX : *total + figure;
}

static void raise_to(uint64_t *peak, uint64_t figure)
{
	if (bounded(figure) > *peak)
		*peak = bounded(figure);
}

/* How long a session has lasted at now; since is the daemon's own figure. */
static uint64_t lasted(const struct session_figures *s, int64_t now)
{
	return now > s->since && s->since > 0 ? (uint64_t)(now - s->since) : 0;
}

/* One session's figures into t. */
static void add_session(struct session_totals *t,
    const struct session_figures *s, int64_t now)
{
	add(&t->calls, s->calls);
	add(&t->bytes_in, s->bytes_in);
	add(&t->bytes_out, s->bytes_out);
	add(&t->seconds, lasted(s, now));
	raise_to(&t->device_peak, s->device_peak);
	raise_to(&t->page_locked_peak, s->page_locked_peak);
}

void session_totals_started(void)
{
	add(&ended_sum.started, 1);
}

void session_totals_ended(enum session_end_how how,
    const struct session_figures *last, int64_t now)
{
	assert(how < SESSION_END_HOWS);
	add(&ended_sum.ended[how], 1);
	if (last == NULL) {
		add(&ended_sum.uncounted, 1);
		return;
	}
	if (last->key_proved)
		add(&ended_sum.key_proved, 1);
	add_session(&ended_sum, last, now);
}

/* *field of the reading, never below the last reading's. */
static void never_below(uint64_t *field, uint64_t last)
{
	if (*field < last)
		*field = last;
}

void session_totals_read(const struct session_figures *open, size_t n,
    int64_t now, struct session_totals *out)
{
	*out = ended_sum;
	for (size_t i = 0; i < n; i++)
		add_session(out, &open[i], now);
	never_below(&out->started, last_read.started);
	for (int how = 0; how < SESSION_END_HOWS; how++)
		never_below(&out->ended[how], last_read.ended[how]);
	never_below(&out->uncounted, last_read.uncounted);
	never_below(&out->key_proved, last_read.key_proved);
	never_below(&out->calls, last_read.calls);
	never_below(&out->bytes_in, last_read.bytes_in);
	never_below(&out->bytes_out, last_read.bytes_out);
	never_below(&out->seconds, last_read.seconds);
	never_below(&out->device_peak, last_read.device_peak);
	never_below(&out->page_locked_peak, last_read.page_locked_peak);
	last_read = *out;
}
