/*
 * test_client_ctxstack.c - unit test of stubs/route/ctxstack.c: each thread's
 * stack of current contexts, as cuCtxPushCurrent, cuCtxPopCurrent,
 * cuCtxSetCurrent and cuCtxDestroy use it, across threads and fork().
 * Exits 0 when every check passed.
 */
#include <pthread.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stubs/route/ctxstack.h"
#include "unit_check.h"

#define CTX(n) ((CUcontext)(uintptr_t)(n))

static void empty_mine(void)
{
	CUcontext c;

	while (ctxstack_pop(&c))
		;
}

static void test_push_pop(void)
{
	CUcontext c = CTX(99);

	CHECK(ctxstack_current() == NULL);
	CHECK_EQ(ctxstack_depth(), 0);
	/* Popping an empty stack fails (cuCtxPopCurrent: INVALID_CONTEXT). */
	CHECK(!ctxstack_pop(&c));
	CHECK(c == CTX(99));

	CHECK(ctxstack_push(CTX(1)));
	CHECK(ctxstack_push(CTX(2)));
	CHECK(ctxstack_current() == CTX(2));
	CHECK_EQ(ctxstack_depth(), 2);
	CHECK(ctxstack_pop(&c));
	CHECK(c == CTX(2));
	CHECK(ctxstack_current() == CTX(1));
	CHECK(ctxstack_pop(&c));
	CHECK(c == CTX(1));
	CHECK(ctxstack_current() == NULL);

	/* Deeper than the first allocation. */
	for (int i = 1; i <= 100; i++)
		CHECK(ctxstack_reserve() && ctxstack_push(CTX(i)));
	CHECK_EQ(ctxstack_depth(), 100);
	CHECK(ctxstack_current() == CTX(100));
	empty_mine();
}

/* cuCtxSetCurrent replaces the top, pushes onto an empty stack, and with
 * NULL pops (nothing on an empty stack). */
static void test_set_current(void)
{
	CUcontext c;

	CHECK(ctxstack_set_current(NULL));
	CHECK_EQ(ctxstack_depth(), 0);
	CHECK(ctxstack_set_current(CTX(1)));
	CHECK_EQ(ctxstack_depth(), 1);
	CHECK(ctxstack_current() == CTX(1));
	CHECK(ctxstack_push(CTX(2)));
	CHECK(ctxstack_set_current(CTX(3)));
	CHECK_EQ(ctxstack_depth(), 2);
	CHECK(ctxstack_current() == CTX(3));
	CHECK(ctxstack_set_current(NULL));
	CHECK_EQ(ctxstack_depth(), 1);
	CHECK(ctxstack_current() == CTX(1));
	CHECK(ctxstack_pop(&c) && c == CTX(1));
}

static pthread_barrier_t barrier;
static size_t other_depth;
static CUcontext other_top;

/* Another thread: its own stack, [5, 6, 5], which the main thread's
 * ctxstack_remove_everywhere(5) reaches. */
static void *other_thread(void *arg)
{
	(void)arg;
	CHECK(ctxstack_current() == NULL);
	ctxstack_push(CTX(5));
	ctxstack_push(CTX(6));
	ctxstack_push(CTX(5));
	pthread_barrier_wait(&barrier);		/* pushed */
	pthread_barrier_wait(&barrier);		/* main removed 5 */
	other_depth = ctxstack_depth();
	other_top = ctxstack_current();
	return NULL;			/* its stack is freed on exit */
}

static void test_threads(void)
{
	pthread_t t;

	pthread_barrier_init(&barrier, NULL, 2);
	ctxstack_push(CTX(5));
	ctxstack_push(CTX(7));
	pthread_create(&t, NULL, other_thread, NULL);
	pthread_barrier_wait(&barrier);
	/* Stacks are per thread. */
	CHECK(ctxstack_current() == CTX(7));
	CHECK_EQ(ctxstack_depth(), 2);
	/* cuCtxDestroy(5): gone from every stack, every occurrence. */
	ctxstack_remove_everywhere(CTX(5));
	CHECK_EQ(ctxstack_depth(), 1);
	CHECK(ctxstack_current() == CTX(7));
	pthread_barrier_wait(&barrier);
	pthread_join(t, NULL);
	CHECK_EQ(other_depth, 1);
	CHECK(other_top == CTX(6));
	pthread_barrier_destroy(&barrier);
	empty_mine();
}

/* The child of fork() starts with an empty stack; the parent keeps its. */
static void test_fork(void)
{
	int status = -1;
	pid_t pid;

	ctxstack_push(CTX(8));
	pid = fork();
	if (pid == 0) {
		int ok = ctxstack_depth() == 0 && ctxstack_current() == NULL &&
			 ctxstack_push(CTX(9)) && ctxstack_current() == CTX(9);
		_exit(ok ? 0 : 1);
	}
	CHECK(pid > 0);
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(ctxstack_current() == CTX(8));
	empty_mine();
}

int main(void)
{
	test_push_pop();
	test_set_current();
	test_threads();
	test_fork();
	return unit_report("test_client_ctxstack");
}
