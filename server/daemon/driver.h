/*
 * server/daemon/driver.h -- NVIDIA's driver, loaded when oncudad starts
 * (driver.c), and the table of its entry points that gen/driver_calls.c
 * defines: oncudad does not link libcuda.so.1, so that it can say what it
 * is (--help, --version) on a machine without one.
 */
#ifndef ONCUDA_SERVER_DAEMON_DRIVER_H
#define ONCUDA_SERVER_DAEMON_DRIVER_H

#include <cuda.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/* One entry point: its symbol, its address in the driver (NULL when the
 * driver lacks it), and whether a refused call has been logged. */
struct driver_entry {
	const char *name;
	void (*fn)(void);
	atomic_flag said;
};

/* gen/driver_calls.c: every driver symbol the server calls, by name. */
extern struct driver_entry driver_entries[];
extern const size_t driver_entry_count;

/*
 * Loads libcuda.so.1 as the dynamic loader would have (LD_LIBRARY_PATH,
 * then the system's directories) and looks up every entry; logs what the
 * driver lacks.  False, with the reason on stderr, when there is no driver
 * or it is not one (it has no cuInit).
 */
bool driver_load(void);

/* A call the driver lacks: logs it once and refuses it. */
CUresult driver_missing(struct driver_entry *entry);

#endif
