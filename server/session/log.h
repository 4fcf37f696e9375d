/*
 * server/session/log.h -- oncudad's log: one line per message on stderr.
 *
 * A line reads
 *
 *   2025-11-30 14:02:11.377 info  oncudad[4242] 127.0.0.1:45678: message
 *
 * The address appears once a per-client process has named its client with
 * log_set_peer(); the daemon's own lines have only the pid.  Each line is
 * written with a single write(2), so lines from the daemon and its client
 * processes, which share stderr, never interleave.
 *
 * The level names are not syslog's (LOG_ERR, LOG_WARNING): do not include
 * <syslog.h> next to this header, its LOG_INFO and LOG_DEBUG would clash.
 */
#ifndef ONCUDA_SERVER_LOG_H
#define ONCUDA_SERVER_LOG_H

enum log_level {
	LOG_ERROR,
	LOG_WARN,
	LOG_INFO,
	LOG_DEBUG,
};

/* Messages above this level are dropped; LOG_INFO until changed. */
void log_set_level(int level);
int log_get_level(void);

/* "error", "warn", "info" or "debug" to its level; -1 for anything else. */
int log_level_from_name(const char *name);

/* The client this process serves, e.g. "127.0.0.1:45678"; NULL for none. */
void log_set_peer(const char *peer);

/* Keeps errno, so callers may log before reporting strerror(errno). */
void log_msg(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
