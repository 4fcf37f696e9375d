/*
 * trace_stats.c -- per-procedure totals (trace_stats.h).
 *
 * A row per procedure of the IDL, by slot (trace_format.h), and one more
 * for numbers the IDL does not have.  Callers serialise.
 */
#include <stdio.h>
#include <stdlib.h>

#include "common/trace_format.h"
#include "common/trace_stats.h"

struct trace_row {
	uint64_t calls, sent, received, micros;
};

struct trace_stats {
	size_t count;			/* rows: the IDL's procedures + 1 */
	struct trace_row rows[];
};

struct trace_stats *trace_stats_new(void)
{
	size_t count = trace_proc_count() + 1;
	struct trace_stats *stats;

	stats = calloc(1, sizeof(*stats) + count * sizeof(stats->rows[0]));
	if (stats != NULL)
		stats->count = count;
	return stats;
}

void trace_stats_free(struct trace_stats *stats)
{
	free(stats);
}

void trace_stats_add(struct trace_stats *stats, rpcproc_t proc, uint64_t sent,
    uint64_t received, uint64_t micros)
{
	int slot = trace_proc_slot(proc);
	struct trace_row *row;

	row = &stats->rows[slot < 0 ? stats->count - 1 : (size_t)slot];
	row->calls++;
	row->sent += sent;
	row->received += received;
	row->micros += micros;
}

static void emit_row(void (*emit)(void *, const char *), void *context,
    const char *name, const struct trace_row *row)
{
	char line[160];

	snprintf(line, sizeof(line), "  %-36s %8llu %12llu %12llu %12llu", name,
	    (unsigned long long)row->calls, (unsigned long long)row->sent,
	    (unsigned long long)row->received, (unsigned long long)row->micros);
	emit(context, line);
}

void trace_stats_summary(const struct trace_stats *stats,
    void (*emit)(void *context, const char *line), void *context)
{
	struct trace_row total = { 0, 0, 0, 0 };
	char heading[160];

	snprintf(heading, sizeof(heading), "summary: %-29s %8s %12s %12s %12s",
	    "procedure", "calls", "bytes sent", "bytes recv", "time us");
	emit(context, heading);
	for (size_t i = 0; i < stats->count; i++) {
		const struct trace_row *row = &stats->rows[i];

		if (row->calls == 0)
			continue;
		emit_row(emit, context, i + 1 < stats->count ?
		    trace_proc_name(i) : "(NULLPROC, or not in the IDL)", row);
		total.calls += row->calls;
		total.sent += row->sent;
		total.received += row->received;
		total.micros += row->micros;
	}
	emit_row(emit, context, "total", &total);
}
