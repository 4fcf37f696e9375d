/*
 * launch_deprecated.c -- the execution control of CUDA before 4.0:
 * cuFuncSetBlockShape, cuFuncSetSharedSize, cuParamSet*, cuLaunch,
 * cuLaunchGrid and cuLaunchGridAsync.
 *
 * That API keeps a launch's shape and arguments as state of the function,
 * set call by call.  The client keeps that state itself, per function,
 * and a launch is one cuLaunchKernel with the arguments as the `extra`
 * parameter buffer (CU_LAUNCH_PARAM_BUFFER_POINTER), which is what the
 * driver's own cuLaunchGrid makes of it: the bytes at the offsets the
 * program chose, as long as it said with cuParamSetSize.  Nothing crosses
 * the wire before the launch, so a bad function handle is refused there.
 * The state lives as long as the process: the driver's lives as long as
 * the function, which a client cannot see die.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define CUDA_ENABLE_DEPRECATED 1
#include <cuda.h>

#include "stubs/link/say.h"

/* The parameter space of that API: 4 KiB of arguments. */
#define PARAM_SPACE 4096

struct func_state {
	CUfunction f;
	int block[3];
	unsigned int shared;
	unsigned int size;		/* cuParamSetSize */
	unsigned char params[PARAM_SPACE];
	struct func_state *next;
};

static pthread_mutex_t states_lock = PTHREAD_MUTEX_INITIALIZER;
static struct func_state *states;

/* f's state, made if need be; NULL: out of memory.  Under states_lock. */
static struct func_state *state_of(CUfunction f)
{
	struct func_state *s;

	for (s = states; s != NULL; s = s->next)
		if (s->f == f)
			return s;
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->f = f;
	s->next = states;
	states = s;
	return s;
}

/*
 * Runs change on f's state, or returns the error the driver gives: no
 * function, or the bytes [offset, offset + n) outside the parameter
 * space.
 */
static CUresult with_state(CUfunction f, size_t offset, size_t n,
    void (*change)(struct func_state *, const void *), const void *arg)
{
	struct func_state *s;

	if (f == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (offset > PARAM_SPACE || n > PARAM_SPACE - offset)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&states_lock);
	if ((s = state_of(f)) != NULL)
		change(s, arg);
	pthread_mutex_unlock(&states_lock);
	return s == NULL ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_SUCCESS;
}

static void set_shape(struct func_state *s, const void *arg)
{
	memcpy(s->block, arg, sizeof(s->block));
}

static void set_shared(struct func_state *s, const void *arg)
{
	s->shared = *(const unsigned int *)arg;
}

static void set_size(struct func_state *s, const void *arg)
{
	s->size = *(const unsigned int *)arg;
}

/* Bytes to store: where, how many, from where. */
struct bytes {
	size_t offset;
	size_t n;
	const void *from;
};

static void set_bytes(struct func_state *s, const void *arg)
{
	const struct bytes *b = arg;

	memcpy(s->params + b->offset, b->from, b->n);
}

ONCUDA_API CUresult cuFuncSetBlockShape(CUfunction hfunc, int x, int y,
    int z)
{
	int block[3] = { x, y, z };

	if (x <= 0 || y <= 0 || z <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	return with_state(hfunc, 0, 0, set_shape, block);
}

ONCUDA_API CUresult cuFuncSetSharedSize(CUfunction hfunc,
    unsigned int bytes)
{
	return with_state(hfunc, 0, 0, set_shared, &bytes);
}

ONCUDA_API CUresult cuParamSetSize(CUfunction hfunc, unsigned int numbytes)
{
	return with_state(hfunc, 0, numbytes, set_size, &numbytes);
}

ONCUDA_API CUresult cuParamSeti(CUfunction hfunc, int offset,
    unsigned int value)
{
	struct bytes b = { (size_t)offset, sizeof(value), &value };

	if (offset < 0)
		return CUDA_ERROR_INVALID_VALUE;
	return with_state(hfunc, b.offset, b.n, set_bytes, &b);
}

ONCUDA_API CUresult cuParamSetf(CUfunction hfunc, int offset, float value)
{
	struct bytes b = { (size_t)offset, sizeof(value), &value };

	if (offset < 0)
		return CUDA_ERROR_INVALID_VALUE;
	return with_state(hfunc, b.offset, b.n, set_bytes, &b);
}

ONCUDA_API CUresult cuParamSetv(CUfunction hfunc, int offset, void *ptr,
    unsigned int numbytes)
{
	struct bytes b = { (size_t)offset, numbytes, ptr };

	if (offset < 0 || (ptr == NULL && numbytes != 0))
		return CUDA_ERROR_INVALID_VALUE;
	return with_state(hfunc, b.offset, b.n, set_bytes, &b);
}

/*
 * A grid of width x height blocks of f's shape, with f's arguments, on
 * hStream.  The state is copied under the lock, so another thread may
 * change it meanwhile: its next launch has the change.
 */
static CUresult launch_grid(CUfunction f, int width, int height,
    CUstream hStream)
{
	unsigned char params[PARAM_SPACE];
	struct func_state *s;
	int block[3] = { 0, 0, 0 };
	unsigned int shared = 0;
	size_t size = 0;

	if (f == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (width <= 0 || height <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&states_lock);
	for (s = states; s != NULL && s->f != f; s = s->next)
		;
	if (s != NULL) {
		memcpy(block, s->block, sizeof(block));
		shared = s->shared;
		size = s->size;
		memcpy(params, s->params, size);
	}
	pthread_mutex_unlock(&states_lock);
	{
		void *extra[] = {
			CU_LAUNCH_PARAM_BUFFER_POINTER, params,
			CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			CU_LAUNCH_PARAM_END
		};

		/* A function never shaped launches blocks of 0 threads:
		 * cuLaunchKernel refuses them as the driver does. */
		return cuLaunchKernel(f, (unsigned)width, (unsigned)height, 1,
		    (unsigned)block[0], (unsigned)block[1],
		    (unsigned)block[2], shared, hStream, NULL,
		    size != 0 ? extra : NULL);
	}
}

ONCUDA_API CUresult cuLaunch(CUfunction f)
{
	return launch_grid(f, 1, 1, NULL);
}

ONCUDA_API CUresult cuLaunchGrid(CUfunction f, int grid_width,
    int grid_height)
{
	return launch_grid(f, grid_width, grid_height, NULL);
}

ONCUDA_API CUresult cuLaunchGridAsync(CUfunction f, int grid_width,
    int grid_height, CUstream hStream)
{
	return launch_grid(f, grid_width, grid_height, hStream);
}
