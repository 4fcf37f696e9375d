/*
 * server/session/ipc_registry.c -- the IPC handles the sessions of one
 * oncudad exported (ipc_registry.h).
 *
 * Sessions are processes forked from the daemon, so the table is an
 * anonymous shared mapping the daemon makes before its first fork: every
 * session sees the same pages, and no other process (another oncudad, a
 * program outside oncuda) can reach them.  A process-shared robust mutex
 * guards it: a session that dies holding it leaves it to the next locker,
 * who takes it over (the entries are whole or free, as written under it).
 *
 * An identity is how the session came: over the network (every keyed
 * session of a daemon proved its one key, so the key adds nothing to
 * tell apart), or over the same-host socket with a uid.  Two sessions of
 * one identity could touch each other's memory anyway, through the
 * program they share or the user they are; two of different identities
 * must not.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "server/session/ipc_registry.h"
#include "server/session/log.h"

/* Entries in the table: exported handles of all sessions together. */
#define IPC_ENTRIES 4096

struct identity {
	int local;		/* 1: the same-host socket, with uid */
	uid_t uid;
	char name[64];		/* proved in TLS (starttls.h); "": none */
};

struct entry {
	pid_t pid;		/* the exporting session; 0: a free entry */
	int kind;		/* enum ipc_kind */
	struct identity who;
	char handle[ONCUDA_IPC_HANDLE_BYTES];
};

struct table {
	pthread_mutex_t lock;
	struct entry entries[IPC_ENTRIES];
};

static struct table *table;
static struct identity self;

bool ipc_registry_create(void)
{
	pthread_mutexattr_t attr;
	void *pages;

	pages = mmap(NULL, sizeof *table, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pages == MAP_FAILED) {
		log_msg(LOG_ERROR, "cannot map the table of IPC handles: %s",
		    strerror(errno));
		return false;
	}
	table = pages;		/* zeroed: every entry free */
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&table->lock, &attr);
	pthread_mutexattr_destroy(&attr);
	return true;
}

void ipc_registry_identify(const char *peer)
{
	unsigned uid;

	memset(&self, 0, sizeof self);
	if (sscanf(peer, "unix:uid=%u,", &uid) == 1) {
		self.local = 1;
		self.uid = (uid_t)uid;
	}
}

void ipc_registry_name(const char *name)
{
	snprintf(self.name, sizeof self.name, "%s", name);
}

static void lock(void)
{
	if (pthread_mutex_lock(&table->lock) == EOWNERDEAD)
		pthread_mutex_consistent(&table->lock);
}

static void unlock(void)
{
	pthread_mutex_unlock(&table->lock);
}

static bool same(const struct identity *a, const struct identity *b)
{
	return a->local == b->local && (!a->local || a->uid == b->uid) &&
	    strcmp(a->name, b->name) == 0;
}

static struct entry *find(enum ipc_kind kind,
    const char handle[ONCUDA_IPC_HANDLE_BYTES])
{
	for (size_t i = 0; i < IPC_ENTRIES; i++) {
		struct entry *e = &table->entries[i];

		if (e->pid != 0 && e->kind == (int)kind &&
		    memcmp(e->handle, handle, ONCUDA_IPC_HANDLE_BYTES) == 0)
			return e;
	}
	return NULL;
}

bool ipc_registry_add(enum ipc_kind kind,
    const char handle[ONCUDA_IPC_HANDLE_BYTES])
{
	struct entry *e;
	bool done = false;

	if (table == NULL)
		return false;
	lock();
	/* The driver hands out one handle per allocation: the last session
	 * to export it owns the entry (the address may have been freed and
	 * handed to another session since). */
	if ((e = find(kind, handle)) == NULL)
		for (size_t i = 0; i < IPC_ENTRIES && e == NULL; i++)
			if (table->entries[i].pid == 0)
				e = &table->entries[i];
	if (e != NULL) {
		e->pid = getpid();
		e->kind = (int)kind;
		e->who = self;
		memcpy(e->handle, handle, ONCUDA_IPC_HANDLE_BYTES);
		done = true;
	}
	unlock();
	return done;
}

enum ipc_verdict ipc_registry_check(enum ipc_kind kind,
    const char handle[ONCUDA_IPC_HANDLE_BYTES])
{
	enum ipc_verdict v = IPC_UNKNOWN;
	struct entry *e;

	if (table == NULL)
		return IPC_UNKNOWN;
	lock();
	if ((e = find(kind, handle)) != NULL)
		v = same(&e->who, &self) ? IPC_ALLOWED : IPC_FOREIGN;
	unlock();
	return v;
}

void ipc_registry_forget(pid_t pid)
{
	if (table == NULL)
		return;
	lock();
	for (size_t i = 0; i < IPC_ENTRIES; i++)
		if (table->entries[i].pid == pid)
			memset(&table->entries[i], 0, sizeof table->entries[i]);
	unlock();
}
