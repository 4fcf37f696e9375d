/*
 * server/daemon/driver.c -- NVIDIA's libcuda.so.1, loaded at start
 * (driver.h).
 *
 * Linked, the driver was a DT_NEEDED of oncudad and the loader refused to
 * start it without one, even for --help.  Loaded here instead, once, by
 * the daemon before it forks a session: each session inherits the mapped
 * driver and the filled table, exactly as it inherited the linked one.
 * dlopen() searches as the loader did (LD_LIBRARY_PATH first, so the CPU
 * stand-in of tests/fakecuda still takes the driver's place), and looking
 * each symbol up by the name the objects reference (cuMemAlloc_v2, not
 * cuMemAlloc) gives the function the link would have bound.
 *
 * An entry point the driver lacks is not a reason to refuse to start: a
 * driver older than the cuda.h oncudad was built with lacks only the
 * newest ones, which a program running natively on that driver cannot
 * call either.  Those calls are refused with CUDA_ERROR_NOT_SUPPORTED,
 * named in the log at start and at the first refusal, and the rest of the
 * API is served.  (Linked, the same driver started oncudad and then killed
 * the session at the first such call: "symbol lookup error".)  A library
 * without cuInit is not a CUDA driver, and oncudad does not start.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "server/daemon/driver.h"
#include "server/session/log.h"

#define DRIVER_SONAME "libcuda.so.1"

_Static_assert(sizeof(void (*)(void)) == sizeof(void *),
    "dlsym's addresses are stored as function pointers");

bool driver_load(void)
{
	char missing[1024];
	size_t lacking = 0, listed = 0, used = 0;
	void *driver;

	/* Lazily bound and global, as it was linked: what the driver itself
	 * loads finds it as before. */
	driver = dlopen(DRIVER_SONAME, RTLD_LAZY | RTLD_GLOBAL);
	if (driver == NULL) {
		fprintf(stderr, "oncudad: cannot load NVIDIA's driver "
		    DRIVER_SONAME ": %s\n"
		    "oncudad: install the NVIDIA driver (its libcuda.so.1), or "
		    "name the directory that holds it in LD_LIBRARY_PATH\n",
		    dlerror());
		return false;
	}
	missing[0] = '\0';
	for (size_t i = 0; i < driver_entry_count; i++) {
		struct driver_entry *e = &driver_entries[i];
		void *address = dlsym(driver, e->name);
		size_t len = strlen(e->name);

		/* POSIX's rule for dlsym: a function's address fits an object pointer. */
		memcpy(&e->fn, &address, sizeof e->fn);
		if (e->fn != NULL)
			continue;
		if (strcmp(e->name, "cuInit") == 0) {
			fprintf(stderr, "oncudad: the " DRIVER_SONAME " loaded is "
			    "not NVIDIA's driver: it has no cuInit\n");
			return false;
		}
		lacking++;
		/* Whole names, as many as fit. */
		if (used + 1 + len < sizeof missing) {
			missing[used++] = ' ';
			memcpy(missing + used, e->name, len + 1);
			used += len;
			listed++;
		}
	}
	if (lacking > listed)
		log_msg(LOG_WARN, "NVIDIA's driver lacks %zu of the %zu entry points "
		    "oncudad calls; a client's call of one fails with "
		    "CUDA_ERROR_NOT_SUPPORTED:%s and %zu more", lacking,
		    driver_entry_count, missing, lacking - listed);
	else if (lacking > 0)
		log_msg(LOG_WARN, "NVIDIA's driver lacks %zu of the %zu entry points "
		    "oncudad calls; a client's call of one fails with "
		    "CUDA_ERROR_NOT_SUPPORTED:%s", lacking, driver_entry_count,
		    missing);
	/* The driver stays loaded until oncudad exits. */
	return true;
}

CUresult driver_missing(struct driver_entry *entry)
{
	if (!atomic_flag_test_and_set(&entry->said))
		log_msg(LOG_WARN, "%s: not in this NVIDIA driver; refused with "
		    "CUDA_ERROR_NOT_SUPPORTED", entry->name);
	return CUDA_ERROR_NOT_SUPPORTED;
}
