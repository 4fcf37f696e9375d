/*
 * copy_plan.c -- cutting copies into messages (see copy_plan.h).
 */
#include "stubs/copy/copy_plan.h"

size_t chunk_count(size_t total, size_t chunk)
{
	if (total == 0)
		return 1;
	return total / chunk + (total % chunk != 0);
}

size_t chunk_length(size_t total, size_t chunk, size_t index)
{
	size_t offset = index * chunk;

	if (offset >= total)
		return 0;
	return total - offset < chunk ? total - offset : chunk;
}

void rows_plan_start(struct rows_plan *plan, size_t width, size_t height,
    size_t chunk)
{
	plan->width = width;
	plan->height = height;
	plan->chunk = chunk;
	plan->next_row = 0;
	plan->next_x = 0;
	plan->done = false;
}

bool rows_plan_next(struct rows_plan *plan, struct rows_piece *piece)
{
	size_t left;

	if (plan->done)
		return false;
	if (plan->width == 0 || plan->height == 0) {
		*piece = (struct rows_piece){ 0, plan->height, 0, plan->width };
		plan->done = true;
		return true;
	}
	piece->row = plan->next_row;
	if (plan->width <= plan->chunk) {
		left = plan->height - plan->next_row;
		piece->rows = plan->chunk / plan->width;
		if (piece->rows > left)
			piece->rows = left;
		piece->x = 0;
		piece->width = plan->width;
		plan->next_row += piece->rows;
	} else {
		left = plan->width - plan->next_x;
		piece->rows = 1;
		piece->x = plan->next_x;
		piece->width = left < plan->chunk ? left : plan->chunk;
		plan->next_x += piece->width;
		if (plan->next_x == plan->width) {
			plan->next_x = 0;
			plan->next_row++;
		}
	}
	plan->done = plan->next_row == plan->height;
	return true;
}

bool copy_host_span(size_t x, size_t y, size_t z, size_t pitch,
    size_t height, size_t width, size_t rows, size_t depth, size_t *span)
{
	size_t last_row = 0, bytes;

	if (depth > 1 && height == 0)
		return false;
	if (depth > 0 && (__builtin_add_overflow(z, depth - 1, &last_row) ||
	    __builtin_mul_overflow(last_row, height, &last_row)))
		return false;
	if (rows > 0 && (__builtin_add_overflow(last_row, y, &last_row) ||
	    __builtin_add_overflow(last_row, rows - 1, &last_row)))
		return false;
	if (__builtin_mul_overflow(last_row, pitch, &bytes) ||
	    __builtin_add_overflow(bytes, x, &bytes) ||
	    __builtin_add_overflow(bytes, width, &bytes))
		return false;
	*span = bytes;
	return true;
}
