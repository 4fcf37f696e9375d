/*
 * Host functions and callbacks: the program's function runs in stream
 * order (after the work before it, before the work after it), with the
 * driver's arguments; a host node runs at each replay, in order; a host
 * function captured into a graph becomes a host node; a user object's
 * destructor runs when its last reference goes.  Through oncuda each runs
 * in the client, called back by the server.
 */
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define N 1024u
#define LOG_MAX 64

/* What the functions saw, in the order they ran. */
struct trail {
	char log[LOG_MAX + 1];
	atomic_int len;
	unsigned int *host;		/* page-locked copy of a kernel's output */
	unsigned int expect;
	atomic_int saw_result;		/* the host copy held expect */
	atomic_int done;		/* the slow function returned */
	atomic_int done_before;		/* the function after it saw done */
};

static void note(struct trail *t, char c)
{
	int at = atomic_fetch_add(&t->len, 1);

	if (at < LOG_MAX)
		t->log[at] = c;
}

static void CUDA_CB mark_a(void *p) { note(p, 'A'); }
static void CUDA_CB mark_b(void *p) { note(p, 'B'); }
static void CUDA_CB mark_c(void *p) { note(p, 'C'); }

/* Sees the copy queued before it, then takes its time. */
static void CUDA_CB slow_check(void *p)
{
	struct trail *t = p;
	unsigned int ok = 1;

	for (unsigned int i = 0; i < N; i++)
		ok &= t->host[i] == t->expect;
	atomic_store(&t->saw_result, (int)ok);
	note(t, 'S');
	usleep(100 * 1000);
	atomic_store(&t->done, 1);
}

static CUstream cb_stream;
static CUresult cb_status = (CUresult)-1;
static void *cb_data;

static void CUDA_CB after_slow(CUstream s, CUresult status, void *p)
{
	struct trail *t = p;

	cb_stream = s;
	cb_status = status;
	cb_data = p;
	atomic_store(&t->done_before, atomic_load(&t->done));
	note(t, 'K');
}

static void trail_reset(struct trail *t)
{
	memset(t->log, 0, sizeof t->log);
	atomic_store(&t->len, 0);
}

int test_host_func_order(void)
{
	unsigned long long n = N;
	unsigned int v = 41, w = 42;
	void *p1[] = { NULL, &v, &n }, *p2[] = { NULL, &w, &n };
	struct trail t;
	CUdeviceptr a, b;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUstream s;
	void *host;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4 + 4));
	TRY(e2e_dalloc(&b, N * 4 + 4));
	CHECK_CU(cuMemAllocHost(&host, N * 4), CUDA_SUCCESS);
	memset(&t, 0, sizeof t);
	t.host = host;
	t.expect = v;
	p1[0] = &a;
	p2[0] = &b;

	/* kernel, copy back, host function, callback, kernel: in order. */
	CHECK_CU(cuMemsetD32(b, 0, N), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 128, 1, 1, 0, s, p1, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host, a, N * 4, s), CUDA_SUCCESS);
	CHECK_CU(cuLaunchHostFunc(s, slow_check, &t), CUDA_SUCCESS);
	CHECK_CU(cuStreamAddCallback(s, after_slow, &t, 0), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 128, 1, 1, 0, s, p2, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_EQ(atomic_load(&t.saw_result), 1);
	CHECK_EQ(atomic_load(&t.done), 1);
	CHECK_EQ(atomic_load(&t.done_before), 1);
	CHECK(strcmp(t.log, "SK") == 0);
	{
		unsigned int back[N];

		CHECK_CU(cuMemcpyDtoH(back, b, sizeof back), CUDA_SUCCESS);
		for (unsigned int i = 0; i < N; i++)
			CHECK_EQ(back[i], w);
	}

	/* cuStreamAddCallback's arguments, as the driver passes them. */
	CHECK(cb_stream == s);
	CHECK_EQ(cb_status, CUDA_SUCCESS);
	CHECK(cb_data == &t);
	CHECK_CU(cuStreamAddCallback(s, after_slow, &t, 1),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchHostFunc(s, NULL, &t), CUDA_ERROR_INVALID_VALUE);

	/* Many, on two streams and the NULL stream: each stream's order. */
	trail_reset(&t);
	for (int i = 0; i < 8; i++) {
		CHECK_CU(cuLaunchHostFunc(s, mark_a, &t), CUDA_SUCCESS);
		CHECK_CU(cuLaunchHostFunc(s, mark_b, &t), CUDA_SUCCESS);
	}
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK(strcmp(t.log, "ABABABABABABABAB") == 0);
	trail_reset(&t);
	CHECK_CU(cuLaunchHostFunc(NULL, mark_c, &t), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(strcmp(t.log, "C") == 0);
	CHECK_CU(cuMemFreeHost(host), CUDA_SUCCESS);
	return 0;
}

int test_host_node_replay(void)
{
	CUDA_HOST_NODE_PARAMS pa = { mark_a, NULL }, pb = { mark_b, NULL };
	CUDA_HOST_NODE_PARAMS got, pc = { mark_c, NULL };
	CUgraphNode na, nb;
	CUgraphExec exec;
	CUgraph graph;
	struct trail t;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	memset(&t, 0, sizeof t);
	pa.userData = pb.userData = pc.userData = &t;
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddHostNode(&na, graph, NULL, 0, &pa), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddHostNode(&nb, graph, &na, 1, &pb), CUDA_SUCCESS);
	CHECK_CU(cuGraphHostNodeGetParams(nb, &got), CUDA_SUCCESS);
	CHECK(got.fn == mark_b && got.userData == &t);
	pa.fn = NULL;
	CHECK_CU(cuGraphAddHostNode(&na, graph, NULL, 0, &pa),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_EQ(atomic_load(&t.len), 0);	/* not run by building */
	for (int i = 0; i < 5; i++)
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK(strcmp(t.log, "ABABABABAB") == 0);

	/* New parameters, in the executable graph and in the graph. */
	trail_reset(&t);
	CHECK_CU(cuGraphExecHostNodeSetParams(exec, nb, &pc), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK(strcmp(t.log, "AC") == 0);
	CHECK_CU(cuGraphHostNodeSetParams(na, &pc), CUDA_SUCCESS);
	CHECK_CU(cuGraphHostNodeGetParams(na, &got), CUDA_SUCCESS);
	CHECK(got.fn == mark_c && got.userData == &t);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

int test_host_func_captured(void)
{
	unsigned long long n = N;
	unsigned int v = 7;
	void *params[] = { NULL, &v, &n };
	CUDA_HOST_NODE_PARAMS got;
	CUgraphNode nodes[4];
	CUgraphNodeType type;
	CUgraphExec exec;
	CUgraph graph;
	CUfunction fill;
	CUdeviceptr a;
	struct trail t;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUstream s;
	size_t count = 4, hosts = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4 + 4));
	memset(&t, 0, sizeof t);
	params[0] = &a;
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 128, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuLaunchHostFunc(s, mark_a, &t), CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &graph), CUDA_SUCCESS);
	CHECK_EQ(atomic_load(&t.len), 0);	/* captured, not run */
	CHECK_CU(cuGraphGetNodes(graph, nodes, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 2);
	for (size_t i = 0; i < count; i++) {
		CHECK_CU(cuGraphNodeGetType(nodes[i], &type), CUDA_SUCCESS);
		if (type != CU_GRAPH_NODE_TYPE_HOST)
			continue;
		hosts++;
		CHECK_CU(cuGraphHostNodeGetParams(nodes[i], &got),
			 CUDA_SUCCESS);
		CHECK(got.fn == mark_a && got.userData == &t);
	}
	CHECK_EQ(hosts, 1);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (int i = 0; i < 3; i++)
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK(strcmp(t.log, "AAA") == 0);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

static atomic_int destroyed;

static void CUDA_CB destroy_object(void *p)
{
	atomic_fetch_add(&destroyed, *(int *)p);
}

/* The driver may run a destructor later, on a thread of its own. */
static int destroyed_within(int want, int ms)
{
	for (int waited = 0; waited < ms; waited += 10) {
		if (atomic_load(&destroyed) == want)
			return 1;
		usleep(10 * 1000);
	}
	return atomic_load(&destroyed) == want;
}

int test_user_objects(void)
{
	static int one = 1;
	CUuserObject obj;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	atomic_store(&destroyed, 0);
	CHECK_CU(cuUserObjectCreate(&obj, &one, destroy_object, 1,
				    CU_USER_OBJECT_NO_DESTRUCTOR_SYNC),
		 CUDA_SUCCESS);
	CHECK_CU(cuUserObjectRetain(obj, 2), CUDA_SUCCESS);
	CHECK_CU(cuUserObjectRelease(obj, 2), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(!destroyed_within(1, 100));
	/* The last reference goes with the graph it was moved to. */
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphRetainUserObject(graph, obj, 1,
					 CU_GRAPH_USER_OBJECT_MOVE),
		 CUDA_SUCCESS);
	CHECK_EQ(atomic_load(&destroyed), 0);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(destroyed_within(1, 2000));

	/* Released by the program itself. */
	CHECK_CU(cuUserObjectCreate(&obj, &one, destroy_object, 2,
				    CU_USER_OBJECT_NO_DESTRUCTOR_SYNC),
		 CUDA_SUCCESS);
	CHECK_CU(cuUserObjectRelease(obj, 1), CUDA_SUCCESS);
	CHECK(!destroyed_within(2, 50));
	CHECK_CU(cuUserObjectRelease(obj, 1), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(destroyed_within(2, 2000));
	return 0;
}
