/*
 * test_node_store.c - stubs/stream/node_store.c: a copy lives until its
 * node, or anything that owns the node, is destroyed (a graph, the child
 * graph node a graph is embedded in, that node's graph), and a query's
 * copy until the node's parameters are set; asking again for the same
 * parameters keeps nothing more; a clone's copies are the clone's, and
 * making and destroying many graphs keeps nothing.
 */
#include <stdint.h>
#include <string.h>

#include "stubs/stream/node_store.h"
#include "unit_check.h"

#define H(x) ((void *)(uintptr_t)(x))
#define NODE(x) ((CUgraphNode)H(x))

/* A query's copy of node, owned by owners (nearest first). */
static void *query(unsigned node, const void *const *owners, size_t n,
    int value)
{
	return node_store_keep(NODE(node), NODE_COPY_QUERY, owners, n,
	    &value, sizeof(value), 0);
}

int main(void)
{
	const void *top[] = { H(0x100) };		/* graph 0x100 */
	const void *clone[] = { H(0x200) };		/* its clone */
	/* Graph 0x300 embedded in child node 0x101 of graph 0x100. */
	const void *child[] = { H(0x300), H(0x101), H(0x100) };
	/* A conditional node 0x301's body 0x400, inside the child graph. */
	const void *body[] = { H(0x400), H(0x301), H(0x300), H(0x101),
	    H(0x100) };
	const void *got[NODE_STORE_OWNERS_MAX];
	size_t n = 0, bytes = 0;
	int v = 7;
	void *a, *b;

	CHECK_EQ(node_store_count(&bytes), 0);
	CHECK_EQ(bytes, 0);

	/* The same answer twice is one copy; a different one another. */
	a = query(0x10, top, 1, 7);
	CHECK(a != NULL);
	CHECK(query(0x10, top, 1, 7) == a);
	CHECK(node_store_shared(NODE(0x10), NODE_COPY_QUERY, &v, sizeof(v),
	    0) == a);
	CHECK(node_store_shared(NODE(0x10), NODE_COPY_LASTING, &v, sizeof(v),
	    0) == NULL);
	b = query(0x10, top, 1, 8);
	CHECK(b != NULL && b != a);
	CHECK_EQ(node_store_count(&bytes), 2);
	CHECK_EQ(bytes, 2 * sizeof(int));
	CHECK(node_store_owners(NODE(0x10), got, &n));
	CHECK_EQ(n, 1);
	CHECK(got[0] == H(0x100));
	CHECK(!node_store_owners(NODE(0x11), got, &n));

	/* Setting the parameters drops the query's copies, not the
	 * bodies a conditional node keeps for its life. */
	CHECK(node_store_keep(NODE(0x10), NODE_COPY_LASTING, top, 1, &v,
	    sizeof(v), 0) != NULL);
	node_store_params_set(NODE(0x10));
	CHECK_EQ(node_store_count(NULL), 1);
	node_store_gone(H(0x10));
	CHECK_EQ(node_store_count(NULL), 0);

	/* A graph, its clone, a graph embedded in one of its nodes and a
	 * body inside that. */
	CHECK(query(0x10, top, 1, 1) != NULL);
	CHECK(query(0x20, clone, 1, 1) != NULL);
	CHECK(query(0x30, child, 3, 1) != NULL);
	CHECK(query(0x40, body, 5, 1) != NULL);
	CHECK_EQ(node_store_count(NULL), 4);
	/* Destroying a node of the child graph that is not an owner
	 * leaves the rest. */
	node_store_gone(H(0x31));
	CHECK_EQ(node_store_count(NULL), 4);
	/* The clone is the clone's. */
	node_store_gone(H(0x200));
	CHECK_EQ(node_store_count(NULL), 3);
	/* The conditional node takes its body's nodes with it. */
	node_store_gone(H(0x301));
	CHECK_EQ(node_store_count(NULL), 2);
	CHECK(query(0x40, body, 5, 1) != NULL);
	/* The child graph node takes the embedded graph's and the body's. */
	node_store_gone(H(0x101));
	CHECK_EQ(node_store_count(NULL), 1);
	node_store_gone(H(0x100));
	CHECK_EQ(node_store_count(NULL), 0);
	node_store_gone(NULL);

	/* A program that makes, queries and destroys graphs for ever keeps
	 * nothing once they are gone. */
	for (unsigned i = 0; i < 64 * 1600; i++) {
		const void *g[] = { H(0x10000 + 16 * (i % 64)) };

		CHECK(query(0x1000 + i % 64, g, 1, (int)i) != NULL);
		CHECK(query(0x1000 + i % 64, g, 1, (int)i) != NULL);
		if (i % 64 == 63)
			for (unsigned j = 0; j < 64; j++)
				node_store_gone(H(0x10000 + 16 * j));
	}
	CHECK_EQ(node_store_count(&bytes), 0);
	CHECK_EQ(bytes, 0);

	/* The skip bytes are the caller's: they do not tell copies apart. */
	{
		unsigned char x[16], y[16];

		memset(x, 1, sizeof(x));
		memset(y, 1, sizeof(y));
		y[0] = 2;
		a = node_store_keep(NODE(0x50), NODE_COPY_QUERY, top, 1, x,
		    sizeof(x), 8);
		CHECK(a != NULL);
		CHECK(node_store_keep(NODE(0x50), NODE_COPY_QUERY, top, 1, y,
		    sizeof(y), 8) == a);
		CHECK(node_store_keep(NODE(0x50), NODE_COPY_QUERY, top, 1, x,
		    sizeof(x), 17) == NULL);
		node_store_gone(H(0x100));
		CHECK_EQ(node_store_count(NULL), 0);
	}
	return unit_report("test_node_store");
}
