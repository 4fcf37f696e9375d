/*
 * host_fn_set.h -- the (function, argument) pairs of the program's that a
 * server may ask the client to run (host_fn_set.c).
 */
#ifndef ONCUDA_STUBS_HOST_FN_SET_H
#define ONCUDA_STUBS_HOST_FN_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The program hands a server fn with data (fn not 0): one more run of the
 * pair is allowed, or, lasting, any number of runs from now on (host
 * nodes, user objects' destructors).  false: no memory to note it.
 */
bool host_fn_allow(uint64_t fn, uint64_t data, bool lasting);

/*
 * A server asks to run fn on data: true when the program allowed the pair
 * a run that is not used up, which this uses (a lasting pair keeps
 * allowing).
 */
bool host_fn_take(uint64_t fn, uint64_t data);

/* How many pairs are noted (for tests). */
size_t host_fn_count(void);

#endif
