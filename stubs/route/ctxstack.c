/*
 * ctxstack.c -- each client thread's stack of current contexts (ctxstack.h).
 *
 * A thread's stack is created on its first push and registered in one
 * list, because cuCtxDestroy takes a context off every thread's stack
 * (idl/cuda.x, CU_CTX_DESTROY) and so must reach stacks of other threads.
 * One mutex guards the list and every stack in it; a thread-specific key
 * frees a stack when its thread exits.  Every call asks for its thread's
 * current context (call_begin), so each stack also keeps its top in an
 * atomic that its owner reads without the mutex: the one writer other
 * than the owner, cuCtxDestroy in another thread, writes it under the
 * mutex, and the owner sees the stack before or after that, as it would
 * by taking the mutex a moment earlier or later.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "stubs/route/ctxstack.h"

struct ctxstack {
	CUcontext *slots;
	size_t depth;
	size_t room;
	struct ctxstack *next;
	_Atomic(CUcontext) top;	/* slots[depth - 1], or NULL when empty */
};

static pthread_mutex_t stacks_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ctxstack *all_stacks;
static __thread struct ctxstack *my_stack;

static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static bool exit_key_made;

/* Called with the stack of a thread that is exiting. */
static void forget_stack(void *arg)
{
	struct ctxstack *stack = arg, **link;

	pthread_mutex_lock(&stacks_lock);
	for (link = &all_stacks; *link != NULL; link = &(*link)->next) {
		if (*link == stack) {
			*link = stack->next;
			break;
		}
	}
	pthread_mutex_unlock(&stacks_lock);
	free(stack->slots);
	free(stack);
}

static void make_exit_key(void)
{
	exit_key_made = pthread_key_create(&exit_key, forget_stack) == 0;
}

/* The calling thread's stack, created if need be; NULL: out of memory. */
static struct ctxstack *my_stack_locked(void)
{
	struct ctxstack *stack;

	if (my_stack != NULL)
		return my_stack;
	if ((stack = calloc(1, sizeof(*stack))) == NULL)
		return NULL;
	pthread_once(&exit_key_once, make_exit_key);
	/* Without the key the stack lives on after its thread: a small leak. */
	if (exit_key_made)
		pthread_setspecific(exit_key, stack);
	stack->next = all_stacks;
	all_stacks = stack;
	my_stack = stack;
	return stack;
}

/* After any change to stack's slots or depth, under stacks_lock. */
static void retop_locked(struct ctxstack *stack)
{
	atomic_store_explicit(&stack->top, stack->depth > 0 ?
	    stack->slots[stack->depth - 1] : NULL, memory_order_release);
}

static bool grow_locked(struct ctxstack *stack)
{
	size_t room = stack->room == 0 ? 8 : stack->room * 2;
	CUcontext *slots;

	if (stack->depth < stack->room)
		return true;
	if ((slots = realloc(stack->slots, room * sizeof(*slots))) == NULL)
		return false;
	stack->slots = slots;
	stack->room = room;
	return true;
}

CUcontext ctxstack_current(void)
{
	struct ctxstack *stack = my_stack;

	return stack != NULL ? atomic_load_explicit(&stack->top,
	    memory_order_acquire) : NULL;
}

size_t ctxstack_depth(void)
{
	size_t depth;

	pthread_mutex_lock(&stacks_lock);
	depth = my_stack != NULL ? my_stack->depth : 0;
	pthread_mutex_unlock(&stacks_lock);
	return depth;
}

bool ctxstack_reserve(void)
{
	struct ctxstack *stack;
	bool ok;

	pthread_mutex_lock(&stacks_lock);
	ok = (stack = my_stack_locked()) != NULL && grow_locked(stack);
	pthread_mutex_unlock(&stacks_lock);
	return ok;
}

static bool push_locked(CUcontext ctx)
{
	struct ctxstack *stack = my_stack_locked();

	if (stack == NULL || !grow_locked(stack))
		return false;
	stack->slots[stack->depth++] = ctx;
	retop_locked(stack);
	return true;
}

bool ctxstack_push(CUcontext ctx)
{
	bool ok;

	pthread_mutex_lock(&stacks_lock);
	ok = push_locked(ctx);
	pthread_mutex_unlock(&stacks_lock);
	return ok;
}

bool ctxstack_pop(CUcontext *ctx)
{
	bool ok = false;

	pthread_mutex_lock(&stacks_lock);
	if (my_stack != NULL && my_stack->depth > 0) {
		*ctx = my_stack->slots[--my_stack->depth];
		retop_locked(my_stack);
		ok = true;
	}
	pthread_mutex_unlock(&stacks_lock);
	return ok;
}

bool ctxstack_set_current(CUcontext ctx)
{
	bool ok = true;

	pthread_mutex_lock(&stacks_lock);
	if (my_stack != NULL && my_stack->depth > 0) {
		if (ctx == NULL)
			my_stack->depth--;
		else
			my_stack->slots[my_stack->depth - 1] = ctx;
		retop_locked(my_stack);
	} else if (ctx != NULL) {
		ok = push_locked(ctx);
	}
	pthread_mutex_unlock(&stacks_lock);
	return ok;
}

void ctxstack_remove_everywhere(CUcontext ctx)
{
	struct ctxstack *stack;

	pthread_mutex_lock(&stacks_lock);
	for (stack = all_stacks; stack != NULL; stack = stack->next) {
		size_t kept = 0;

		for (size_t i = 0; i < stack->depth; i++)
			if (stack->slots[i] != ctx)
				stack->slots[kept++] = stack->slots[i];
		stack->depth = kept;
		retop_locked(stack);
	}
	pthread_mutex_unlock(&stacks_lock);
}

/*
 * fork(): the stacks' lock is held across it; in the child, which has
 * only the forking thread, every stack is emptied (the parent's contexts
 * belong to the parent's session) and the stacks of threads that do not
 * exist there are freed.  Registered at load, before rpc.c registers its
 * handlers at its first call, so that (handlers of prepare running last
 * registered first) the connections' locks are taken before this one, the
 * order in which a call takes them.
 */
static void fork_prepare(void)
{
	pthread_mutex_lock(&stacks_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&stacks_lock);
}

static void fork_child(void)
{
	struct ctxstack *stack, *next;

	for (stack = all_stacks; stack != NULL; stack = next) {
		next = stack->next;
		if (stack == my_stack)
			continue;
		free(stack->slots);
		free(stack);
	}
	all_stacks = my_stack;
	if (my_stack != NULL) {
		my_stack->next = NULL;
		my_stack->depth = 0;
		retop_locked(my_stack);
	}
	pthread_mutex_unlock(&stacks_lock);
}

__attribute__((constructor)) static void register_fork_handlers(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}
