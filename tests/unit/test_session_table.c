/*
 * test_session_table.c -- server/session/session_table.c: what a session
 * can reach of the table, and the figures the daemon reads from it.
 *
 * Plays the daemon: opens slots, forks sessions that count through
 * usage.c, and reads them back.  Each session looks at its own mappings
 * of the table (/proc/self/maps, "memfd:oncuda-sessions"): it must have
 * the whole table read-only, which mprotect() cannot make writable, and
 * one writable page, its own; not the daemon's writable view, and not the
 * page of a session forked before it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server/session/session_table.h"
#include "server/session/usage.h"
#include "tests/unit/unit_check.h"

/*
 * In a session: 0 when its mappings of the table are the read-only whole
 * and its own writable page, and the whole cannot be made writable; else
 * the number of the first thing wrong.
 */
static int check_own_mappings(void)
{
	FILE *maps = fopen("/proc/self/maps", "r");
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	int read_only = 0, writable = 0;
	char line[512];

	if (maps == NULL)
		return 1;
	while (fgets(line, sizeof line, maps) != NULL) {
		unsigned long start, end;
		char perms[8];

		if (strstr(line, "oncuda-sessions") == NULL ||
		    sscanf(line, "%lx-%lx %7s", &start, &end, perms) != 3)
			continue;
		if (perms[1] == 'w') {
			if (end - start != page)
				return 2;	/* more than its own page */
			writable++;
			continue;
		}
		read_only++;
		if (mprotect((void *)start, end - start, PROT_READ | PROT_WRITE) == 0)
			return 3;	/* the table made writable */
		if (errno != EACCES)
			return 4;
	}
	fclose(maps);
	return read_only == 1 && writable == 1 ? 0 : 5;
}

static int go[2];	/* the daemon closes go[1]: the word to end */

/* A session: counts, checks its mappings, waits for the word to end. */
static void session(int slot, int calls, uint64_t device)
{
	char byte;
	int rc;

	close(go[1]);
	session_table_child(slot);
	for (int i = 0; i < calls; i++)
		usage_call();
	usage_bytes(1000, 2000);
	usage_memory(USAGE_DEVICE, device);
	usage_memory(USAGE_DEVICE, device / 2);
	usage_memory(USAGE_PAGE_LOCKED, 4096);
	usage_contexts(+1);
	usage_proved("a\nname\x7f");
	rc = check_own_mappings();
	if (read(go[0], &byte, 1) < 0)
		rc = 6;
	_exit(rc);
}

static pid_t start(int calls, uint64_t device, int *slot)
{
	pid_t pid;

	*slot = session_table_open_slot();
	CHECK(*slot >= 0);
	if ((pid = fork()) == 0)
		session(*slot, calls, device);
	session_table_parent(*slot, pid, calls == 3 ? "10.0.0.1:3" : "unix:uid=7,pid=9");
	return pid;
}

static const struct session_figures *find(const struct session_figures *f,
    size_t n, pid_t pid)
{
	for (size_t i = 0; i < n; i++)
		if (f[i].pid == pid)
			return &f[i];
	return NULL;
}

int main(void)
{
	struct session_figures seen[4], last;
	const struct session_figures *a_seen, *b_seen;
	int slot_a, slot_b, status;
	pid_t a, b;

	CHECK(session_table_create(2));
	CHECK(pipe(go) == 0);
	a = start(3, 1 << 20, &slot_a);
	b = start(5, 3 << 20, &slot_b);
	CHECK(slot_a != slot_b);
	CHECK_EQ(session_table_open_slot(), -1);	/* two slots, both taken */

	/* The sessions count before they wait: poll until both have. */
	for (int i = 0; i < 200; i++) {
		size_t n = session_table_read(seen, 4);

		if (n == 2 && find(seen, n, a) != NULL && find(seen, n, b) != NULL &&
		    find(seen, n, a)->key_proved && find(seen, n, b)->key_proved)
			break;
		usleep(10000);
	}
	CHECK_EQ(session_table_read(seen, 4), 2);
	a_seen = find(seen, 2, a);
	b_seen = find(seen, 2, b);
	CHECK(a_seen != NULL && b_seen != NULL);
	if (a_seen != NULL && b_seen != NULL) {
		CHECK_EQ(a_seen->calls, 3);
		CHECK_EQ(b_seen->calls, 5);
		CHECK_EQ(a_seen->bytes_in, 1000);
		CHECK_EQ(a_seen->bytes_out, 2000);
		CHECK_EQ(a_seen->device_memory, 1 << 19);
		CHECK_EQ(a_seen->device_peak, 1 << 20);
		CHECK_EQ(b_seen->device_peak, 3 << 20);
		CHECK_EQ(a_seen->page_locked, 4096);
		CHECK_EQ(a_seen->contexts, 1);
		CHECK(strcmp(a_seen->peer, "10.0.0.1:3") == 0);
		CHECK(strcmp(b_seen->peer, "unix:uid=7,pid=9") == 0);
		/* What a session wrote is cleaned before anyone prints it. */
		CHECK(strcmp(a_seen->identity, "a?name?") == 0);
		CHECK(a_seen->since > 0);
	}

	close(go[1]);	/* the word to end */
	CHECK(waitpid(a, &status, 0) == a);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fprintf(stderr, "session a: its mappings, check %d\n", WEXITSTATUS(status));
	CHECK(waitpid(b, &status, 0) == b);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fprintf(stderr, "session b: its mappings, check %d\n", WEXITSTATUS(status));

	session_table_close_slot(slot_a, &last);
	CHECK_EQ(last.pid, a);
	CHECK_EQ(last.calls, 3);
	CHECK_EQ(last.device_peak, 1 << 20);
	CHECK_EQ(session_table_read(seen, 4), 1);
	/* The slot is free, and clean, for the next session. */
	CHECK_EQ(session_table_open_slot(), slot_a);
	session_table_parent(slot_a, -1, NULL);
	session_table_close_slot(slot_b, &last);
	CHECK_EQ(last.calls, 5);
	CHECK_EQ(session_table_read(seen, 4), 0);
	return unit_report("test_session_table");
}
