/*
 * stubs/link/env_count.h -- a count that the program's environment gives
 * the client library (ONCUDA_STREAMS, ONCUDA_EVENTS_AHEAD,
 * ONCUDA_STRIPE_MIN, ONCUDA_COPY_THREADS).
 *
 * Read strictly: decimal digits alone, from min to max.  Anything else
 * ("8k", "-1", " 4", a number past max) is said on stderr, naming the
 * variable, what it held, the range and the value used instead, so that a
 * typo never passes silently for 0 or for the default.  Each caller reads
 * its variable once.
 */
#ifndef ONCUDA_ENV_COUNT_H
#define ONCUDA_ENV_COUNT_H

/*
 * The count in the environment variable name, from min to max (min <=
 * fallback <= max): fallback when it is unset or empty, or (said) not a
 * count in that range.
 */
unsigned long long env_count(const char *name, unsigned long long min,
    unsigned long long max, unsigned long long fallback);

#endif
