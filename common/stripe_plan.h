/*
 * common/stripe_plan.h -- where the chunks of a striped copy travel, and
 * the header of each chunk's frame (idl/cuda.x, "Striped bulk data").
 *
 * Both ends compute the same plan from the copy's size and the number of
 * data connections, so a frame's header is a check rather than an
 * instruction: a receiver knows the offset and length of the k-th frame
 * on its connection before it reads the header, and refuses any other.
 * Kept apart from the sockets so that it can be tested without them
 * (tests/unit/test_stripe_plan.c).
 */
#ifndef ONCUDA_COMMON_STRIPE_PLAN_H
#define ONCUDA_COMMON_STRIPE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen/cuda_rpc.h"

/* One chunk of a striped copy. */
struct stripe_chunk {
	uint64_t offset;	/* from the copy's start */
	uint64_t length;	/* chunk bytes, fewer for the copy's last */
};

/*
 * The chunk of a striped copy of size bytes (size > 0) over count data
 * connections, the same on both ends (idl/cuda.x, "Striped bulk data"):
 * size / count rounded up to ONCUDA_STRIPE_CHUNK_ALIGN, within
 * ONCUDA_STRIPE_CHUNK_MIN and ONCUDA_STRIPE_CHUNK_MAX, so that a copy of
 * a few MiB keeps every connection busy and a large one pays for the
 * fewest frames.
 */
uint64_t stripe_chunk_for(uint64_t size, unsigned count);

/* Chunks in a copy of size bytes (size > 0). */
uint64_t stripe_chunk_total(uint64_t size, uint64_t chunk);

/* Chunks that travel on connection conn of count (chunk i on i mod count). */
uint64_t stripe_chunks_on(uint64_t size, uint64_t chunk, unsigned count,
    unsigned conn);

/*
 * The k-th chunk on connection conn of count, k below
 * stripe_chunks_on(): chunk conn + k * count of the copy.
 */
struct stripe_chunk stripe_chunk_at(uint64_t size, uint64_t chunk,
    unsigned count, unsigned conn, uint64_t k);

/* A frame's header, as it crosses the wire (ONCUDA_STRIPE_FRAME_BYTES). */
struct stripe_frame {
	uint32_t serial;	/* the call's */
	int32_t status;		/* 0, or the CUresult that ends the call here */
	uint64_t offset;
	uint64_t length;
};

#define STRIPE_FRAME_BYTES 24

/* The header in XDR's order (big-endian, the fields in turn). */
void stripe_frame_encode(const struct stripe_frame *f,
    unsigned char out[STRIPE_FRAME_BYTES]);
void stripe_frame_decode(const unsigned char in[STRIPE_FRAME_BYTES],
    struct stripe_frame *f);

/*
 * Whether f is the frame due: serial's, and either chunk c with status 0
 * or (errors_allowed, a download's) a non-zero status with length 0.
 */
bool stripe_frame_expected(const struct stripe_frame *f, uint32_t serial,
    const struct stripe_chunk *c, bool errors_allowed);

#endif
