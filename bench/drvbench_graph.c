/*
 * drvbench_graph.c: graph replay, the case of issue 13.  A graph of 100
 * empty-kernel launches in a chain, captured once and replayed, against
 * the same 100 launches sent one by one: per batch of 100, from the first
 * call until the stream has run them all (the final cuStreamSynchronize is
 * inside the timing, as for the launch issue rate).  Through oncuda a
 * replay is one one-way message where the launches are 100.
 */
#include "drvbench.h"

#define GRAPH_KERNELS 100

/* The empty kernel's only (and possibly ignored) argument. */
static unsigned long long zero_argument;

static void launch_on(CUfunction empty, CUstream s)
{
	void *params[] = { &zero_argument };

	CHECK(cuLaunchKernel(empty, 1, 1, 1, 1, 1, 1, 0, s, params, NULL));
}

static CUgraphExec capture_batch(CUfunction empty, CUstream s)
{
	CUgraphExec exec;
	CUgraph graph;

	CHECK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
	for (int i = 0; i < GRAPH_KERNELS; i++)
		launch_on(empty, s);
	CHECK(cuStreamEndCapture(s, &graph));
	CHECK(cuGraphInstantiate(&exec, graph, 0));
	CHECK(cuGraphDestroy(graph));
	return exec;
}

static void time_replay(const struct plan *plan, CUgraphExec exec, CUstream s)
{
	struct samples t = { .count = 0 };

	for (int run = 0; run < plan->graph_runs; run++) {
		double start;

		CHECK(cuStreamSynchronize(s));
		start = now_seconds();
		for (long i = 0; i < plan->graph_replays; i++)
			CHECK(cuGraphLaunch(exec, s));
		CHECK(cuStreamSynchronize(s));
		samples_add(&t, micros_each(now_seconds() - start,
					    plan->graph_replays));
	}
	samples_report(&t, "graph_replay_100", 0, "us", plan->graph_replays);
}

static void time_launches(const struct plan *plan, CUfunction empty,
			  CUstream s)
{
	struct samples t = { .count = 0 };

	for (int run = 0; run < plan->graph_runs; run++) {
		double start;

		CHECK(cuStreamSynchronize(s));
		start = now_seconds();
		for (long i = 0; i < plan->graph_replays; i++)
			for (int k = 0; k < GRAPH_KERNELS; k++)
				launch_on(empty, s);
		CHECK(cuStreamSynchronize(s));
		samples_add(&t, micros_each(now_seconds() - start,
					    plan->graph_replays));
	}
	samples_report(&t, "launches_100", 0, "us", plan->graph_replays);
}

void bench_graph(const struct plan *plan, CUfunction empty)
{
	CUgraphExec exec;
	CUstream s;

	CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	exec = capture_batch(empty, s);
	/* The first replay uploads the graph: not timed. */
	CHECK(cuGraphLaunch(exec, s));
	CHECK(cuStreamSynchronize(s));
	time_replay(plan, exec, s);
	time_launches(plan, empty, s);
	CHECK(cuGraphExecDestroy(exec));
	CHECK(cuStreamDestroy(s));
}
