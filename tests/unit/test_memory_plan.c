/*
 * tests/unit/test_memory_plan.c -- how copies are cut into messages
 * (stubs/copy/copy_plan.c): linear chunks, and 2D copies in groups of rows.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/copy/copy_plan.h"
#include "gen/cuda_names.h"
#include "unit_check.h"

#define CHUNK ((size_t)ONCUDA_CHUNK_DEFAULT)
#define GIB ((size_t)1 << 30)

/* Every piece but an empty copy's is non-empty and at most a chunk; together they are the copy. */
static bool linear_plan_adds_up(size_t total, size_t chunk)
{
	size_t n = chunk_count(total, chunk), sum = 0;

	for (size_t i = 0; i < n; i++) {
		size_t len = chunk_length(total, chunk, i);

		if (len > chunk || (len == 0 && total != 0))
			return false;
		if (i + 1 < n && len != chunk)
			return false;
		sum += len;
	}
	return sum == total && chunk_length(total, chunk, n) == 0;
}

static void test_linear(void)
{
	CHECK(CHUNK == 4u << 20);

	CHECK(chunk_count(0, CHUNK) == 1 && chunk_length(0, CHUNK, 0) == 0);
	CHECK(chunk_count(1, CHUNK) == 1 && chunk_length(1, CHUNK, 0) == 1);
	CHECK(chunk_count(CHUNK - 1, CHUNK) == 1 && chunk_length(CHUNK - 1, CHUNK, 0) == CHUNK - 1);
	CHECK(chunk_count(CHUNK, CHUNK) == 1 && chunk_length(CHUNK, CHUNK, 0) == CHUNK);
	CHECK(chunk_count(CHUNK + 1, CHUNK) == 2);
	CHECK(chunk_length(CHUNK + 1, CHUNK, 0) == CHUNK && chunk_length(CHUNK + 1, CHUNK, 1) == 1);
	CHECK(chunk_count(GIB, CHUNK) == 256);
	CHECK(chunk_length(GIB, CHUNK, 255) == CHUNK && chunk_length(GIB, CHUNK, 256) == 0);
	CHECK(chunk_count(GIB + 3, CHUNK) == 257 && chunk_length(GIB + 3, CHUNK, 256) == 3);

	const size_t sizes[] = { 0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, GIB, GIB - 1 };
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		CHECK(linear_plan_adds_up(sizes[i], CHUNK));
	for (size_t total = 0; total < 100; total++)
		CHECK(linear_plan_adds_up(total, 7));
}

/*
 * Runs a 2D plan and checks that it covers every byte of the copy exactly
 * once, in order, in pieces of at most `chunk` bytes that are whole rows
 * when a row fits in a chunk.  Returns the number of pieces (0 on failure).
 */
static size_t check_rows_plan(size_t width, size_t height, size_t chunk)
{
	struct rows_plan plan;
	struct rows_piece p;
	unsigned char *seen = calloc(width * height + 1, 1);
	size_t pieces = 0, next_row = 0, next_x = 0;
	bool ok = seen != NULL;

	rows_plan_start(&plan, width, height, chunk);
	while (ok && rows_plan_next(&plan, &p)) {
		pieces++;
		if (width == 0 || height == 0) {
			ok = pieces == 1 && p.row == 0 && p.rows == height && p.x == 0 && p.width == width;
			continue;
		}
		ok = p.rows > 0 && p.width > 0 && p.rows * p.width <= chunk &&
		    p.row == next_row && p.x == next_x;
		if (width <= chunk)
			ok = ok && p.x == 0 && p.width == width;
		else
			ok = ok && p.rows == 1;
		for (size_t r = p.row; ok && r < p.row + p.rows; r++)
			for (size_t x = p.x; x < p.x + p.width; x++)
				seen[r * width + x]++;
		next_x = p.x + p.width == width ? 0 : p.x + p.width;
		next_row = next_x == 0 ? p.row + p.rows : p.row;
	}
	for (size_t i = 0; ok && i < width * height; i++)
		ok = seen[i] == 1;
	free(seen);
	return ok ? pieces : 0;
}

static void test_rows(void)
{
	struct rows_plan plan;
	struct rows_piece p;

	/* Empty copies are one empty piece, so that the server still judges them. */
	CHECK(check_rows_plan(0, 5, 10) == 1);
	CHECK(check_rows_plan(5, 0, 10) == 1);
	CHECK(check_rows_plan(0, 0, 10) == 1);

	CHECK(check_rows_plan(1, 1, 10) == 1);
	CHECK(check_rows_plan(10, 3, 10) == 3);		/* a row is a chunk */
	CHECK(check_rows_plan(9, 3, 10) == 3);		/* chunk - 1: one row each */
	CHECK(check_rows_plan(5, 5, 10) == 3);		/* 2 + 2 + 1 */
	CHECK(check_rows_plan(3, 7, 10) == 3);		/* 3 + 3 + 1 */
	CHECK(check_rows_plan(11, 2, 10) == 4);		/* chunk + 1: 10 + 1 per row */
	CHECK(check_rows_plan(30, 2, 10) == 6);		/* three spans per row */
	CHECK(check_rows_plan(25, 3, 10) == 9);		/* 10 + 10 + 5 per row */

	for (size_t w = 0; w <= 25; w++)
		for (size_t h = 0; h <= 7; h++)
			CHECK(check_rows_plan(w, h, 10) != 0);

	/* At the real chunk size: rows that fit are grouped, wider rows are cut. */
	CHECK(check_rows_plan(1000, 10000, CHUNK) == 3);	/* 4194 + 4194 + 1612 rows */
	CHECK(check_rows_plan(CHUNK + 10, 2, CHUNK) == 4);

	rows_plan_start(&plan, CHUNK + 10, 2, CHUNK);
	CHECK(rows_plan_next(&plan, &p) && p.row == 0 && p.x == 0 && p.width == CHUNK);
	CHECK(rows_plan_next(&plan, &p) && p.row == 0 && p.x == CHUNK && p.width == 10);
	CHECK(rows_plan_next(&plan, &p) && p.row == 1 && p.x == 0 && p.width == CHUNK);
	CHECK(rows_plan_next(&plan, &p) && p.row == 1 && p.x == CHUNK && p.width == 10);
	CHECK(!rows_plan_next(&plan, &p));
	CHECK(!rows_plan_next(&plan, &p));	/* stays finished */

	/* 1 GiB of one-byte rows: 256 pieces of a chunk's worth of rows. */
	size_t pieces = 0, rows = 0;
	rows_plan_start(&plan, 1, GIB, CHUNK);
	while (rows_plan_next(&plan, &p)) {
		CHECK(p.row == rows && p.rows == CHUNK);
		rows += p.rows;
		pieces++;
	}
	CHECK(pieces == 256 && rows == GIB);
}

/* The bytes a host side of a copy reaches, and the shapes that cannot be. */
static void test_host_span(void)
{
	size_t span = 7;

	/* 2D: 3 rows of 10 bytes from x 4, row 2, pitch 64: rows 2..4. */
	CHECK(copy_host_span(4, 2, 0, 64, 0, 10, 3, 1, &span));
	CHECK_EQ(span, 4 * 64 + 4 + 10);
	/* 3D: layers 1..2 of 8 rows, rows 0..1 of each. */
	CHECK(copy_host_span(0, 0, 1, 100, 8, 20, 2, 2, &span));
	CHECK_EQ(span, (2 * 8 + 1) * 100 + 20);
	/* No rows or layers: the width alone. */
	CHECK(copy_host_span(5, 9, 9, 100, 8, 20, 0, 0, &span));
	CHECK_EQ(span, 25);
	/* Layers of no rows, and sums past SIZE_MAX, are refused. */
	span = 7;
	CHECK(!copy_host_span(0, 0, 0, 100, 0, 20, 2, 2, &span));
	CHECK(!copy_host_span(0, 0, 0, SIZE_MAX / 2, 0, 20, 4, 1, &span));
	CHECK(!copy_host_span(SIZE_MAX - 10, 0, 0, 1, 0, 20, 1, 1, &span));
	CHECK(!copy_host_span(0, 0, SIZE_MAX, 1, 2, 1, 1, 2, &span));
	CHECK_EQ(span, 7);
}

int main(void)
{
	test_linear();
	test_rows();
	test_host_span();
	return unit_report("test_memory_plan");
}
