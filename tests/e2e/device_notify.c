/*
 * Device notifications (cuDeviceRegisterAsyncNotification): the function
 * registered for a device is called, with the program's argument and the
 * handle the program got, when the process passes its device memory
 * budget; once unregistered it is called no more.  The stand-in's budget
 * is 64 MiB; a GPU's is set from outside the program (none, usually, so
 * there the allocation passes nothing and only the registration is
 * checked), and a driver that has no notifications for a device answers
 * CUDA_ERROR_NOT_SUPPORTED.
 */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check.h"

#define OVER (96ULL << 20)		/* past the stand-in's budget */
#define STAND_IN_BUDGET (64ULL << 20)

static struct {
	pthread_mutex_t lock;
	unsigned calls, bad;
	unsigned long long over;
	CUasyncCallbackHandle handle;
} got = { PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, NULL };

static void on_notice(CUasyncNotificationInfo *info, void *data,
		      CUasyncCallbackHandle callback)
{
	pthread_mutex_lock(&got.lock);
	if (info == NULL || data != &got ||
	    info->type != CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET)
		got.bad++;
	else
		got.over = info->info.overBudget.bytesOverBudget;
	got.handle = callback;
	got.calls++;
	pthread_mutex_unlock(&got.lock);
}

/* The count of calls once it passed n, or after ms. */
static unsigned calls_past(unsigned n, int ms)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	unsigned now;

	for (;;) {
		pthread_mutex_lock(&got.lock);
		now = got.calls;
		pthread_mutex_unlock(&got.lock);
		if (now > n || ms <= 0)
			return now;
		nanosleep(&tick, NULL);
		ms -= 10;
	}
}

/* Allocates OVER bytes and frees them. */
static int pass_budget(void)
{
	CUdeviceptr p;

	CHECK_CU(cuMemAlloc(&p, OVER), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	return 0;
}

int test_device_notifications(void)
{
	CUasyncCallbackHandle h = NULL, seen;
	unsigned calls, bad;
	unsigned long long over;
	CUcontext ctx;
	CUdevice dev;
	CUresult e;

	TRY(e2e_primary_ctx(&dev, &ctx));
	e = cuDeviceRegisterAsyncNotification(dev, on_notice, &got, &h);
	if (e == CUDA_ERROR_NOT_SUPPORTED)
		return e2e_skip("the driver has no notifications for this "
				"device");
	CHECK_CU(e, CUDA_SUCCESS);
	CHECK(h != NULL);

	TRY(pass_budget());
	calls = calls_past(0, e2e_on_stand_in() ? 5000 : 300);
	pthread_mutex_lock(&got.lock);
	bad = got.bad;
	over = got.over;
	seen = got.handle;
	pthread_mutex_unlock(&got.lock);
	CHECK_EQ(bad, 0);
	if (e2e_on_stand_in()) {
		/* Past it by OVER's excess at least (what else the process
		 * holds counts too). */
		CHECK_EQ(calls, 1);
		CHECK(over >= OVER - STAND_IN_BUDGET);
	}
	/* Whatever came, came for this registration. */
	CHECK(calls == 0 || seen == h);

	CHECK_CU(cuDeviceUnregisterAsyncNotification(dev, h), CUDA_SUCCESS);
	TRY(pass_budget());
	CHECK_EQ(calls_past(calls, 300), calls);
	return 0;
}
