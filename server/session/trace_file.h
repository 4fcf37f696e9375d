/*
 * server/session/trace_file.h -- the audit trace file (oncudad -T): every
 * session appends its lines to one file, which is kept below a size cap by
 * rotation (--trace-file-max).
 *
 * A client can make a session trace as fast as it can send requests, before
 * it has proved its key too, so without a cap the file would fill the disk.
 * When the file would pass the cap, it is renamed to FILE.1 (replacing the
 * previous one) and a new FILE begun: the trace on disk never passes twice
 * the cap.  Each session holds its own descriptor; a session that finds the
 * name now names another file (another session rotated it) opens the new
 * one.  Rotation is serialized between sessions by flock() on the file.
 */
#ifndef ONCUDA_SERVER_TRACE_FILE_H
#define ONCUDA_SERVER_TRACE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The default cap, and the smallest allowed (a line must fit). */
#define TRACE_FILE_MAX_DEFAULT (256ull << 20)
#define TRACE_FILE_MAX_MIN (64ull << 10)

/* Daemon, before serving: trace to path, capped at max bytes.  false, with
 * the reason in why, when it cannot be written. */
bool trace_file_use(const char *path, uint64_t max, char *why, size_t why_len);

/* Whether a trace file is configured. */
bool trace_file_configured(void);

/* Session: opens the file; false (logged) when it cannot. */
bool trace_file_open(void);

/* Session: appends one line (with its newline), rotating first if needed. */
void trace_file_write(const char *line, size_t len);

/* Session: closes it. */
void trace_file_close(void);

#endif
