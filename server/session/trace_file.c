/*
 * server/session/trace_file.c -- the audit trace file, capped and rotated
 * (trace_file.h).
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/session/log.h"
#include "server/session/trace_file.h"

static const char *file_path;		/* NULL: no trace file */
static uint64_t file_max = TRACE_FILE_MAX_DEFAULT;
static int file_fd = -1;

static int open_append(void)
{
	return open(file_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

bool trace_file_use(const char *path, uint64_t max, char *why, size_t why_len)
{
	int fd;

	file_path = path;
	if (max < TRACE_FILE_MAX_MIN) {
		snprintf(why, why_len, "a cap below %llu bytes",
		    (unsigned long long)TRACE_FILE_MAX_MIN);
		return false;
	}
	file_max = max;
	if ((fd = open_append()) < 0) {
		snprintf(why, why_len, "%s", strerror(errno));
		return false;
	}
	close(fd);
	return true;
}

bool trace_file_configured(void)
{
	return file_path != NULL;
}

bool trace_file_open(void)
{
	assert(file_path != NULL && file_fd < 0);
	if ((file_fd = open_append()) < 0) {
		log_msg(LOG_WARN, "not writing the trace file %s: %s",
		    file_path, strerror(errno));
		return false;
	}
	return true;
}

/* Whether the name still names the file this session writes. */
static bool still_named(void)
{
	struct stat by_name, by_fd;

	return stat(file_path, &by_name) == 0 && fstat(file_fd, &by_fd) == 0 &&
	    by_name.st_dev == by_fd.st_dev && by_name.st_ino == by_fd.st_ino;
}

static void reopen(void)
{
	close(file_fd);
	if ((file_fd = open_append()) < 0)
		log_msg(LOG_WARN, "cannot reopen the trace file %s: %s; this "
		    "session writes no more of it", file_path, strerror(errno));
}

/* Renames a file that would pass the cap with len more bytes to FILE.1. */
static void rotate_if_full(size_t len)
{
	char old_name[4096];
	struct stat st;

	if (fstat(file_fd, &st) != 0 || (uint64_t)st.st_size + len <= file_max)
		return;
	if (flock(file_fd, LOCK_EX) != 0)
		return;
	/* Another session may have rotated it while this one waited. */
	if (still_named() && snprintf(old_name, sizeof old_name, "%s.1",
	    file_path) < (int)sizeof old_name &&
	    rename(file_path, old_name) != 0)
		log_msg(LOG_WARN, "cannot rotate the trace file %s: %s",
		    file_path, strerror(errno));
	flock(file_fd, LOCK_UN);
	reopen();
}

void trace_file_write(const char *line, size_t len)
{
	if (file_fd < 0)
		return;
	if (!still_named())
		reopen();
	if (file_fd >= 0)
		rotate_if_full(len);
	if (file_fd >= 0 && write(file_fd, line, len) < 0)
		log_msg(LOG_WARN, "cannot write the trace to %s: %s", file_path,
		    strerror(errno));
}

void trace_file_close(void)
{
	if (file_fd >= 0)
		close(file_fd);
	file_fd = -1;
}
