/*
 * copy_plan.h -- how a copy is cut into messages.
 *
 * No message carries more than ONCUDA_CHUNK_DEFAULT bytes of data, so a
 * copy of any size becomes a sequence of calls.  The arithmetic lives here,
 * apart from the calls, so it can be tested without a server.
 */
#ifndef ONCUDA_COPY_PLAN_H
#define ONCUDA_COPY_PLAN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A linear copy of `total` bytes takes this many pieces of at most `chunk`
 * bytes.  A copy of 0 bytes still takes one (empty) piece: the server's
 * driver then judges the call's other arguments, as it would locally.
 */
size_t chunk_count(size_t total, size_t chunk);

/* The length of piece `index` (pieces start at index * chunk). */
size_t chunk_length(size_t total, size_t chunk, size_t index);

/*
 * A 2D copy of `height` rows of `width` bytes is cut into groups of whole
 * rows that fit in a chunk.  A row wider than a chunk is sent as one-row
 * pieces, each a span of the row starting `x` bytes in.  A copy with no
 * bytes (width or height 0) is one piece with those dimensions, for the
 * same reason as above.
 */
struct rows_piece {
	size_t row;		/* first row, counted from the copy's first */
	size_t rows;		/* rows in the piece */
	size_t x;		/* bytes into each row where the piece starts */
	size_t width;		/* bytes of each row in the piece */
};

struct rows_plan {
	size_t width;
	size_t height;
	size_t chunk;
	size_t next_row;
	size_t next_x;
	bool done;
};

void rows_plan_start(struct rows_plan *plan, size_t width, size_t height,
    size_t chunk);

/* Fills piece with the next piece; false when there are no more. */
bool rows_plan_next(struct rows_plan *plan, struct rows_piece *piece);

/*
 * The bytes from a host side's base that a copy reaches: its last row,
 * rows - 1 rows of pitch after row y of layer z + depth - 1, each layer
 * height rows, ends width bytes after x.  A depth or a count of rows of 0
 * adds nothing for its dimension.  false when the shape cannot be (more
 * than one layer of 0 rows) or the sum does not fit in a size_t.  Shared by
 * a copy captured from host memory (copy2d.c, copy3d.c) and a graph's
 * memcpy node (graph_node.c), so they agree on the bytes a host side has.
 */
bool copy_host_span(size_t x, size_t y, size_t z, size_t pitch,
    size_t height, size_t width, size_t rows, size_t depth, size_t *span);

#endif /* ONCUDA_COPY_PLAN_H */
