/*
 * test_pending_downloads.c - stubs/mem/pending_downloads.c: the client's
 * record of downloads into page-locked memory not yet landed.  Numbers
 * increase and are never 0; a download is taken once, only by its own
 * server; an early write of its bytes leaves it pending; overlap is
 * byte-exact at both ends and names the mirror bytes of all that overlap;
 * landing after an early look keeps what the program stored since;
 * a full table refuses, and a taken slot is free again; forgetting by
 * server or by range leaves the others; a child after fork starts empty.
 */
#include <stdint.h>
#include <string.h>

#include "stubs/mem/pending_downloads.h"
#include "unit_check.h"

static char memory[1 << 16];

/* Where the server's mirror of memory is said to be. */
#define MIRROR ((uint64_t)0x7f0000000000)

int main(void)
{
	struct pending_download d;
	uint64_t a, b, c, lo, hi, seq[PENDING_DOWNLOADS_MAX];
	unsigned i;

	/* Nothing pending: nothing to take, nothing overlaps. */
	CHECK_EQ(pending_count(0), 0);
	CHECK(!pending_overlaps(0, memory, sizeof memory, &lo, &hi));
	CHECK(!pending_take(0, 1, &d));
	CHECK(!pending_take(0, 0, &d));

	/* Two downloads into overlapping bytes of server 0, one of server 1. */
	a = pending_add(0, memory, MIRROR, 4096, false);
	b = pending_add(0, memory + 2048, MIRROR + 2048, 4096, false);
	c = pending_add(1, memory + 8192, MIRROR + 8192, 100, false);
	CHECK(a != 0);
	CHECK(b > a);
	CHECK(c > b);
	CHECK_EQ(pending_count(0), 2);
	CHECK_EQ(pending_count(1), 1);

	/* Overlap is exact: the byte before and after does not count. */
	CHECK(pending_overlaps(0, memory + 4095, 1, &lo, &hi));
	CHECK(pending_overlaps(0, memory + 6143, 1, &lo, &hi));
	CHECK(!pending_overlaps(0, memory + 6144, 1, &lo, &hi));
	CHECK(!pending_overlaps(0, memory + 8192, 100, &lo, &hi));
	CHECK(pending_overlaps(1, memory + 8291, 10, &lo, &hi));
	CHECK(!pending_overlaps(1, memory + 8292, 10, &lo, &hi));
	CHECK(!pending_overlaps(1, memory + 8000, 192, &lo, &hi));
	CHECK(!pending_overlaps(0, memory, 0, &lo, &hi));

	/* What overlaps is named by its mirror bytes, all of them. */
	CHECK(pending_overlaps(0, memory + 3000, 1, &lo, &hi));
	CHECK_EQ(lo, MIRROR);
	CHECK_EQ(hi, MIRROR + 6144);
	CHECK(pending_overlaps(0, memory + 5000, 1, &lo, &hi));
	CHECK_EQ(lo, MIRROR + 2048);
	CHECK_EQ(hi, MIRROR + 6144);

	/* Taken by its own server only, once, with what was recorded. */
	CHECK(!pending_take(1, a, &d));
	CHECK(pending_take(0, b, &d));
	CHECK_EQ(d.seq, b);
	CHECK(d.dst == memory + 2048);
	CHECK_EQ(d.len, 4096);
	CHECK_EQ(d.link, 0);
	CHECK(!d.whole);
	CHECK(!pending_take(0, b, &d));
	CHECK_EQ(pending_count(0), 1);

	/* An early write fills the memory and leaves the download pending;
	 * a wrong size or another server's number writes nothing. */
	memset(memory, 0, 4096);
	CHECK(pending_write(0, a, 0, 4, "abcd", 4) == false);
	CHECK(!pending_write(1, a, 0, 4096, memory + 60000, 4096));
	memset(memory + 60000, 'x', 4096);
	CHECK(pending_write(0, a, 0, 4096, memory + 60000, 4096));
	CHECK(memory[0] == 'x' && memory[4095] == 'x' && memory[4096] != 'x');
	CHECK_EQ(pending_count(0), 1);

	/* A second look (the next host function, the download still held)
	 * writes only where the memory holds what the first wrote: the
	 * program, having looked, may have reused the rest. */
	memory[0] = 'p';
	memset(memory + 60000, 'z', 4096);
	CHECK(pending_write(0, a, 0, 4096, memory + 60000, 4096));
	CHECK(memory[0] == 'p' && memory[1] == 'z' && memory[4095] == 'z');
	memset(memory + 60000, 'x', 4096);
	CHECK(pending_write(0, a, 0, 4096, memory + 60000, 4096));
	CHECK(memory[0] == 'p' && memory[1] == 'x');

	/* Landing after an early look: the program's stores since win, the
	 * rest takes the landed bytes (the download went on after the look). */
	memory[4095] = 'x';
	CHECK(pending_take(0, a, &d));
	CHECK(d.early != NULL);
	memset(memory + 60000, 'L', 4096);
	pending_land(&d, memory + 60000);
	CHECK(d.early == NULL);
	CHECK(memory[0] == 'p' && memory[1] == 'L' && memory[4095] == 'L');
	/* Pieces: only within the download; where none came, the landing
	 * writes as if there had been no look. */
	a = pending_add(0, memory, MIRROR, 4096, false);
	memset(memory, 0, 4096);
	CHECK(!pending_write(0, a, 4000, 4096, memory + 60000, 97));
	CHECK(!pending_write(0, a, 5000, 4096, memory + 60000, 0));
	memset(memory + 60000, 'y', 1024);
	CHECK(pending_write(0, a, 1024, 4096, memory + 60000, 1024));
	CHECK(memory[1023] == 0 && memory[1024] == 'y' &&
	    memory[2047] == 'y' && memory[2048] == 0);
	memory[1024] = 'p';
	CHECK(pending_take(0, a, &d));
	memset(memory + 60000, 'N', 4096);
	pending_land(&d, memory + 60000);
	CHECK(memory[0] == 'N' && memory[1024] == 'p' && memory[1025] == 'N' &&
	    memory[4095] == 'N');
	/* Without one, all of them. */
	a = pending_add(0, memory, MIRROR, 4096, false);
	CHECK(pending_take(0, a, &d));
	memset(memory + 60000, 'M', 4096);
	pending_land(&d, memory + 60000);
	CHECK(memory[0] == 'M' && memory[4095] == 'M');
	/* One queued whole says so when taken. */
	a = pending_add(0, memory, MIRROR, 4096, true);
	CHECK(pending_take(0, a, &d));
	CHECK(d.whole && d.len == 4096 && d.mirror == MIRROR);
	a = pending_add(0, memory, MIRROR, 4096, false);

	/* Forgetting a server's leaves the other's. */
	pending_forget_link(0);
	CHECK_EQ(pending_count(0), 0);
	CHECK_EQ(pending_count(1), 1);
	CHECK(!pending_take(0, a, &d));

	/* Forgetting a range (freed memory) takes what overlaps it only. */
	a = pending_add(1, memory + 100, MIRROR + 100, 10, false);
	pending_forget_range(memory + 8291, 1);
	CHECK_EQ(pending_count(1), 1);
	CHECK(pending_take(1, a, &d));
	CHECK_EQ(pending_count(1), 0);

	/* A full table refuses; a slot taken is free again, with a new number. */
	for (i = 0; i < PENDING_DOWNLOADS_MAX; i++) {
		seq[i] = pending_add(2, memory + i, MIRROR + i, 1, false);
		CHECK(seq[i] != 0);
	}
	CHECK_EQ(pending_add(2, memory, MIRROR + 0, 1, false), 0);
	CHECK(pending_take(2, seq[7], &d));
	a = pending_add(2, memory, MIRROR + 0, 1, false);
	CHECK(a > seq[PENDING_DOWNLOADS_MAX - 1]);
	CHECK_EQ(pending_count(2), PENDING_DOWNLOADS_MAX);

	/* A child after fork starts with none. */
	pending_forget_in_child();
	CHECK_EQ(pending_count(2), 0);
	CHECK(!pending_take(2, a, &d));
	CHECK(pending_add(2, memory, MIRROR + 0, 1, false) > a);
	return unit_report("test_pending_downloads");
}
