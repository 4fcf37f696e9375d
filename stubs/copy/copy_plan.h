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

#endif /* ONCUDA_COPY_PLAN_H */
