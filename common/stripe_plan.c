/*
 * common/stripe_plan.c -- the plan of a striped copy and its frames'
 * headers (stripe_plan.h).
 */
#include <assert.h>

#include "common/stripe_plan.h"

uint64_t stripe_chunk_for(uint64_t size, unsigned count)
{
	const uint64_t align = ONCUDA_STRIPE_CHUNK_ALIGN;
	uint64_t share;

	assert(size > 0 && count > 0);
	share = size / count + (size % count != 0);
	/* Before the rounding, which a size from the network near 2^64
	 * would overflow. */
	if (share >= ONCUDA_STRIPE_CHUNK_MAX)
		return ONCUDA_STRIPE_CHUNK_MAX;
	share = (share + align - 1) / align * align;
	return share < ONCUDA_STRIPE_CHUNK_MIN ? ONCUDA_STRIPE_CHUNK_MIN :
	    share;
}

uint64_t stripe_chunk_total(uint64_t size, uint64_t chunk)
{
	assert(size > 0 && chunk > 0);
	return size / chunk + (size % chunk != 0);
}

uint64_t stripe_chunks_on(uint64_t size, uint64_t chunk, unsigned count,
    unsigned conn)
{
	uint64_t total = stripe_chunk_total(size, chunk);

	assert(count > 0 && conn < count);
	if (conn >= total)
		return 0;
	return (total - conn + count - 1) / count;
}

struct stripe_chunk stripe_chunk_at(uint64_t size, uint64_t chunk,
    unsigned count, unsigned conn, uint64_t k)
{
	struct stripe_chunk c;
	uint64_t index = conn + k * count;

	assert(k < stripe_chunks_on(size, chunk, count, conn));
	c.offset = index * chunk;
	c.length = size - c.offset < chunk ? size - c.offset : chunk;
	return c;
}

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

void stripe_frame_encode(const struct stripe_frame *f,
    unsigned char out[STRIPE_FRAME_BYTES])
{
	put32(out, f->serial);
	put32(out + 4, (uint32_t)f->status);
	put32(out + 8, (uint32_t)(f->offset >> 32));
	put32(out + 12, (uint32_t)f->offset);
	put32(out + 16, (uint32_t)(f->length >> 32));
	put32(out + 20, (uint32_t)f->length);
}

void stripe_frame_decode(const unsigned char in[STRIPE_FRAME_BYTES],
    struct stripe_frame *f)
{
	f->serial = get32(in);
	f->status = (int32_t)get32(in + 4);
	f->offset = (uint64_t)get32(in + 8) << 32 | get32(in + 12);
	f->length = (uint64_t)get32(in + 16) << 32 | get32(in + 20);
}

bool stripe_frame_expected(const struct stripe_frame *f, uint32_t serial,
    const struct stripe_chunk *c, bool errors_allowed)
{
	if (f->serial != serial)
		return false;
	if (f->status != 0)
		return errors_allowed && f->length == 0;
	return f->offset == c->offset && f->length == c->length;
}
