/*
 * stubs/stream/log_sinks.c -- the program's driver log callbacks
 * (log_sinks.h): a list under one lock, which is not held while a
 * function runs (it may call the driver, unregistering itself too).
 */
#include <pthread.h>
#include <stdlib.h>

#include "stubs/stream/log_sinks.h"

struct sink {
	uint64_t id;
	unsigned server;
	uint64_t handle;	/* the server's; 0 until registered */
	CUlogsCallback fn;
	void *data;
	unsigned running;	/* calls of fn under way */
	pthread_t runner;	/* the thread of the last one */
	struct sink *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ran = PTHREAD_COND_INITIALIZER;
static struct sink *sinks;
static uint64_t last_id;

uint64_t log_sink_add(CUlogsCallback fn, void *data, unsigned server)
{
	struct sink *s = calloc(1, sizeof *s);

	if (s == NULL)
		return 0;
	s->fn = fn;
	s->data = data;
	s->server = server;
	pthread_mutex_lock(&lock);
	s->id = ++last_id;
	s->next = sinks;
	sinks = s;
	pthread_mutex_unlock(&lock);
	return s->id;
}

void log_sink_bind(uint64_t id, uint64_t handle)
{
	pthread_mutex_lock(&lock);
	for (struct sink *s = sinks; s != NULL; s = s->next)
		if (s->id == id)
			s->handle = handle;
	pthread_mutex_unlock(&lock);
}

void log_sink_remove(uint64_t id, unsigned server, uint64_t handle)
{
	struct sink **p, *s;

	pthread_mutex_lock(&lock);
	for (p = &sinks; (s = *p) != NULL; p = &s->next)
		if (id != 0 ? s->id == id :
		    s->server == server && s->handle == handle)
			break;
	if (s != NULL) {
		*p = s->next;
		/* Off the list, nothing starts it again; one under way ends
		 * first, unless it is the one unregistering. */
		while (s->running != 0 &&
		    !pthread_equal(s->runner, pthread_self()))
			pthread_cond_wait(&ran, &lock);
		if (s->running == 0)
			free(s);
		else
			s->fn = NULL;	/* freed by that call, when it ends */
	}
	pthread_mutex_unlock(&lock);
}

bool log_sink_run(unsigned server, uint64_t id, int level, char *text,
    size_t length)
{
	struct sink *s;
	CUlogsCallback fn;
	void *data;
	bool listed;

	pthread_mutex_lock(&lock);
	for (s = sinks; s != NULL; s = s->next)
		if (s->id == id && s->server == server)
			break;
	if (s == NULL) {
		pthread_mutex_unlock(&lock);
		return false;
	}
	s->running++;
	s->runner = pthread_self();
	fn = s->fn;
	data = s->data;
	pthread_mutex_unlock(&lock);
	fn(data, (CUlogLevel)level, text, length);
	pthread_mutex_lock(&lock);
	s->running--;
	/* Removed by its own call: freed now that it returned. */
	listed = s->fn != NULL;
	if (!listed && s->running == 0)
		free(s);
	pthread_cond_broadcast(&ran);
	pthread_mutex_unlock(&lock);
	return true;
}
