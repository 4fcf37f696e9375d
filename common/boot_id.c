/*
 * common/boot_id.c -- the boot id of the system a process runs in
 * (boot_id.h).
 *
 * The kernel's boot id is /proc/sys/kernel/random/boot_id.  A container
 * manager may give its container one of its own: systemd-nspawn mounts a
 * file over that path.  A service of the container's systemd with
 * ProtectKernelTunables= or ProtectControlGroups= (oncudad.service) gets a
 * /proc/sys of its own, freshly mounted, which lacks that mount: it would
 * read the kernel's boot id where every other process of the container,
 * its clients among them, reads the container's, and they would take each
 * other for two hosts.  So the boot id is read first as the system's first
 * process, PID 1, sees it (/proc/1/root/...: PID 1's root and mounts),
 * which is the container's inside one and the kernel's elsewhere; only
 * where this process may not look there (not root: the kernel lets only a
 * process that may ptrace PID 1 follow its root) its own view.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "common/boot_id.h"

#define OWN_VIEW "/proc/sys/kernel/random/boot_id"
#define PID1_VIEW "/proc/1/root" OWN_VIEW

/* The first line of path into id; false when it cannot be read. */
static bool read_line(const char *path, char *id, size_t len)
{
	FILE *f = fopen(path, "re");
	bool ok;

	if (f == NULL)
		return false;
	ok = fgets(id, (int)len, f) != NULL;
	fclose(f);
	if (ok)
		id[strcspn(id, "\n")] = '\0';
	return ok && id[0] != '\0';
}

void boot_id_read(char *id, size_t len)
{
	if (len == 0)
		return;
	if (!read_line(PID1_VIEW, id, len) && !read_line(OWN_VIEW, id, len))
		id[0] = '\0';
}
