/*
 * server/session/notices.c -- the driver's notices, forwarded
 * (notices.h).
 *
 * A bounded queue under its own lock, which a trampoline holds only to
 * link a notice in: it never waits on the callback connection, which a
 * host function's call back may hold for as long as that function runs.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen/cuda_names.h"
#include "server/session/callback.h"
#include "server/session/log.h"
#include "server/session/notices.h"

/* Notices waiting to be sent; later ones are dropped. */
#define QUEUE_MAX 256

struct queued {
	driver_notice n;
	struct queued *next;
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t more;
	struct queued *head, *tail;
	unsigned count;
	unsigned long dropped;
	bool started, stopping;
	pthread_t thread;
} q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL,
	0, 0, false, false, 0 };

static void free_queued(struct queued *e)
{
	if (e->n.body.kind == ONCUDA_NOTICE_LOG)
		free(e->n.body.notice_body_u.log.text.text_val);
	free(e);
}

static void *sender(void *arg)
{
	struct queued *e;
	unsigned long dropped;

	(void)arg;
	pthread_mutex_lock(&q.lock);
	for (;;) {
		while (q.head == NULL && !q.stopping)
			pthread_cond_wait(&q.more, &q.lock);
		if (q.stopping)
			break;
		e = q.head;
		if ((q.head = e->next) == NULL)
			q.tail = NULL;
		q.count--;
		dropped = q.dropped;
		q.dropped = 0;
		pthread_mutex_unlock(&q.lock);
		if (dropped != 0)
			log_msg(LOG_WARN, "%lu notices of the driver dropped: "
			    "more than %d waited for the client", dropped,
			    QUEUE_MAX);
		if (!callback_send_notice(&e->n))
			log_msg(LOG_DEBUG, "a notice of the driver was not "
			    "sent: no callback connection");
		free_queued(e);
		pthread_mutex_lock(&q.lock);
	}
	pthread_mutex_unlock(&q.lock);
	return NULL;
}

bool notices_start(void)
{
	bool ok;

	pthread_mutex_lock(&q.lock);
	if (!q.started && !q.stopping)
		q.started = pthread_create(&q.thread, NULL, sender, NULL) == 0;
	ok = q.started && !q.stopping;
	pthread_mutex_unlock(&q.lock);
	return ok;
}

/* Queues e, or drops it. */
static void queue(struct queued *e)
{
	pthread_mutex_lock(&q.lock);
	if (q.stopping || q.count >= QUEUE_MAX) {
		q.dropped += !q.stopping;
		pthread_mutex_unlock(&q.lock);
		free_queued(e);
		return;
	}
	if (q.tail != NULL)
		q.tail->next = e;
	else
		q.head = e;
	q.tail = e;
	q.count++;
	pthread_cond_signal(&q.more);
	pthread_mutex_unlock(&q.lock);
}

void CUDA_CB notices_log_trampoline(void *data, CUlogLevel level,
    char *message, size_t length)
{
	size_t n = length < ONCUDA_LOG_MESSAGE_MAX ? length :
	    ONCUDA_LOG_MESSAGE_MAX;
	struct queued *e;
	log_message *m;

	if (message == NULL)
		n = 0;
	if ((e = calloc(1, sizeof *e)) == NULL)
		return;
	e->n.id = (uint64_t)(uintptr_t)data;
	e->n.body.kind = ONCUDA_NOTICE_LOG;
	m = &e->n.body.notice_body_u.log;
	if (n != 0 && (m->text.text_val = malloc(n)) == NULL) {
		free(e);
		return;
	}
	m->level = (int)level;
	if (n != 0)
		memcpy(m->text.text_val, message, n);
	m->text.text_len = (u_int)n;
	queue(e);
}

void notices_device_trampoline(CUasyncNotificationInfo *info, void *data,
    CUasyncCallbackHandle callback)
{
	struct queued *e;
	device_notification *d;

	(void)callback;		/* the client gives the program its own */
	if (info == NULL || (e = calloc(1, sizeof *e)) == NULL)
		return;
	e->n.id = (uint64_t)(uintptr_t)data;
	e->n.body.kind = ONCUDA_NOTICE_DEVICE;
	d = &e->n.body.notice_body_u.device;
	d->type = (int)info->type;
	if (info->type == CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET)
		d->bytes_over_budget = info->info.overBudget.bytesOverBudget;
	queue(e);
}

void notices_stop(void)
{
	struct queued *e;
	bool started;

	pthread_mutex_lock(&q.lock);
	q.stopping = true;
	started = q.started;
	pthread_cond_signal(&q.more);
	pthread_mutex_unlock(&q.lock);
	/* A send under way ends: the connection was shut down first. */
	if (started)
		pthread_join(q.thread, NULL);
	pthread_mutex_lock(&q.lock);
	while ((e = q.head) != NULL) {
		q.head = e->next;
		free_queued(e);
	}
	q.tail = NULL;
	q.count = 0;
	pthread_mutex_unlock(&q.lock);
}
