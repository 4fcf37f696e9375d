/*
 * e2e: the end-to-end tests of the CUDA driver API.
 *
 *   e2e               run every test; remote-only ones run only with
 *                     ONCUDA_TEST_REMOTE=1
 *   e2e NAME|GROUP..  run the tests named, or every test of the groups named
 *   e2e --list        list the tests
 *
 * Environment: ONCUDA_TEST_KERNELS (the directory of the kernel images),
 * ONCUDA_TEST_BIG_MB (size of big_copy), ONCUDA_TEST_TIMEOUT (seconds a
 * test may take, default 600; 0 for no limit), ONCUDA_TEST_REMOTE.
 *
 * Prints "PASS name", "FAIL name: why" or "SKIP name: why" per test and a
 * summary; exits 1 when any test failed, 2 on a usage error.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "runner.h"
#include "tests.h"

enum verdict { PASSED, FAILED, SKIPPED };

static unsigned timeout_s = 600;

static void say(const char *s)
{
	if (write(STDOUT_FILENO, s, strlen(s)) < 0)
		_exit(FAILED);
}

/* A test that hangs (a lost reply, say) must not hang CI.  Only
 * async-signal-safe calls here, so no stdio. */
static void timed_out(int sig)
{
	(void)sig;
	say("FAIL ");
	say(e2e_current_test);
	say(": still running when ONCUDA_TEST_TIMEOUT (seconds, default 600) "
	    "ran out\n");
	_exit(FAILED);
}

static enum verdict run_here(const struct e2e_test *t)
{
	const char *why;
	int rc;

	e2e_current_test = t->name;
	e2e_failure_reset();
	alarm(timeout_s);
	rc = t->run();
	alarm(0);
	e2e_cleanup();
	why = e2e_failure();
	if (rc == E2E_SKIPPED && why == NULL)
		return SKIPPED;	/* e2e_skip() printed the reason */
	if (rc != 0 || why != NULL) {
		printf("FAIL %s: %s\n", t->name,
		       why ? why : "returned failure without saying why");
		fflush(stdout);
		return FAILED;
	}
	printf("PASS %s\n", t->name);
	fflush(stdout);
	return PASSED;
}

static enum verdict run_forked(const struct e2e_test *t)
{
	enum verdict v;
	CUresult r;
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		printf("FAIL %s: cannot fork a process for it\n", t->name);
		return FAILED;
	}
	if (pid == 0) {
		if (!(t->flags & E2E_NO_INIT) &&
		    (r = cuInit(0)) != CUDA_SUCCESS) {
			printf("FAIL %s: cuInit(0) returned %s\n", t->name,
			       e2e_cu_name(r));
			exit(FAILED);
		}
		exit(run_here(t));
	}
	if (waitpid(pid, &status, 0) != pid) {
		printf("FAIL %s: lost its child process\n", t->name);
		return FAILED;
	}
	if (WIFSIGNALED(status)) {
		printf("FAIL %s: killed by signal %d (%s)\n", t->name,
		       WTERMSIG(status), strsignal(WTERMSIG(status)));
		return FAILED;
	}
	v = WEXITSTATUS(status);
	/* The child printed its verdict, unless it exited some other way. */
	if (v != PASSED && v != FAILED && v != SKIPPED) {
		printf("FAIL %s: exited with status %d\n", t->name, (int)v);
		v = FAILED;
	}
	return v;
}

static void list(void)
{
	int i;

	for (i = 0; i < e2e_test_count; i++) {
		const struct e2e_test *t = &e2e_tests[i];

		printf("%-20s %s%s%s%s\n", t->name, t->group,
		       t->flags & E2E_OWN_PROCESS ? " (own process)" : "",
		       t->flags & E2E_NO_INIT ? " (before cuInit)" : "",
		       t->flags & E2E_REMOTE_ONLY ? " (remote only)" : "");
	}
}

/* 1: run it; 0: not asked for; -1: asked for only by default, and it may
 * crash the real driver, so it is reported as skipped. */
static int wanted(const struct e2e_test *t, int argc, char **argv,
		  int remote)
{
	int i;

	if (argc == 0)
		return !(t->flags & E2E_REMOTE_ONLY) || remote ? 1 : -1;
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], t->name) == 0)
			return 1;
		if (strcmp(argv[i], t->group) == 0)
			return !(t->flags & E2E_REMOTE_ONLY) || remote ? 1 : -1;
	}
	return 0;
}

static int known(const char *arg)
{
	int i;

	for (i = 0; i < e2e_test_count; i++)
		if (strcmp(arg, e2e_tests[i].name) == 0 ||
		    strcmp(arg, e2e_tests[i].group) == 0)
			return 1;
	return 0;
}

/* cuInit(0) for the tests that run in this process, once, and only when
 * one does: before it, this process may still fork CUDA processes. */
static CUresult init_once(void)
{
	static int done;
	static CUresult r;

	if (!done) {
		done = 1;
		r = cuInit(0);
		if (r != CUDA_SUCCESS)
			fprintf(stderr, "e2e: cuInit(0) returned %s. Is the "
				"libcuda.so.1 the loader finds the one meant "
				"(LD_LIBRARY_PATH)? Through oncuda, is oncudad "
				"running?\n", e2e_cu_name(r));
	}
	return r;
}

int main(int argc, char **argv)
{
	const char *env = getenv("ONCUDA_TEST_REMOTE");
	int remote = env != NULL && strcmp(env, "1") == 0;
	int count[3] = { 0, 0, 0 };
	int i, want;
	CUresult r;

	/* The second process of the ipc test (ipc.c). */
	if (argc == 3 && strcmp(argv[1], "--ipc-child") == 0)
		return e2e_ipc_child(argv[2]);
	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		list();
		return 0;
	}
	for (i = 1; i < argc; i++) {
		if (!known(argv[i])) {
			fprintf(stderr, "e2e: no test or group is named '%s'; "
				"`%s --list` lists them\n", argv[i], argv[0]);
			return 2;
		}
	}
	if ((env = getenv("ONCUDA_TEST_TIMEOUT")) != NULL)
		timeout_s = (unsigned)strtoul(env, NULL, 10);
	signal(SIGALRM, timed_out);

	/* First the tests that fork, while this process has no CUDA state. */
	for (i = 0; i < e2e_test_count; i++) {
		const struct e2e_test *t = &e2e_tests[i];

		if ((t->flags & E2E_OWN_PROCESS) &&
		    wanted(t, argc - 1, argv + 1, remote) == 1)
			count[run_forked(t)]++;
	}
	for (i = 0; i < e2e_test_count; i++) {
		const struct e2e_test *t = &e2e_tests[i];

		want = wanted(t, argc - 1, argv + 1, remote);
		if (want == -1) {
			e2e_current_test = t->name;
			e2e_skip("remote-only (it hands the driver bogus "
				 "handles); ONCUDA_TEST_REMOTE=1 runs it");
			count[SKIPPED]++;
		} else if (want == 1 && !(t->flags & E2E_OWN_PROCESS)) {
			if ((r = init_once()) == CUDA_SUCCESS) {
				count[run_here(t)]++;
				continue;
			}
			printf("FAIL %s: not run, cuInit(0) returned %s\n",
			       t->name, e2e_cu_name(r));
			count[FAILED]++;
		}
	}
	printf("e2e: %d passed, %d failed, %d skipped\n", count[PASSED],
	       count[FAILED], count[SKIPPED]);
	return count[FAILED] ? 1 : 0;
}
