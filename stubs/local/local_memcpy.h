/*
 * local_memcpy.h -- memcpy by a few threads, for the same-host path's
 * staging copies (local_copy.c).
 *
 * One core's memcpy (about 10-14 GB/s) is slower than the driver's DMA
 * and than the native driver's pageable DtoH: large copies are split among
 * a pool of threads started at the first one: half the CPUs, at most
 * LOCAL_MEMCPY_THREADS_MAX (with fewer than 4 CPUs, none: the server and
 * the program need them).  ONCUDA_COPY_THREADS=N sets the number of
 * threads (1: no pool, every copy in the calling thread).
 */
#ifndef ONCUDA_LOCAL_MEMCPY_H
#define ONCUDA_LOCAL_MEMCPY_H

#include <stddef.h>

#define LOCAL_MEMCPY_THREADS_MAX 4

/* memcpy(dst, src, len), split among the pool's threads when it pays. */
void local_memcpy(void *dst, const void *src, size_t len);

#endif
