/*
 * answer_cache.h -- answers of the driver that cannot change, kept by the
 * client so that asking again costs no round trip (answer_cache.c says
 * which).  The generated glue of the procedures marked `cache` in
 * their Glue: line in idl/cuda.x calls these; so does hand-written glue that
 * wants to.
 *
 * A key is the procedure and its arguments as 64-bit words (at most
 * ANSWER_KEY_MAX).  Thread-safe; a child after fork() starts empty.
 */
#ifndef ONCUDA_ANSWER_CACHE_H
#define ONCUDA_ANSWER_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#define ANSWER_KEY_MAX 5

/* The kept answer of proc for these arguments; false when there is none. */
bool answer_cache_get(unsigned int proc, const uint64_t *key, unsigned int n,
    uint64_t *value);

/* Read before asking the server: what answer_cache_put wants as asked_at. */
uint64_t answer_cache_epoch(void);

/*
 * Keeps a successful answer, if proc's answers for these arguments cannot
 * change, and nothing was forgotten since asked_at (answer_cache_epoch).
 */
void answer_cache_put(unsigned int proc, const uint64_t *key, unsigned int n,
    uint64_t value, uint64_t asked_at);

/* A call that changes what kept answers say succeeded (cuFuncSetAttribute...). */
void answer_cache_changed(unsigned int proc, const uint64_t *key,
    unsigned int n);

/* Function handles may be reused: a module or library went away. */
void answer_cache_forget_functions(void);

/* A context went away, or a primary context was retained, released or reset. */
void answer_cache_forget_contexts(void);

#endif
