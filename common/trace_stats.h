/*
 * trace_stats.h -- calls, bytes and time per procedure, for the summary a
 * trace ends with.
 *
 * Bytes are those of the XDR encoding of the arguments and results, as the
 * recording stream counts them (trace_xdr.h): the RPC and record-marking
 * headers around them, some 40 bytes a call, are not counted.
 */
#ifndef ONCUDA_TRACE_STATS_H
#define ONCUDA_TRACE_STATS_H

#include <stdint.h>

#include <rpc/rpc.h>

struct trace_stats;

/* NULL when out of memory. */
struct trace_stats *trace_stats_new(void);
void trace_stats_free(struct trace_stats *stats);

/* One call of proc: bytes this process sent and received, microseconds. */
void trace_stats_add(struct trace_stats *stats, rpcproc_t proc, uint64_t sent,
    uint64_t received, uint64_t micros);

/*
 * The summary, a line at a time (without newline) to emit: a heading, a
 * line per procedure called, in the IDL's order, and the totals.
 */
void trace_stats_summary(const struct trace_stats *stats,
    void (*emit)(void *context, const char *line), void *context);

#endif
