/*
 * common/stripe_crew.c -- the threads of the data connections
 * (stripe_crew.h).
 *
 * Each thread waits for a round it has not run yet; stripe_crew_begin
 * starts a round by raising `round` with the work in place, and
 * stripe_crew_wait waits until `busy` falls to 0.  A thread reads the work
 * under the lock, and the next round begins only once busy is 0, so a
 * round's work cannot change under a thread still at it.
 */
#include <assert.h>
#include <signal.h>
#include <string.h>

#include "common/stripe_crew.h"

static void *crew_thread(void *arg)
{
	const struct stripe_crew_member *m = arg;
	struct stripe_crew *crew = m->crew;
	unsigned index = m->index;
	/* The rounds run so far: none, however late this thread starts. */
	unsigned long seen = 0;

	pthread_mutex_lock(&crew->lock);
	for (;;) {
		stripe_work *work;
		void *copy;

		while (!crew->ending && crew->round == seen)
			pthread_cond_wait(&crew->go, &crew->lock);
		if (crew->ending)
			break;
		seen = crew->round;
		work = crew->work;
		copy = crew->copy;
		pthread_mutex_unlock(&crew->lock);
		work(copy, index);
		pthread_mutex_lock(&crew->lock);
		assert(crew->busy > 0);
		if (--crew->busy == 0)
			pthread_cond_signal(&crew->done);
	}
	pthread_mutex_unlock(&crew->lock);
	return NULL;
}

bool stripe_crew_start(struct stripe_crew *crew, unsigned count)
{
	sigset_t all, old;
	unsigned i;

	assert(count > 0 && count <= ONCUDA_STRIPE_MAX && !crew->started);
	memset(crew, 0, sizeof *crew);
	pthread_mutex_init(&crew->lock, NULL);
	pthread_cond_init(&crew->go, NULL);
	pthread_cond_init(&crew->done, NULL);
	crew->started = true;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	for (i = 0; i < count; i++) {
		crew->members[i] = (struct stripe_crew_member){ crew, i };
		if (pthread_create(&crew->threads[i], NULL, crew_thread,
		    &crew->members[i]) != 0)
			break;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	crew->count = i;
	if (i < count) {
		stripe_crew_stop(crew);
		return false;
	}
	return true;
}

void stripe_crew_begin(struct stripe_crew *crew, stripe_work *work,
    void *copy)
{
	assert(crew->count > 0);
	pthread_mutex_lock(&crew->lock);
	assert(crew->busy == 0);
	crew->work = work;
	crew->copy = copy;
	crew->busy = crew->count;
	crew->round++;
	pthread_cond_broadcast(&crew->go);
	pthread_mutex_unlock(&crew->lock);
}

void stripe_crew_wait(struct stripe_crew *crew)
{
	pthread_mutex_lock(&crew->lock);
	while (crew->busy > 0)
		pthread_cond_wait(&crew->done, &crew->lock);
	pthread_mutex_unlock(&crew->lock);
}

void stripe_crew_stop(struct stripe_crew *crew)
{
	unsigned count = crew->count;

	if (!crew->started)
		return;
	pthread_mutex_lock(&crew->lock);
	crew->ending = true;
	pthread_cond_broadcast(&crew->go);
	pthread_mutex_unlock(&crew->lock);
	for (unsigned i = 0; i < count; i++)
		pthread_join(crew->threads[i], NULL);
	pthread_cond_destroy(&crew->done);
	pthread_cond_destroy(&crew->go);
	pthread_mutex_destroy(&crew->lock);
	memset(crew, 0, sizeof *crew);
}

void stripe_crew_forget(struct stripe_crew *crew)
{
	memset(crew, 0, sizeof *crew);
}
