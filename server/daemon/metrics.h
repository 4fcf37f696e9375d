/*
 * server/daemon/metrics.h -- oncudad --metrics-file: the sessions' and the
 * GPUs' figures as a Prometheus text exposition, for node_exporter's
 * textfile collector (metrics.c).
 */
#ifndef ONCUDA_SERVER_DAEMON_METRICS_H
#define ONCUDA_SERVER_DAEMON_METRICS_H

#include <stdbool.h>

/* Seconds between two writings of the file. */
#define METRICS_SECONDS 5

/*
 * Writes the figures as of now to path, whole or not at all: a reader
 * sees the last file or this one, never half of one.  up: false for the
 * last writing, when the daemon stops.  false: logged (once until a
 * writing succeeds again).
 */
bool metrics_write(const char *path, bool up);

#endif
