/*
 * capture_known.c -- the origin streams of the captures this process began
 * and has not seen end (capture_known.h).
 *
 * A list, with a stream once per begin: programs capture on a few streams
 * at a time.  An end that fails for a reason that may leave the capture
 * going keeps its stream here until the server says the stream is not
 * capturing; a stream destroyed while capturing stays for good.  Either
 * costs round trips, never a wrong answer.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "stubs/route/capture_known.h"

struct origin {
	unsigned server;
	cu_handle stream;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct origin *origins;
static size_t count, room;
static atomic_size_t unfinished;	/* count, read without the lock */

bool capture_known_begun(unsigned server, cu_handle stream)
{
	bool kept = true;

	pthread_mutex_lock(&lock);
	if (count == room) {
		size_t more = room ? 2 * room : 8;
		struct origin *grown = realloc(origins, more * sizeof *grown);

		if (grown == NULL)
			kept = false;
		else {
			origins = grown;
			room = more;
		}
	}
	if (kept) {
		origins[count++] = (struct origin){ server, stream };
		atomic_store(&unfinished, count);
	}
	pthread_mutex_unlock(&lock);
	return kept;
}

void capture_known_ended(unsigned server, cu_handle stream)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < count; i++)
		if (origins[i].server == server && origins[i].stream == stream) {
			origins[i] = origins[--count];
			break;
		}
	atomic_store(&unfinished, count);
	pthread_mutex_unlock(&lock);
}

bool capture_known_none(void)
{
	return atomic_load(&unfinished) == 0;
}
