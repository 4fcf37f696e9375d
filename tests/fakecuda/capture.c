/*
 * capture.c - stream capture.
 *
 * A capture sequence starts on one stream (its origin) and builds a graph.
 * Each stream taking part holds the set of nodes its next captured work
 * depends on (fc_stream.capture_deps); work issued to it is checked as if
 * it ran, then added as a node after that set, which becomes the new node
 * alone.  Another stream joins by waiting on an event recorded in the
 * capture (a fork), and must be joined back into the origin, by the origin
 * waiting on an event recorded after its last work, before the capture
 * ends.  Events recorded in a capture remember the recording stream's set
 * instead of a time.
 *
 * The checks follow the driver's documentation of cuStreamBeginCapture,
 * cuThreadExchangeStreamCaptureMode and the CUDA_ERROR_STREAM_CAPTURE_*
 * codes: an illegal call fails and invalidates the capture, after which
 * work on its streams fails with CUDA_ERROR_STREAM_CAPTURE_INVALIDATED and
 * cuStreamEndCapture returns that too, with no graph.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"

struct fc_capture {
	unsigned long long id;
	struct fc_graph *graph;		/* NULL once destroyed under us */
	bool owns_graph;		/* false for cuStreamBeginCaptureToGraph */
	bool invalidated;
	CUstreamCaptureMode mode;
	pthread_t thread;		/* the thread that began it */
	struct fc_stream *origin;
	struct fc_capture *next;
};

static struct fc_capture *captures;	/* every capture not yet ended */
static unsigned long long last_id;
static _Thread_local CUstreamCaptureMode thread_mode =
    CU_STREAM_CAPTURE_MODE_GLOBAL;

static bool
is_legacy(CUstream handle)
{
	return handle == NULL || handle == CU_STREAM_LEGACY;
}

static struct fc_capture *
find_capture(unsigned long long id)
{
	for (struct fc_capture *c = captures; c != NULL; c = c->next)
		if (c->id == id)
			return c;
	return NULL;
}

/*
 * Replaces (or, with add, extends) a stream's dependency set, each node
 * with the edge its next work joins it by (edges NULL: default edges).
 */
static CUresult
set_deps(struct fc_stream *s, struct fc_node *const *nodes,
    const CUgraphEdgeData *edges, size_t n, bool add)
{
	static const CUgraphEdgeData none;

	size_t need = (add ? s->capture_ndeps : 0) + n;

	if (need > s->capture_cap) {
		size_t cap = need < 4 ? 4 : need * 2;
		struct fc_node **d = realloc(s->capture_deps,
		    cap * sizeof(*d));
		CUgraphNode *h;
		CUgraphEdgeData *e;

		if (d == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		s->capture_deps = d;
		h = realloc(s->capture_handles, cap * sizeof(*h));
		if (h == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		s->capture_handles = h;
		e = realloc(s->capture_edges, cap * sizeof(*e));
		if (e == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		s->capture_edges = e;
		s->capture_cap = cap;
	}
	if (!add)
		s->capture_ndeps = 0;
	for (size_t i = 0; i < n; i++) {
		bool seen = false;

		for (size_t j = 0; j < s->capture_ndeps; j++)
			seen = seen || s->capture_deps[j] == nodes[i];
		if (seen)
			continue;
		s->capture_edges[s->capture_ndeps] = edges != NULL ?
		    edges[i] : none;
		s->capture_deps[s->capture_ndeps++] = nodes[i];
	}
	return CUDA_SUCCESS;
}

static void
leave(struct fc_stream *s)
{
	s->capture = NULL;
	free(s->capture_deps);
	free(s->capture_handles);
	free(s->capture_edges);
	s->capture_deps = NULL;
	s->capture_handles = NULL;
	s->capture_edges = NULL;
	s->capture_ndeps = s->capture_cap = 0;
}

/* Every stream leaves; the graph goes too unless the caller gets it. */
static void
end(struct fc_capture *c, bool free_graph)
{
	struct fc_capture **p;

	for (struct fc_stream *s = c->origin->ctx->streams; s != NULL;
	    s = s->next)
		if (s->capture == c)
			leave(s);
	for (p = &captures; *p != NULL; p = &(*p)->next) {
		if (*p == c) {
			*p = c->next;
			break;
		}
	}
	if (c->graph != NULL) {
		c->graph->capture = NULL;
		if (free_graph && c->owns_graph)
			fc_graph_free(c->graph);
	}
	free(c);
}

static void
invalidate(struct fc_capture *c)
{
	c->invalidated = true;
}

/*
 * Would a potentially unsafe call from this thread be prohibited by c?
 * The thread's own non-relaxed captures always prohibit it (unless the
 * thread itself is relaxed); another thread's only when both it and this
 * thread are in global mode.
 */
static bool
prohibits(const struct fc_capture *c)
{
	if (c->invalidated || c->mode == CU_STREAM_CAPTURE_MODE_RELAXED ||
	    thread_mode == CU_STREAM_CAPTURE_MODE_RELAXED)
		return false;
	if (pthread_equal(c->thread, pthread_self()))
		return true;
	return c->mode == CU_STREAM_CAPTURE_MODE_GLOBAL &&
	    thread_mode == CU_STREAM_CAPTURE_MODE_GLOBAL;
}

CUresult
fc_capture_check_unsafe(void)
{
	CUresult rc = CUDA_SUCCESS;

	for (struct fc_capture *c = captures; c != NULL; c = c->next) {
		if (prohibits(c)) {
			invalidate(c);
			rc = CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
		}
	}
	return rc;
}

/*
 * Work on the legacy stream waits for every blocking stream of its
 * context, so it may not run while one of them captures.
 */
static CUresult
check_legacy(struct fc_context *ctx, bool invalidating)
{
	CUresult rc = CUDA_SUCCESS;

	for (struct fc_stream *s = ctx->streams; s != NULL; s = s->next) {
		if (s->capture != NULL &&
		    !(s->flags & CU_STREAM_NON_BLOCKING)) {
			if (invalidating)
				invalidate(s->capture);
			rc = CUDA_ERROR_STREAM_CAPTURE_IMPLICIT;
		}
	}
	return rc;
}

CUresult
fc_capture_route(CUstream handle, struct fc_context *ctx,
    struct fc_stream **capturing)
{
	struct fc_stream *s;

	*capturing = NULL;
	if (is_legacy(handle))
		return check_legacy(ctx, true);
	if (handle == CU_STREAM_PER_THREAD)
		return CUDA_SUCCESS;
	s = fc_handle_lookup((uintptr_t)handle, FC_KIND_STREAM);
	if (s == NULL || s->capture == NULL)
		return CUDA_SUCCESS;
	if (s->capture->invalidated)
		return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	if (s->capture->graph == NULL) {
		invalidate(s->capture);
		return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	}
	*capturing = s;
	return CUDA_SUCCESS;
}

/* n joins the capture graph after s's set, and becomes the set. */
CUresult
fc_capture_add(struct fc_stream *s, struct fc_node *n)
{
	CUresult rc;

	rc = fc_graph_insert(s->capture->graph, n, s->capture_deps,
	    s->capture_edges, s->capture_ndeps);
	if (rc == CUDA_SUCCESS)
		rc = set_deps(s, &n, NULL, 1, false);
	return rc;
}

CUresult
fc_capture_check_wait(CUstream handle, struct fc_context *ctx)
{
	struct fc_stream *s;

	if (is_legacy(handle))
		return check_legacy(ctx, true);
	s = fc_handle_lookup((uintptr_t)handle, FC_KIND_STREAM);
	if (s == NULL || s->capture == NULL)
		return CUDA_SUCCESS;
	invalidate(s->capture);
	return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

CUresult
fc_capture_check_event(struct fc_event *e)
{
	struct fc_capture *c = find_capture(e->capture_id);

	if (e->capture_id == 0)
		return CUDA_SUCCESS;
	/*
	 * Last recorded in a capture that has ended: the event stands for a
	 * point of a graph, not of a stream, and driver 580 answers
	 * CUDA_ERROR_INVALID_VALUE for it (seen on the H200).
	 */
	if (c == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	invalidate(c);
	return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

/* The origin takes its capture with it; any other stream just leaves. */
void
fc_capture_stream_gone(struct fc_stream *s)
{
	if (s->capture != NULL && s->capture->origin == s)
		end(s->capture, true);
	else if (s->capture != NULL)
		leave(s);
}

void
fc_capture_event_gone(struct fc_event *e)
{
	free(e->capture_deps);
	e->capture_deps = NULL;
	e->capture_ndeps = 0;
	e->capture_id = 0;
}

/* A node of a capture graph was destroyed: no set may still name it. */
void
fc_capture_forget_node(struct fc_node *n)
{
	struct fc_capture *c = n->graph->capture;

	for (struct fc_stream *s = c->origin->ctx->streams; s != NULL;
	    s = s->next) {
		if (s->capture != c)
			continue;
		for (size_t i = 0; i < s->capture_ndeps; i++) {
			if (s->capture_deps[i] == n) {
				--s->capture_ndeps;
				s->capture_deps[i] =
				    s->capture_deps[s->capture_ndeps];
				s->capture_edges[i] =
				    s->capture_edges[s->capture_ndeps];
				break;
			}
		}
	}
}

/* The graph being captured into was destroyed: the capture cannot go on. */
void
fc_capture_graph_gone(struct fc_graph *g)
{
	struct fc_capture *c = g->capture;

	for (struct fc_stream *s = c->origin->ctx->streams; s != NULL;
	    s = s->next)
		if (s->capture == c)
			s->capture_ndeps = 0;
	c->graph = NULL;
	invalidate(c);
	g->capture = NULL;
}

/* The nodes an event recorded in c joins, those still in c's graph. */
static CUresult
event_nodes(const struct fc_event *e, const struct fc_capture *c,
    struct fc_node ***out, size_t *count)
{
	struct fc_node **list = calloc(e->capture_ndeps + 1, sizeof(*list));

	if (list == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	*count = 0;
	for (size_t i = 0; i < e->capture_ndeps; i++) {
		struct fc_node *n = fc_handle_lookup(e->capture_deps[i],
		    FC_KIND_GRAPH_NODE);

		if (n != NULL && n->graph == c->graph)
			list[(*count)++] = n;
	}
	*out = list;
	return CUDA_SUCCESS;
}

/*
 * cuEventRecord on a capturing stream records no time: the event takes
 * the stream's set, for waits in the same capture.  With
 * CU_EVENT_RECORD_EXTERNAL it becomes an event record node instead.
 */
CUresult
fc_capture_record(CUstream handle, struct fc_context *ctx, struct fc_event *e,
    unsigned int flags, bool *done)
{
	struct fc_stream *s;
	struct fc_node *n;
	uintptr_t *handles;
	CUresult rc;

	*done = false;
	rc = fc_capture_route(handle, ctx, &s);
	if (rc != CUDA_SUCCESS || s == NULL) {
		fc_capture_event_gone(e);	/* an ordinary record now */
		return rc;
	}
	*done = true;
	if (flags & CU_EVENT_RECORD_EXTERNAL) {
		rc = fc_node_new(CU_GRAPH_NODE_TYPE_EVENT_RECORD, &n);
		if (rc == CUDA_SUCCESS) {
			n->u.event = (CUevent)e->handle;
			rc = fc_capture_add(s, n);
		}
		return rc;
	}
	handles = calloc(s->capture_ndeps + 1, sizeof(*handles));
	if (handles == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < s->capture_ndeps; i++)
		handles[i] = s->capture_deps[i]->handle;
	fc_capture_event_gone(e);
	e->capture_deps = handles;
	e->capture_ndeps = s->capture_ndeps;
	e->capture_id = s->capture->id;
	return CUDA_SUCCESS;
}

/*
 * cuStreamWaitEvent where capture is involved: a capturing stream merges
 * the set of an event recorded in its own capture (or, with
 * CU_EVENT_WAIT_EXTERNAL, gains an event wait node); a stream outside any
 * capture that waits on a captured event joins that capture.
 */
CUresult
fc_capture_wait(CUstream handle, struct fc_context *ctx, struct fc_event *e,
    unsigned int flags)
{
	struct fc_capture *theirs = find_capture(e->capture_id);
	struct fc_node **nodes, *n;
	struct fc_stream *s;
	size_t count;
	CUresult rc;

	if (e->capture_id == 0)
		theirs = NULL;
	rc = fc_capture_route(handle, ctx, &s);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (s != NULL && (flags & CU_EVENT_WAIT_EXTERNAL)) {
		rc = fc_node_new(CU_GRAPH_NODE_TYPE_WAIT_EVENT, &n);
		if (rc == CUDA_SUCCESS) {
			n->u.event = (CUevent)e->handle;
			rc = fc_capture_add(s, n);
		}
		return rc;
	}
	if (s != NULL && theirs != s->capture) {
		/* Two captures would merge, or an outside event be waited
		 * on without CU_EVENT_WAIT_EXTERNAL. */
		invalidate(s->capture);
		return theirs != NULL ? CUDA_ERROR_STREAM_CAPTURE_ISOLATION :
		    CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
	}
	if (theirs == NULL || (flags & CU_EVENT_WAIT_EXTERNAL))
		return CUDA_SUCCESS;
	if (theirs->invalidated || theirs->graph == NULL)
		return CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	if (s == NULL) {
		/* A fork: only a stream of the capture's context can join. */
		s = fc_handle_lookup((uintptr_t)handle, FC_KIND_STREAM);
		if (s == NULL || s->ctx != theirs->origin->ctx) {
			invalidate(theirs);
			return CUDA_ERROR_STREAM_CAPTURE_ISOLATION;
		}
	}
	rc = event_nodes(e, theirs, &nodes, &count);
	if (rc != CUDA_SUCCESS)
		return rc;
	rc = set_deps(s, nodes, NULL, count, s->capture != NULL);
	if (rc == CUDA_SUCCESS)
		s->capture = theirs;
	free(nodes);
	return rc;
}

/* Is a reachable from any node in set (or in it)? */
static bool
reaches(const struct fc_node *a, struct fc_node *const *set, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (set[i] == a)
			return true;
		if (reaches(a, set[i]->deps, set[i]->ndeps))
			return true;
	}
	return false;
}

/* Every other stream's last work must lead into the origin's set. */
static bool
joined(const struct fc_capture *c)
{
	const struct fc_stream *o = c->origin;

	for (struct fc_stream *s = o->ctx->streams; s != NULL; s = s->next) {
		if (s == o || s->capture != c)
			continue;
		for (size_t i = 0; i < s->capture_ndeps; i++)
			if (!reaches(s->capture_deps[i], o->capture_deps,
			    o->capture_ndeps))
				return false;
	}
	return true;
}

static CUresult
lookup_stream(CUstream handle, struct fc_stream **s)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*s = fc_handle_lookup((uintptr_t)handle, FC_KIND_STREAM);
	return *s != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

static CUresult
begin(CUstream handle, struct fc_graph *into, const CUgraphNode *deps,
    const CUgraphEdgeData *data, size_t ndeps, CUstreamCaptureMode mode)
{
	struct fc_node **list = NULL;
	struct fc_capture *c;
	struct fc_stream *s;
	CUresult rc;

	/* The legacy stream synchronizes with others; it cannot capture. */
	if (is_legacy(handle) || handle == CU_STREAM_PER_THREAD)
		return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
	rc = lookup_stream(handle, &s);
	if (rc == CUDA_SUCCESS && ((int)mode < CU_STREAM_CAPTURE_MODE_GLOBAL ||
	    mode > CU_STREAM_CAPTURE_MODE_RELAXED))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (s->capture != NULL ||
	    (into != NULL && into->capture != NULL)))
		rc = CUDA_ERROR_ILLEGAL_STATE;
	if (rc == CUDA_SUCCESS && into != NULL)
		rc = fc_check_deps(into, deps, data, ndeps, &list);
	if (rc != CUDA_SUCCESS)
		return rc;
	c = calloc(1, sizeof(*c));
	if (c == NULL) {
		free(list);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	c->owns_graph = into == NULL;
	if (into == NULL)
		rc = fc_graph_new(&into);
	if (rc == CUDA_SUCCESS)
		rc = set_deps(s, list, data, into == NULL ? 0 : ndeps, false);
	free(list);
	if (rc != CUDA_SUCCESS) {
		if (c->owns_graph && into != NULL)
			fc_graph_free(into);
		leave(s);
		free(c);
		return rc;
	}
	c->id = ++last_id;
	c->graph = into;
	c->mode = mode;
	c->thread = pthread_self();
	c->origin = s;
	c->next = captures;
	captures = c;
	into->capture = c;
	s->capture = c;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode)
{
	CUresult rc;

	fc_lock();
	rc = begin(hStream, NULL, NULL, NULL, 0, mode);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamBeginCaptureToGraph(CUstream hStream, CUgraph hGraph,
    const CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData,
    size_t numDependencies, CUstreamCaptureMode mode)
{
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS)
		rc = begin(hStream, g, dependencies, dependencyData,
		    numDependencies, mode);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamEndCapture(CUstream hStream, CUgraph *phGraph)
{
	struct fc_capture *c;
	struct fc_stream *s;
	CUresult rc;

	fc_lock();
	rc = phGraph == NULL ? CUDA_ERROR_INVALID_VALUE :
	    is_legacy(hStream) || hStream == CU_STREAM_PER_THREAD ?
	    CUDA_ERROR_ILLEGAL_STATE : lookup_stream(hStream, &s);
	if (rc == CUDA_SUCCESS && s->capture == NULL)
		rc = CUDA_ERROR_ILLEGAL_STATE;
	/* The driver then also invalidates the capture (H200, driver 580). */
	if (rc == CUDA_SUCCESS && s->capture->origin != s) {
		s->capture->invalidated = true;
		rc = CUDA_ERROR_STREAM_CAPTURE_UNMATCHED;
	}
	if (rc == CUDA_SUCCESS &&
	    s->capture->mode != CU_STREAM_CAPTURE_MODE_RELAXED &&
	    !pthread_equal(s->capture->thread, pthread_self()))
		rc = CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD;
	if (rc != CUDA_SUCCESS) {
		fc_unlock();
		return rc;
	}
	c = s->capture;
	*phGraph = NULL;
	if (c->invalidated || c->graph == NULL) {
		rc = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	} else if (!joined(c)) {
		rc = CUDA_ERROR_STREAM_CAPTURE_UNJOINED;
	} else {
		*phGraph = (CUgraph)c->graph->handle;
	}
	end(c, rc != CUDA_SUCCESS);
	fc_unlock();
	return rc;
}

/* Whether an edge of s's set is not a default one. */
static bool
special_edges(const struct fc_stream *s)
{
	static const CUgraphEdgeData none;

	for (size_t i = 0; s != NULL && i < s->capture_ndeps; i++)
		if (memcmp(&s->capture_edges[i], &none, sizeof(none)) != 0)
			return true;
	return false;
}

/*
 * Everything cuStreamGetCaptureInfo reports.  The legacy stream answers
 * CUDA_ERROR_STREAM_CAPTURE_IMPLICIT while a blocking stream of the
 * context captures (without invalidating it), as the driver documents;
 * the dependencies asked for without the edge data that one of them has,
 * CUDA_ERROR_LOSSY_QUERY.
 */
static CUresult
capture_info(CUstream hStream, CUstreamCaptureStatus *status,
    cuuint64_t *id, CUgraph *graph, const CUgraphNode **deps,
    const CUgraphEdgeData **edges, size_t *ndeps)
{
	struct fc_context *ctx;
	struct fc_stream *s = NULL;
	CUresult rc;

	fc_lock();
	if (is_legacy(hStream) || hStream == CU_STREAM_PER_THREAD) {
		rc = fc_context_current(&ctx);
		if (rc == CUDA_SUCCESS && is_legacy(hStream))
			rc = check_legacy(ctx, false);
	} else {
		rc = lookup_stream(hStream, &s);
	}
	if (rc == CUDA_SUCCESS && status == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc != CUDA_SUCCESS) {
		fc_unlock();
		return rc;
	}
	if (s != NULL && s->capture != NULL && deps != NULL && edges == NULL &&
	    special_edges(s)) {
		fc_unlock();
		return CUDA_ERROR_LOSSY_QUERY;
	}
	if (s == NULL || s->capture == NULL) {
		*status = CU_STREAM_CAPTURE_STATUS_NONE;
		s = NULL;
	} else {
		*status = s->capture->invalidated ?
		    CU_STREAM_CAPTURE_STATUS_INVALIDATED :
		    CU_STREAM_CAPTURE_STATUS_ACTIVE;
	}
	if (id != NULL)
		*id = s != NULL ? s->capture->id : 0;
	if (graph != NULL)
		*graph = s != NULL && s->capture->graph != NULL ?
		    (CUgraph)s->capture->graph->handle : NULL;
	for (size_t i = 0; s != NULL && i < s->capture_ndeps; i++)
		s->capture_handles[i] = (CUgraphNode)s->capture_deps[i]->handle;
	if (deps != NULL)
		*deps = s != NULL && s->capture_ndeps > 0 ?
		    s->capture_handles : NULL;
	if (edges != NULL)
		*edges = s != NULL && s->capture_ndeps > 0 ?
		    s->capture_edges : NULL;
	if (ndeps != NULL)
		*ndeps = s != NULL ? s->capture_ndeps : 0;
	fc_unlock();
	return CUDA_SUCCESS;
}

/* The arrays handed out stay valid until the stream's next capture call. */
FC_API CUresult
cuStreamGetCaptureInfo_v3(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
	return capture_info(hStream, captureStatus_out, id_out, graph_out,
	    dependencies_out, edgeData_out, numDependencies_out);
}

FC_API CUresult
cuStreamGetCaptureInfo_v2(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out)
{
	return capture_info(hStream, captureStatus_out, id_out, graph_out,
	    dependencies_out, NULL, numDependencies_out);
}

FC_API CUresult
cuStreamIsCapturing(CUstream hStream, CUstreamCaptureStatus *captureStatus)
{
	return capture_info(hStream, captureStatus, NULL, NULL, NULL, NULL,
	    NULL);
}

FC_API CUresult
cuStreamUpdateCaptureDependencies_v2(CUstream hStream,
    CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData,
    size_t numDependencies, unsigned int flags)
{
	struct fc_node **list = NULL;
	struct fc_stream *s;
	CUresult rc;

	fc_lock();
	rc = is_legacy(hStream) || hStream == CU_STREAM_PER_THREAD ?
	    CUDA_ERROR_ILLEGAL_STATE : lookup_stream(hStream, &s);
	if (rc == CUDA_SUCCESS && flags != CU_STREAM_ADD_CAPTURE_DEPENDENCIES &&
	    flags != CU_STREAM_SET_CAPTURE_DEPENDENCIES)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && s->capture == NULL)
		rc = CUDA_ERROR_ILLEGAL_STATE;
	if (rc == CUDA_SUCCESS && (s->capture->invalidated ||
	    s->capture->graph == NULL))
		rc = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	if (rc == CUDA_SUCCESS)
		rc = fc_check_deps(s->capture->graph, dependencies,
		    dependencyData, numDependencies, &list);
	if (rc == CUDA_SUCCESS)
		rc = set_deps(s, list, dependencyData, numDependencies,
		    flags == CU_STREAM_ADD_CAPTURE_DEPENDENCIES);
	free(list);
	fc_unlock();
	return rc;
}

/*
 * The mode is the calling thread's, so it needs no lock.  Driver 580
 * takes a value that is none of the three modes (CUDA_SUCCESS on the
 * H200); here such a thread is refused by its own captures alone.
 */
FC_API CUresult
cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode)
{
	CUstreamCaptureMode old;

	if (mode == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	old = thread_mode;
	thread_mode = *mode;
	*mode = old;
	return CUDA_SUCCESS;
}
