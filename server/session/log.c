/*
 * server/session/log.c -- see log.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "server/session/log.h"

static int max_level = LOG_INFO;
static char peer_name[64];

static const char *const level_names[] = {
	[LOG_ERROR] = "error",
	[LOG_WARN] = "warn",
	[LOG_INFO] = "info",
	[LOG_DEBUG] = "debug",
};

void log_set_level(int level)
{
	if (level < LOG_ERROR)
		level = LOG_ERROR;
	if (level > LOG_DEBUG)
		level = LOG_DEBUG;
	max_level = level;
}

int log_get_level(void)
{
	return max_level;
}

int log_level_from_name(const char *name)
{
	for (int i = LOG_ERROR; i <= LOG_DEBUG; i++)
		if (strcmp(name, level_names[i]) == 0)
			return i;
	return -1;
}

void log_set_peer(const char *peer)
{
	snprintf(peer_name, sizeof peer_name, "%s", peer != NULL ? peer : "");
}

/* Appends to line[*len]; keeps *len within size - 1 when the text is cut. */
static void append(char *line, size_t size, size_t *len, const char *fmt, va_list ap)
{
	int n;

	if (*len >= size - 1)
		return;
	n = vsnprintf(line + *len, size - *len, fmt, ap);
	if (n < 0)
		return;
	*len += (size_t)n < size - *len ? (size_t)n : size - *len - 1;
}

static void appendf(char *line, size_t size, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void appendf(char *line, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	append(line, size, len, fmt, ap);
	va_end(ap);
}

void log_msg(int level, const char *fmt, ...)
{
	char line[2048];
	size_t len = 0;
	struct timespec now;
	struct tm tm;
	va_list ap;
	int saved_errno = errno;

	if (level > max_level)
		return;
	if (level < LOG_ERROR)
		level = LOG_ERROR;

	clock_gettime(CLOCK_REALTIME, &now);
	localtime_r(&now.tv_sec, &tm);
	len = strftime(line, sizeof line, "%Y-%m-%d %H:%M:%S", &tm);
	appendf(line, sizeof line, &len, ".%03ld %-5s oncudad[%ld]%s%s: ",
	    now.tv_nsec / 1000000L, level_names[level], (long)getpid(),
	    peer_name[0] != '\0' ? " " : "", peer_name);

	va_start(ap, fmt);
	append(line, sizeof line, &len, fmt, ap);
	va_end(ap);
	line[len++] = '\n';

	/* One write per line: several processes share this stderr.  A failed
	 * write has nowhere to be reported. */
	if (write(STDERR_FILENO, line, len) < 0)
		errno = saved_errno;
	errno = saved_errno;
}
