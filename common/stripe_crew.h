/*
 * common/stripe_crew.h -- the threads that move a striped copy's frames,
 * one per data connection, started when the connections are bound and
 * ended when they are dropped (both ends).
 *
 * Starting and joining a thread per connection at every copy cost more
 * than the bytes of a copy of 1 MiB over loopback (measured on the
 * stand-in: see stubs/copy/stripe_copy.c), so the threads wait between
 * copies instead, and a copy only wakes them: each runs the copy's work
 * for its connection's index, and stripe_crew_wait returns once every
 * one has.  The threads take no signals: the program's (or the session's)
 * handlers run on its own threads.
 *
 * One caller at a time (the client holds the control connection, the
 * server is its session's thread).
 */
#ifndef ONCUDA_COMMON_STRIPE_CREW_H
#define ONCUDA_COMMON_STRIPE_CREW_H

#include <pthread.h>
#include <stdbool.h>

#include "gen/cuda_rpc.h"

/* What one thread does for a copy: its connection's index, and the copy. */
typedef void stripe_work(void *copy, unsigned index);

struct stripe_crew;

/* What a thread is told when it starts. */
struct stripe_crew_member {
	struct stripe_crew *crew;
	unsigned index;
};

struct stripe_crew {
	bool started;		/* the lock and conditions are set up */
	pthread_mutex_t lock;
	pthread_cond_t go;	/* a copy to work at, or the end */
	pthread_cond_t done;	/* a thread finished its part */
	pthread_t threads[ONCUDA_STRIPE_MAX];
	struct stripe_crew_member members[ONCUDA_STRIPE_MAX];
	unsigned count;		/* threads started; 0: none */
	unsigned busy;		/* threads still at the current copy */
	unsigned long round;	/* copies handed out so far */
	stripe_work *work;
	void *copy;
	bool ending;
};

/* count threads (1 to ONCUDA_STRIPE_MAX) into crew, which holds none;
 * false (none left running) when one cannot be started. */
bool stripe_crew_start(struct stripe_crew *crew, unsigned count);

/* Starts work(copy, i) on thread i for every i below crew->count, at
 * once; the caller goes on with its own part of the copy meanwhile. */
void stripe_crew_begin(struct stripe_crew *crew, stripe_work *work,
    void *copy);

/* Returns once every thread has returned from the work begun last. */
void stripe_crew_wait(struct stripe_crew *crew);

/* Ends and joins the threads, if any; the crew then holds none. */
void stripe_crew_stop(struct stripe_crew *crew);

/* In the child of a fork, where the threads do not exist: holds none,
 * without joining. */
void stripe_crew_forget(struct stripe_crew *crew);

#endif
