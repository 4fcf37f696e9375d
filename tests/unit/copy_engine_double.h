/*
 * copy_engine_double.h - the driver calls of the server's copy engine
 * (server/copy/managed_copy.c, pinned_set.c, dma_mark.c), played by the
 * CPU for unit tests, with what a test needs to see and to break.
 *
 * "Device" memory is a window the test maps twice: the address the server
 * knows, which a test may make unreadable (PROT_NONE) to prove the
 * server's CPU never touches it, and an alias through which the copies
 * below, and the test's "kernels", reach the same bytes.
 */
#ifndef ONCUDA_TESTS_UNIT_COPY_ENGINE_DOUBLE_H
#define ONCUDA_TESTS_UNIT_COPY_ENGINE_DOUBLE_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "common/block_hash.h"

/* Memory the copies reach: size bytes at device, also at alias. */
struct window {
	unsigned char *device;
	unsigned char *alias;
	size_t size;
};

/* Maps a window of size bytes (a page multiple); device unreadable. */
struct window window_make(size_t size);
/* Lets the CPU read and write the window's device address (or not). */
void window_cpu(struct window *w, bool allowed);
void window_drop(struct window *w);

/* What the double saw and does. */
struct engine_double {
	CUcontext current;	/* the thread's current context: NULL none */
	unsigned int reads, writes, zeros;	/* copies queued */
	size_t read_bytes, biggest_read;
	int streams_alive;	/* created and not destroyed */
	int pushes;		/* contexts pushed and not popped */
	CUstreamCaptureMode mode;	/* the thread's capture mode */
	unsigned int fail_read;	/* nonzero: the read of that number fails */
	bool no_stream;		/* cuStreamCreate fails */
	/* The hashing kernel (server/copy/managed_hash.c). */
	bool no_kernel;		/* cuModuleLoadData fails */
	bool wrong_hashes;	/* the kernel's hashes are not block_hash's */
	bool client_busy;	/* a stream of the client's has work left */
	unsigned int loads, launches;	/* modules loaded, kernels run */
	size_t hashed_bytes;	/* of windows, by the kernel */
};

extern struct engine_double engine;

/* Back to a context current, nothing counted, nothing failing. */
void engine_reset(void);

#endif
