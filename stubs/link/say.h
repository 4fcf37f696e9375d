/*
 * say.h -- what the client library tells a person, and its export macro.
 *
 * This header does not include NVIDIA's cuda.h, so that gen/unsupported.c
 * can use it while declaring the driver's entry points its own way.
 */
#ifndef ONCUDA_SAY_H
#define ONCUDA_SAY_H

#include <stdbool.h>

/*
 * The library is built with -fvisibility=hidden; only the driver's entry
 * points carry this, so the program sees exactly what NVIDIA's libcuda.so.1
 * offers and none of oncuda's internals.
 */
#define ONCUDA_API __attribute__((visibility("default")))

/*
 * CUDA_ERROR_NOT_SUPPORTED, for gen/unsupported.c, which cannot include
 * cuda.h (errors.c checks that the two agree).
 */
#define ONCUDA_NOT_SUPPORTED 801

/* Writes "oncuda: " MESSAGE "\n" to stderr in one write(2). */
void oncuda_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * While on, oncuda_say drops the calling thread's lines: for work whose
 * failure the program does not need to hear of, because its caller goes
 * on without it (the data connections, stubs/copy/stripes.c).
 */
void oncuda_quiet(bool on);

/*
 * Says "oncuda: NAME is not supported by oncuda (returns
 * CUDA_ERROR_NOT_SUPPORTED)", the first time it is called with NAME.  NAME
 * must stay valid for the life of the process (a string literal).
 */
void oncuda_unsupported(const char *name);

#endif
