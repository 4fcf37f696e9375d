/*
 * tests/unit/test_handles.c -- the server's handle registry (server/session/handles.c).
 *
 * Links handles.c alone: cuCtxGetCurrent, the one driver call the registry
 * makes, is defined here and answers whatever `current` holds.  Prints each
 * failed check and exits 1 if there was one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"

static CUcontext current;
static int failures;

CUresult cuCtxGetCurrent(CUcontext *pctx)
{
	*pctx = current;
	return CUDA_SUCCESS;
}

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		failures++; \
	} \
} while (0)

#define KNOWN(kind, h) (handle_check((kind), (h), false) == CUDA_SUCCESS)

static void make_current(cu_handle ctx)
{
	current = (CUcontext)(uintptr_t)ctx;
}

static void test_unknown_handles(void)
{
	CHECK(handle_check(HANDLE_CONTEXT, 0x1000, false) == CUDA_ERROR_INVALID_CONTEXT);
	CHECK(handle_check(HANDLE_MODULE, 0x1000, false) == CUDA_ERROR_INVALID_HANDLE);
	CHECK(handle_check(HANDLE_FUNCTION, 0x1000, false) == CUDA_ERROR_INVALID_HANDLE);
	CHECK(handle_check(HANDLE_LIBRARY, 0x1000, false) == CUDA_ERROR_INVALID_HANDLE);
	CHECK(handle_check(HANDLE_KERNEL, 0x1000, false) == CUDA_ERROR_INVALID_HANDLE);
	CHECK(handle_check(HANDLE_STREAM, 0x1000, false) == CUDA_ERROR_INVALID_HANDLE);
	CHECK(handle_check(HANDLE_EVENT, 0x1000, false) == CUDA_ERROR_INVALID_HANDLE);

	CHECK(handle_check(HANDLE_CONTEXT, 0, false) == CUDA_ERROR_INVALID_CONTEXT);
	CHECK(handle_check(HANDLE_CONTEXT, 0, true) == CUDA_SUCCESS);
	CHECK(handle_check(HANDLE_EVENT, 0, true) == CUDA_SUCCESS);
	CHECK(handle_check(HANDLE_EVENT, 0, false) == CUDA_ERROR_INVALID_HANDLE);

	/* The NULL, legacy and per-thread streams need no recording. */
	CHECK(KNOWN(HANDLE_STREAM, 0));
	CHECK(KNOWN(HANDLE_STREAM, (cu_handle)(uintptr_t)CU_STREAM_LEGACY));
	CHECK(KNOWN(HANDLE_STREAM, (cu_handle)(uintptr_t)CU_STREAM_PER_THREAD));
	CHECK(!KNOWN(HANDLE_STREAM, 3));
	CHECK(!KNOWN(HANDLE_EVENT, (cu_handle)(uintptr_t)CU_STREAM_LEGACY));
	CHECK(handle_count() == 0);
}

static void test_context_owns_what_was_made_in_it(void)
{
	const cu_handle ctx = 0x7f0000001000, module = 0x7f0000002000,
	    func = 0x7f0000003000, stream = 0x7f0000004000, event = 0x7f0000005000;

	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	make_current(ctx);
	CHECK(handle_add(HANDLE_MODULE, module, 0));
	CHECK(handle_add(HANDLE_FUNCTION, func, module));
	CHECK(handle_add(HANDLE_STREAM, stream, 0));
	CHECK(handle_add(HANDLE_EVENT, event, 0));
	CHECK(handle_count() == 5);
	CHECK(KNOWN(HANDLE_CONTEXT, ctx) && KNOWN(HANDLE_MODULE, module) &&
	    KNOWN(HANDLE_FUNCTION, func) && KNOWN(HANDLE_STREAM, stream) &&
	    KNOWN(HANDLE_EVENT, event));

	/* Kinds are separate: a stream is not an event. */
	CHECK(!KNOWN(HANDLE_EVENT, stream));
	CHECK(!KNOWN(HANDLE_MODULE, func));

	/* Unloading the module forgets its function, nothing else. */
	handle_forget(HANDLE_MODULE, module);
	CHECK(!KNOWN(HANDLE_MODULE, module) && !KNOWN(HANDLE_FUNCTION, func));
	CHECK(KNOWN(HANDLE_STREAM, stream) && KNOWN(HANDLE_EVENT, event));
	CHECK(handle_count() == 3);

	/* Destroying the context forgets the rest. */
	CHECK(handle_add(HANDLE_MODULE, module, 0));
	CHECK(handle_add(HANDLE_FUNCTION, func, module));
	handle_forget(HANDLE_CONTEXT, ctx);
	CHECK(handle_count() == 0);
	CHECK(handle_check(HANDLE_CONTEXT, ctx, false) == CUDA_ERROR_INVALID_CONTEXT);
	CHECK(!KNOWN(HANDLE_STREAM, stream) && !KNOWN(HANDLE_FUNCTION, func));
	make_current(0);
}

static void test_libraries_outlive_contexts(void)
{
	const cu_handle ctx = 0xa000, library = 0xb000, kernel = 0xc000,
	    func = 0xd000, module = 0xe000;

	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	make_current(ctx);
	CHECK(handle_add(HANDLE_LIBRARY, library, 0));
	CHECK(handle_add(HANDLE_KERNEL, kernel, library));
	CHECK(handle_add(HANDLE_FUNCTION, func, kernel));
	CHECK(handle_add(HANDLE_MODULE, module, library));

	/* A CUkernel passes where a CUfunction is expected, not the reverse. */
	CHECK(KNOWN(HANDLE_FUNCTION, kernel));
	CHECK(!KNOWN(HANDLE_KERNEL, func));

	handle_forget(HANDLE_CONTEXT, ctx);
	CHECK(KNOWN(HANDLE_LIBRARY, library) && KNOWN(HANDLE_KERNEL, kernel) &&
	    KNOWN(HANDLE_FUNCTION, func) && KNOWN(HANDLE_MODULE, module));
	CHECK(handle_count() == 4);

	handle_forget(HANDLE_KERNEL, kernel);
	CHECK(!KNOWN(HANDLE_FUNCTION, func) && !KNOWN(HANDLE_FUNCTION, kernel));
	CHECK(KNOWN(HANDLE_MODULE, module));

	handle_forget(HANDLE_LIBRARY, library);
	CHECK(handle_count() == 0);
	make_current(0);
}

static void test_adding_again(void)
{
	const cu_handle ctx = 0x10, other_ctx = 0x20, module = 0x30,
	    other_module = 0x40, func = 0x50;

	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	CHECK(handle_add(HANDLE_CONTEXT, other_ctx, 0));
	make_current(ctx);
	CHECK(handle_add(HANDLE_MODULE, module, 0));
	CHECK(handle_add(HANDLE_MODULE, other_module, 0));
	CHECK(handle_add(HANDLE_FUNCTION, func, module));

	/* The same handle from the same owner (a primary context retained
	 * twice, a function looked up twice) is one entry. */
	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	CHECK(handle_add(HANDLE_FUNCTION, func, module));
	CHECK(handle_count() == 5);
	CHECK(KNOWN(HANDLE_FUNCTION, func));

	/* From another owner it moves there, and only the new owner's
	 * death forgets it. */
	CHECK(handle_add(HANDLE_FUNCTION, func, other_module));
	CHECK(handle_count() == 5);
	handle_forget(HANDLE_MODULE, module);
	CHECK(KNOWN(HANDLE_FUNCTION, func));
	handle_forget(HANDLE_MODULE, other_module);
	CHECK(!KNOWN(HANDLE_FUNCTION, func));

	/* A module recorded again in another context drops what it owned. */
	CHECK(handle_add(HANDLE_MODULE, module, 0));
	CHECK(handle_add(HANDLE_FUNCTION, func, module));
	make_current(other_ctx);
	CHECK(handle_add(HANDLE_MODULE, module, 0));
	CHECK(!KNOWN(HANDLE_FUNCTION, func));
	handle_forget(HANDLE_CONTEXT, ctx);
	CHECK(KNOWN(HANDLE_MODULE, module));
	handle_forget(HANDLE_CONTEXT, other_ctx);
	CHECK(handle_count() == 0);
	make_current(0);
}

static void test_owners_by_value(void)
{
	const cu_handle shared = 0x5000, ctx = 0x6000;

	/* Values collide across kinds (the test driver counts from 1 per
	 * kind): each kind keeps its own entry. */
	CHECK(handle_add(HANDLE_CONTEXT, shared, 0));
	CHECK(handle_add(HANDLE_STREAM, shared, 0));
	CHECK(handle_add(HANDLE_EVENT, shared, 0));
	CHECK(handle_count() == 3);
	handle_forget(HANDLE_STREAM, shared);
	CHECK(KNOWN(HANDLE_CONTEXT, shared) && KNOWN(HANDLE_EVENT, shared));
	CHECK(!KNOWN(HANDLE_STREAM, shared));

	/* A function owned by "shared" belongs to the module of that value,
	 * not to the context of that value. */
	CHECK(handle_add(HANDLE_MODULE, shared, 0));
	CHECK(handle_add(HANDLE_FUNCTION, 0x5100, shared));
	handle_forget(HANDLE_CONTEXT, shared);
	CHECK(KNOWN(HANDLE_FUNCTION, 0x5100));
	handle_forget(HANDLE_MODULE, shared);
	CHECK(!KNOWN(HANDLE_FUNCTION, 0x5100));

	/* With no current context a stream belongs to nothing; an owner that
	 * is not known falls back to the current context. */
	make_current(0);
	CHECK(handle_add(HANDLE_STREAM, 0x7000, 0));
	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	make_current(ctx);
	CHECK(handle_add(HANDLE_MODULE, 0x7100, 0xdead));
	handle_forget(HANDLE_CONTEXT, ctx);
	CHECK(KNOWN(HANDLE_STREAM, 0x7000) && !KNOWN(HANDLE_MODULE, 0x7100));

	/* A current context this client was never given owns nothing. */
	make_current(0x8000);
	CHECK(handle_add(HANDLE_EVENT, 0x8100, 0));
	CHECK(KNOWN(HANDLE_EVENT, 0x8100));
	handle_forget(HANDLE_CONTEXT, 0x8000);
	CHECK(KNOWN(HANDLE_EVENT, 0x8100));

	/* Forgetting what is not there is harmless. */
	handle_forget(HANDLE_LIBRARY, 0x9999);
	handle_clear();
	CHECK(handle_count() == 0);
	CHECK(!KNOWN(HANDLE_STREAM, 0x7000));
	make_current(0);
}

static void test_limit(void)
{
	const cu_handle ctx = 0x7fff00000000;
	bool all_added = true, all_known = true;

	/* oncudad --max-handles sets it; the refusal's warning is expected. */
	limits.handles = 1000;
	log_set_level(LOG_ERROR);
	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	make_current(ctx);
	for (cu_handle i = 1; i < limits.handles; i++)
		all_added &= handle_add(HANDLE_EVENT, ctx + 16 * i, 0);
	CHECK(all_added);
	CHECK(handle_count() == limits.handles);
	CHECK(!handle_add(HANDLE_EVENT, 0x1, 0));
	CHECK(!KNOWN(HANDLE_EVENT, 0x1));
	/* Recording one already there is not a new handle. */
	CHECK(handle_add(HANDLE_EVENT, ctx + 16, 0));
	for (cu_handle i = 1; i < limits.handles; i++)
		all_known &= KNOWN(HANDLE_EVENT, ctx + 16 * i);
	CHECK(all_known);

	handle_forget(HANDLE_EVENT, ctx + 16);
	CHECK(handle_add(HANDLE_EVENT, 0x1, 0));
	handle_forget(HANDLE_CONTEXT, ctx);
	CHECK(handle_count() == 0);

	/* The registry works again after being cleared. */
	handle_clear();
	CHECK(handle_add(HANDLE_CONTEXT, ctx, 0));
	CHECK(KNOWN(HANDLE_CONTEXT, ctx));
	handle_clear();
	make_current(0);
}

/*
 * A graph moved into a node of another graph passes with its nodes to that
 * node: the parent's end takes them all.  Nothing may be adopted by what
 * it holds itself.
 */
static void test_adopting(void)
{
	const cu_handle parent = 0xa000, child = 0xb000, inner_node = 0xb100,
	    node = 0xa100, other = 0xc000;

	CHECK(handle_add(HANDLE_GRAPH, parent, 0));
	CHECK(handle_add(HANDLE_GRAPH, child, 0));
	CHECK(handle_add(HANDLE_GRAPH_NODE, inner_node, child));
	CHECK(handle_add(HANDLE_GRAPH_NODE, node, parent));
	CHECK(!handle_within(HANDLE_GRAPH, child, HANDLE_GRAPH, parent));
	CHECK(handle_adopt(HANDLE_GRAPH, child, node));
	CHECK(handle_owner(HANDLE_GRAPH, child, HANDLE_GRAPH_NODE) == node);
	CHECK(handle_within(HANDLE_GRAPH_NODE, inner_node, HANDLE_GRAPH,
	    parent));
	CHECK(handle_within(HANDLE_GRAPH, parent, HANDLE_GRAPH, parent));
	/* The parent into a node of the child it now holds: refused. */
	CHECK(!handle_adopt(HANDLE_GRAPH, parent, inner_node));
	CHECK(handle_owner(HANDLE_GRAPH, parent, HANDLE_GRAPH_NODE) == 0);
	/* Unknown handles, either side. */
	CHECK(!handle_adopt(HANDLE_GRAPH, other, node));
	CHECK(!handle_adopt(HANDLE_GRAPH, child, 0xdddd));
	CHECK(handle_count() == 4);
	handle_forget(HANDLE_GRAPH, parent);
	CHECK(!KNOWN(HANDLE_GRAPH, child) && !KNOWN(HANDLE_GRAPH_NODE,
	    inner_node));
	CHECK(handle_count() == 0);
}

int main(void)
{
	test_unknown_handles();
	test_context_owns_what_was_made_in_it();
	test_libraries_outlive_contexts();
	test_adding_again();
	test_owners_by_value();
	test_adopting();
	test_limit();
	if (failures != 0) {
		fprintf(stderr, "test_handles: %d check(s) failed\n", failures);
		return 1;
	}
	printf("test_handles: all checks passed\n");
	return 0;
}
