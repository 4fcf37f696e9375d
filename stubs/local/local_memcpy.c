/*
 * local_memcpy.c -- memcpy by a few threads (local_memcpy.h).
 *
 * The pool's threads are started once and then wait; a copy hands out
 * parts and copies one itself, so nothing is allocated per call.  One copy
 * uses the pool at a time: another thread's copy meanwhile (a copy on
 * another connection) runs in its caller, as does any copy in a child
 * after fork, which has no pool threads.  The threads block all signals,
 * so the program's signals keep reaching the program's own threads.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stubs/link/env_count.h"
#include "stubs/local/local_memcpy.h"

/* Below this a copy is not split: the hand-off would cost more than it saves. */
#define SPLIT_MIN_BYTES ((size_t)1 << 20)
#define PART_ALIGN 4096

struct part {
	char *dst;
	const char *src;
	size_t len;
};

static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t pool_user = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work_ready = PTHREAD_COND_INITIALIZER;
static pthread_cond_t work_done = PTHREAD_COND_INITIALIZER;
static unsigned int helpers;	/* pool threads running */
static pid_t pool_pid;
/* The copy in progress, under lock. */
static struct part parts[LOCAL_MEMCPY_THREADS_MAX];
static unsigned int part_count, next_part, unfinished;

/* Copies parts until none is left to take; called and returns with lock held. */
static void copy_parts(void)
{
	while (next_part < part_count) {
		struct part p = parts[next_part++];

		pthread_mutex_unlock(&lock);
		memcpy(p.dst, p.src, p.len);
		pthread_mutex_lock(&lock);
		if (--unfinished == 0)
			pthread_cond_signal(&work_done);
	}
}

static void *helper(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&lock);
	for (;;) {
		while (next_part >= part_count)
			pthread_cond_wait(&work_ready, &lock);
		copy_parts();
	}
	return NULL;
}

static unsigned int threads_wanted(void)
{
	/* By default half the CPUs: the program and the server need the rest. */
	long half = sysconf(_SC_NPROCESSORS_ONLN) / 2;

	if (half < 1)
		half = 1;
	if (half > LOCAL_MEMCPY_THREADS_MAX)
		half = LOCAL_MEMCPY_THREADS_MAX;
	return (unsigned int)env_count("ONCUDA_COPY_THREADS", 1,
	    LOCAL_MEMCPY_THREADS_MAX, (unsigned long long)half);
}

static void start_pool(void)
{
	unsigned int want = threads_wanted();
	sigset_t all, old;
	pthread_attr_t attr;
	pthread_t t;

	if (want < 2 || pthread_attr_init(&attr) != 0)
		return;
	(void)pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	/* Fewer threads than wanted still help; none leaves plain memcpy. */
	while (helpers + 1 < want && pthread_create(&t, &attr, helper, NULL) == 0)
		helpers++;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	pool_pid = getpid();
}

void local_memcpy(void *dst, const void *src, size_t len)
{
	unsigned int n;
	size_t share;

	pthread_once(&pool_once, start_pool);
	if (helpers == 0 || len < SPLIT_MIN_BYTES || getpid() != pool_pid ||
	    pthread_mutex_trylock(&pool_user) != 0) {
		memcpy(dst, src, len);
		return;
	}
	n = helpers + 1;
	share = (len / n + PART_ALIGN - 1) / PART_ALIGN * PART_ALIGN;
	pthread_mutex_lock(&lock);
	part_count = 0;
	for (size_t done = 0; done < len; done += share) {
		size_t left = len - done;

		parts[part_count].dst = (char *)dst + done;
		parts[part_count].src = (const char *)src + done;
		parts[part_count].len = left < share ? left : share;
		part_count++;
	}
	next_part = 0;
	unfinished = part_count;
	pthread_cond_broadcast(&work_ready);
	copy_parts();
	while (unfinished > 0)
		pthread_cond_wait(&work_done, &lock);
	part_count = next_part = 0;
	pthread_mutex_unlock(&lock);
	pthread_mutex_unlock(&pool_user);
}
