/*
 * user_object.c -- user objects: a reference count, and a destructor run
 * when it reaches 0.  The program's references and each graph's are
 * counted; destroying a graph drops its own.  Executable graphs hold none
 * here (the driver's copy the graph's at instantiation): enough for the
 * tests, which release through graphs.  Destructors run at once, on the
 * calling thread, unlocked, as CU_USER_OBJECT_NO_DESTRUCTOR_SYNC allows.
 */
#include <stdlib.h>

#include "fakecuda.h"
#include "graph.h"

struct fc_user_object {
	uintptr_t handle;
	void *ptr;
	CUhostFn destroy;
	unsigned int refs;		/* all of them, graphs' included */
};

/* A graph's references to an object. */
struct graph_ref {
	uintptr_t graph;
	struct fc_user_object *object;
	unsigned int count;
	struct graph_ref *next;
};

static struct graph_ref *graph_refs;

static CUresult
lookup(CUuserObject h, struct fc_user_object **o)
{
	*o = fc_handle_lookup((uintptr_t)h, FC_KIND_USER_OBJECT);
	return *o != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

/* Drops count references; the object when that was its last, to destroy
 * once unlocked (its handle is gone already). */
static struct fc_user_object *
drop(struct fc_user_object *o, unsigned int count)
{
	o->refs -= count;
	if (o->refs > 0)
		return NULL;
	fc_handle_drop(o->handle);
	return o;
}

void
fc_user_objects_destroy(struct fc_user_object **due, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		due[i]->destroy(due[i]->ptr);
		free(due[i]);
	}
}

size_t
fc_user_objects_graph_gone(uintptr_t graph, struct fc_user_object **due,
    size_t room)
{
	struct graph_ref **p = &graph_refs, *r;
	size_t n = 0;

	while ((r = *p) != NULL) {
		struct fc_user_object *o;

		if (r->graph != graph) {
			p = &r->next;
			continue;
		}
		*p = r->next;
		if ((o = drop(r->object, r->count)) != NULL && n < room)
			due[n++] = o;
		free(r);
	}
	return n;
}

FC_API CUresult
cuUserObjectCreate(CUuserObject *object_out, void *ptr, CUhostFn destroy,
    unsigned int initialRefcount, unsigned int flags)
{
	struct fc_user_object *o;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (object_out == NULL || destroy == NULL ||
	    initialRefcount == 0 || flags != CU_USER_OBJECT_NO_DESTRUCTOR_SYNC))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (o = calloc(1, sizeof *o)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		o->ptr = ptr;
		o->destroy = destroy;
		o->refs = initialRefcount;
		o->handle = fc_handle_new(FC_KIND_USER_OBJECT, o);
		*object_out = (CUuserObject)o->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuUserObjectRetain(CUuserObject object, unsigned int count)
{
	struct fc_user_object *o;
	CUresult rc;

	fc_lock();
	rc = lookup(object, &o);
	if (rc == CUDA_SUCCESS && count == 0)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		o->refs += count;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuUserObjectRelease(CUuserObject object, unsigned int count)
{
	struct fc_user_object *o, *due = NULL;
	CUresult rc;

	fc_lock();
	rc = lookup(object, &o);
	if (rc == CUDA_SUCCESS && (count == 0 || count > o->refs))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		due = drop(o, count);
	fc_unlock();
	fc_user_objects_destroy(&due, due != NULL);
	return rc;
}

FC_API CUresult
cuGraphRetainUserObject(CUgraph graph, CUuserObject object,
    unsigned int count, unsigned int flags)
{
	struct fc_user_object *o;
	struct fc_graph *g;
	struct graph_ref *r;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(graph, &g);
	if (rc == CUDA_SUCCESS)
		rc = lookup(object, &o);
	if (rc == CUDA_SUCCESS && (count == 0 ||
	    (flags & ~(unsigned)CU_GRAPH_USER_OBJECT_MOVE) != 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (r = calloc(1, sizeof *r)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		r->graph = g->handle;
		r->object = o;
		r->count = count;
		r->next = graph_refs;
		graph_refs = r;
		/* Moved references were the program's: the total stays. */
		if (!(flags & CU_GRAPH_USER_OBJECT_MOVE))
			o->refs += count;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphReleaseUserObject(CUgraph graph, CUuserObject object,
    unsigned int count)
{
	struct fc_user_object *o, *due = NULL;
	struct graph_ref **p, *r;
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(graph, &g);
	if (rc == CUDA_SUCCESS)
		rc = lookup(object, &o);
	if (rc == CUDA_SUCCESS) {
		rc = CUDA_ERROR_INVALID_VALUE;
		for (p = &graph_refs; (r = *p) != NULL; p = &r->next) {
			if (r->graph != g->handle || r->object != o ||
			    count == 0 || count > r->count)
				continue;
			r->count -= count;
			if (r->count == 0) {
				*p = r->next;
				free(r);
			}
			due = drop(o, count);
			rc = CUDA_SUCCESS;
			break;
		}
	}
	fc_unlock();
	fc_user_objects_destroy(&due, due != NULL);
	return rc;
}
