/*
 * host_memory.c -- how much memory this host can still give (host_memory.h).
 */
#include <stdio.h>

#include "common/host_memory.h"

bool host_memory_available(uint64_t *bytes)
{
	FILE *f = fopen("/proc/meminfo", "re");
	char line[128];
	unsigned long long kib;
	bool found = false;

	if (f == NULL)
		return false;
	while (!found && fgets(line, sizeof(line), f) != NULL)
		found = sscanf(line, "MemAvailable: %llu kB", &kib) == 1;
	fclose(f);
	if (found)
		*bytes = (uint64_t)kib * 1024;
	return found;
}

bool host_memory_fits(uint64_t size, unsigned copies, uint64_t *available)
{
	uint64_t avail;

	if (!host_memory_available(&avail))
		return true;
	if (available != NULL)
		*available = avail;
	return copies == 0 || size <= avail / copies;
}
