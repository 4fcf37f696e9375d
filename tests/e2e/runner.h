/*
 * The test table and what the runner needs from check.c.
 */
#ifndef E2E_RUNNER_H
#define E2E_RUNNER_H

/* Runs in a child process of its own, forked before this one calls cuInit,
 * because it leaves the process unusable (a sticky fault) or needs a
 * process in which cuInit was never called. */
#define E2E_OWN_PROCESS	0x1
/* The child does not call cuInit(0) before the test. */
#define E2E_NO_INIT	0x2
/* Hands the driver bogus handles, which the real driver may crash on: runs
 * by default only through oncuda (ONCUDA_TEST_REMOTE=1), or when named. */
#define E2E_REMOTE_ONLY	0x4

struct e2e_test {
	const char *name;
	const char *group;	/* names a file's worth of tests */
	int (*run)(void);
	unsigned flags;
};

extern const struct e2e_test e2e_tests[];
extern const int e2e_test_count;

const char *e2e_failure(void);
void e2e_failure_reset(void);

#endif
