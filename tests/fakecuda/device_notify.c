/*
 * device_notify.c - cuDeviceRegisterAsyncNotification and
 * cuDeviceUnregisterAsyncNotification, with the one notification there
 * is, CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET: each process has a budget
 * of FC_DEVICE_BUDGET bytes of device memory per device (where the
 * driver's is set from outside), and each allocation that leaves its
 * allocations past it calls the functions registered for that device,
 * with how far past.  They run on the allocating thread, under the
 * stand-in's lock, so they must not call it (the driver runs them on a
 * thread of its own; either way they are to return quickly).
 */
#include <pthread.h>

#include "fakecuda.h"

#define REGISTRATIONS_MAX 16

static struct registration {
	bool used;
	CUdevice dev;
	CUasyncCallback fn;
	void *data;
} registered[REGISTRATIONS_MAX];

/* Device memory this process holds, per device. */
static unsigned long long held[FC_MAX_DEVICES];

FC_API CUresult
cuDeviceRegisterAsyncNotification(CUdevice device,
    CUasyncCallback callbackFunc, void *userData,
    CUasyncCallbackHandle *callback)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(device);
	if (rc == CUDA_SUCCESS && (callbackFunc == NULL || callback == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		rc = CUDA_ERROR_OUT_OF_MEMORY;
		for (size_t i = 0; i < REGISTRATIONS_MAX; i++)
			if (!registered[i].used) {
				registered[i] = (struct registration){ true,
				    device, callbackFunc, userData };
				/* The slot's place: never NULL. */
				*callback = (CUasyncCallbackHandle)
				    &registered[i];
				rc = CUDA_SUCCESS;
				break;
			}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDeviceUnregisterAsyncNotification(CUdevice device,
    CUasyncCallbackHandle callback)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(device);
	if (rc == CUDA_SUCCESS) {
		rc = CUDA_ERROR_INVALID_VALUE;
		for (size_t i = 0; i < REGISTRATIONS_MAX; i++)
			if (callback == (CUasyncCallbackHandle)&registered[i] &&
			    registered[i].used && registered[i].dev == device) {
				registered[i].used = false;
				rc = CUDA_SUCCESS;
			}
	}
	fc_unlock();
	return rc;
}

void
fc_device_budget_note(CUdevice dev, long long bytes)
{
	CUasyncNotificationInfo info;
	unsigned long long was;

	if (dev < 0 || dev >= FC_MAX_DEVICES)
		return;
	was = held[dev];
	held[dev] = bytes < 0 && (unsigned long long)-bytes > was ? 0 :
	    was + (unsigned long long)bytes;
	if (bytes <= 0 || held[dev] <= FC_DEVICE_BUDGET)
		return;
	info.type = CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET;
	info.info.overBudget.bytesOverBudget = held[dev] - FC_DEVICE_BUDGET;
	for (size_t i = 0; i < REGISTRATIONS_MAX; i++)
		if (registered[i].used && registered[i].dev == dev)
			registered[i].fn(&info, registered[i].data,
			    (CUasyncCallbackHandle)&registered[i]);
}
