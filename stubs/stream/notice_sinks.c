/*
 * stubs/stream/notice_sinks.c -- the program's functions for the driver's
 * notices (notice_sinks.h): a list under one lock, which is not held
 * while a function runs (it may call the driver, unregistering itself
 * too).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/stream/notice_sinks.h"

struct sink {
	uint64_t id;
	notice_kind kind;
	unsigned server;
	uint64_t handle;	/* the server's; 0 until registered */
	void *program_handle;	/* the program's */
	union sink_fn fn;
	void *data;
	bool gone;		/* unregistered by its own running call */
	unsigned running;	/* calls of fn under way */
	pthread_t runner;	/* the thread of the last one */
	struct sink *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ran = PTHREAD_COND_INITIALIZER;
static struct sink *sinks;
static uint64_t last_id;

uint64_t sink_add(notice_kind kind, union sink_fn fn, void *data,
    unsigned server)
{
	struct sink *s = calloc(1, sizeof *s);

	if (s == NULL)
		return 0;
	s->kind = kind;
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

void sink_bind(uint64_t id, uint64_t handle, void *program_handle)
{
	pthread_mutex_lock(&lock);
	for (struct sink *s = sinks; s != NULL; s = s->next)
		if (s->id == id) {
			s->handle = handle;
			s->program_handle = program_handle;
		}
	pthread_mutex_unlock(&lock);
}

void sink_remove(uint64_t id, unsigned server, uint64_t handle)
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
			s->gone = true;	/* freed by that call, when it ends */
	}
	pthread_mutex_unlock(&lock);
}

/* Calls s's function with what n says. */
static void call(const struct sink *s, const driver_notice *n)
{
	const log_message *m;
	CUasyncNotificationInfo info;
	char *text;

	switch (n->body.kind) {
	case ONCUDA_NOTICE_LOG:
		/* The driver's text ends with a NUL after its length. */
		m = &n->body.notice_body_u.log;
		if ((text = malloc(m->text.text_len + 1)) == NULL)
			return;
		memcpy(text, m->text.text_val, m->text.text_len);
		text[m->text.text_len] = '\0';
		s->fn.log(s->data, (CUlogLevel)m->level, text,
		    m->text.text_len);
		free(text);
		return;
	case ONCUDA_NOTICE_DEVICE:
		memset(&info, 0, sizeof info);
		info.type = (CUasyncNotificationType)
		    n->body.notice_body_u.device.type;
		info.info.overBudget.bytesOverBudget =
		    n->body.notice_body_u.device.bytes_over_budget;
		s->fn.device(&info, s->data,
		    (CUasyncCallbackHandle)s->program_handle);
		return;
	}
}

bool sink_run(unsigned server, const driver_notice *n)
{
	struct sink *s, now;

	pthread_mutex_lock(&lock);
	for (s = sinks; s != NULL; s = s->next)
		if (s->id == n->id && s->server == server &&
		    s->kind == n->body.kind)
			break;
	if (s == NULL) {
		pthread_mutex_unlock(&lock);
		return false;
	}
	s->running++;
	s->runner = pthread_self();
	now = *s;
	pthread_mutex_unlock(&lock);
	call(&now, n);
	pthread_mutex_lock(&lock);
	s->running--;
	/* Unregistered by its own call: freed now that it returned. */
	if (s->gone && s->running == 0)
		free(s);
	pthread_cond_broadcast(&ran);
	pthread_mutex_unlock(&lock);
	return true;
}
